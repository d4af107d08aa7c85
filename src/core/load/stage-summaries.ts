// Summaries per stage and target: one summary accumulator per stage of a sweep, fed record by record.
import type { RequestRecord } from "../record";
import { SummaryAccumulator, type SummaryRow } from "../stats";

export interface StageRows {
  stage: number;
  rows: SummaryRow[];
}

export class StageSummaries {
  private readonly byStage = new Map<number, SummaryAccumulator>();

  add(record: RequestRecord): void {
    // Records from before stages existed all belong to the one stage a run then had.
    const stage = record.stage ?? 0;
    let accumulator = this.byStage.get(stage);
    if (accumulator === undefined) {
      accumulator = new SummaryAccumulator();
      this.byStage.set(stage, accumulator);
    }
    accumulator.add(record);
  }

  stages(): number[] {
    return [...this.byStage.keys()].sort((a, b) => a - b);
  }

  /** One stage's rows (targets in targetOrder first), or null when no record has that stage. */
  rows(stage: number, targetOrder?: string[]): SummaryRow[] | null {
    return this.byStage.get(stage)?.summarize(targetOrder) ?? null;
  }

  all(targetOrder?: string[]): StageRows[] {
    return this.stages().map((stage) => ({ stage, rows: this.rows(stage, targetOrder)! }));
  }
}

export function summarizeStages(records: Iterable<RequestRecord>, targetOrder?: string[]): StageRows[] {
  const summaries = new StageSummaries();
  for (const record of records) summaries.add(record);
  return summaries.all(targetOrder);
}
