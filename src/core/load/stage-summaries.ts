// Summaries per stage and target: one summary accumulator per stage of a sweep, fed record by record.
import { meanInFlightWhileSending, SummaryAccumulator, type SummaryRow } from "../stats";
import type { RequestRecord } from "../record";
import { providerSpan, providerTimeMs } from "./provider-time";

export interface StageRows {
  stage: number;
  rows: SummaryRow[];
}

export class StageSummaries {
  private readonly byStage = new Map<number, SummaryAccumulator>();
  /** Per stage and target, when each successful measured request ended: how regular the completions were. */
  private readonly completions = new Map<string, number[]>();
  /** Per stage and target, every measured attempt's start and end at the provider (dropped arrivals were never in flight). */
  private readonly attempts = new Map<string, { starts: number[]; ends: number[] }>();
  /** Per stage and target, the provider's own time of each successful measured request (provider-time.ts). */
  private readonly providerTimes = new Map<string, number[]>();

  /** `newAccumulator` makes each stage's accumulator: with the scenario's prices, a stage's rows carry its cost. */
  constructor(private readonly newAccumulator: () => SummaryAccumulator = () => new SummaryAccumulator()) {}

  add(record: RequestRecord): void {
    // Records from before stages existed all belong to the one stage a run then had.
    const stage = record.stage ?? 0;
    let accumulator = this.byStage.get(stage);
    if (accumulator === undefined) {
      accumulator = this.newAccumulator();
      this.byStage.set(stage, accumulator);
    }
    accumulator.add(record);
    if (record.warmup || record.errorKind === "dropped") return;
    const key = `${stage}\u0000${record.targetId}`;
    let attempts = this.attempts.get(key);
    if (attempts === undefined) this.attempts.set(key, (attempts = { starts: [], ends: [] }));
    // At the provider from the send to the network's last byte: a wait for a connection or a late read is the client's time.
    const span = providerSpan(record);
    attempts.starts.push(span.start);
    attempts.ends.push(span.end);
    if (record.status !== "ok") return;
    let ends = this.completions.get(key);
    if (ends === undefined) this.completions.set(key, (ends = []));
    ends.push(record.startedAt + record.latencyMs);
    let times = this.providerTimes.get(key);
    if (times === undefined) this.providerTimes.set(key, (times = []));
    times.push(providerTimeMs(record));
  }

  /** The provider's own time of each of the target's successful requests of the stage, ascending. */
  providerTimesMs(stage: number, targetId: string): Float64Array {
    return Float64Array.from(this.providerTimes.get(`${stage}\u0000${targetId}`) ?? []).sort();
  }

  /** When the target's successful requests of the stage ended, ascending. */
  completionTimes(stage: number, targetId: string): number[] {
    return [...(this.completions.get(`${stage}\u0000${targetId}`) ?? [])].sort((a, b) => a - b);
  }

  /**
   * How many of the target's attempts the client kept in flight at the provider while it still had some
   * to send (meanInFlightWhileSending), each from its send until the network had its answer (providerSpan).
   */
  heldInFlight(stage: number, targetId: string): number | null {
    const attempts = this.attempts.get(`${stage}\u0000${targetId}`);
    return attempts === undefined ? null : meanInFlightWhileSending(Float64Array.from(attempts.starts), Float64Array.from(attempts.ends));
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
