// Agreement across targets for the same input: each target's representative output per input, then
// every measure of the task over every pair of targets (catalogue in measures.ts).
import type { RequestRecord } from "../record";
import { agreementMeasures, type AgreementMeasure, type TargetOutput } from "./measures";

export interface PairAgreement {
  /** The first of the pair (the reference, for a directed measure). */
  referenceId: string;
  otherId: string;
  /** Mean of the per-input figures; null when no input had comparable outputs from both. */
  value: number | null;
  /** Inputs compared. */
  inputs: number;
}

export interface MeasureAgreement {
  measure: AgreementMeasure;
  /** Every ordered pair of distinct targets, in target order (an undirected measure has the same value both ways). */
  pairs: PairAgreement[];
  /** Per target: the mean of its pairs' values with every other target (as the one judged, for a directed measure). */
  perTarget: Map<string, number | null>;
  /** Binary measures: inputs where every target with a comparable output agreed / inputs with at least two; else null. */
  unanimousShare: number | null;
  /** Inputs where at least two targets had comparable outputs. */
  unanimousInputs: number;
}

/**
 * Keeps, per input and target, the successful measured attempt of the lowest repetition: the output a
 * person sees first in the outputs view. Memory grows with inputs × targets, not with records.
 */
export class AgreementAccumulator {
  private readonly byInput = new Map<number, Map<string, { repetition: number; output: TargetOutput }>>();

  constructor(private readonly task: string) {}

  /** True when the task has a measure, so the caller can skip keeping outputs otherwise. */
  get measured(): boolean {
    return agreementMeasures(this.task).length > 0;
  }

  add(record: RequestRecord): void {
    if (record.warmup || record.status !== "ok" || !this.measured) return;
    let byTarget = this.byInput.get(record.inputIndex);
    if (byTarget === undefined) {
      byTarget = new Map();
      this.byInput.set(record.inputIndex, byTarget);
    }
    const kept = byTarget.get(record.targetId);
    if (kept !== undefined && kept.repetition <= record.repetition) return;
    byTarget.set(record.targetId, { repetition: record.repetition, output: { value: record.outputValue ?? null, text: record.output } });
  }

  result(targetIds: readonly string[]): MeasureAgreement[] {
    const outputs = new Map<number, Map<string, TargetOutput>>();
    for (const [inputIndex, byTarget] of this.byInput) {
      outputs.set(inputIndex, new Map([...byTarget].map(([targetId, kept]) => [targetId, kept.output])));
    }
    return agreementOf(this.task, outputs, targetIds);
  }
}

/** Every measure of the task over the given outputs (input index → target id → output). */
export function agreementOf(task: string, outputsByInput: ReadonlyMap<number, ReadonlyMap<string, TargetOutput>>, targetIds: readonly string[]): MeasureAgreement[] {
  return agreementMeasures(task).map((measure) => measureAgreement(task, measure, outputsByInput, targetIds));
}

function measureAgreement(
  task: string,
  measure: AgreementMeasure,
  outputsByInput: ReadonlyMap<number, ReadonlyMap<string, TargetOutput>>,
  targetIds: readonly string[],
): MeasureAgreement {
  const sums = new Map<string, { total: number; inputs: number }>();
  const key = (referenceId: string, otherId: string): string => `${referenceId}\u0000${otherId}`;
  let unanimous = 0;
  let unanimousInputs = 0;
  for (const byTarget of outputsByInput.values()) {
    let comparedPairs = 0;
    let allAgree = true;
    for (const referenceId of targetIds) {
      const reference = byTarget.get(referenceId);
      if (reference === undefined) continue;
      for (const otherId of targetIds) {
        const other = byTarget.get(otherId);
        if (otherId === referenceId || other === undefined) continue;
        // An undirected figure is computed once per pair and counted both ways.
        if (!measure.directed && targetIds.indexOf(otherId) < targetIds.indexOf(referenceId)) continue;
        const value = measure.compare(task, reference, other);
        if (value === null) continue;
        comparedPairs += 1;
        if (value !== 1) allAgree = false;
        const pairs = measure.directed ? [key(referenceId, otherId)] : [key(referenceId, otherId), key(otherId, referenceId)];
        for (const pair of pairs) {
          const sum = sums.get(pair) ?? { total: 0, inputs: 0 };
          sum.total += value;
          sum.inputs += 1;
          sums.set(pair, sum);
        }
      }
    }
    if (comparedPairs > 0) {
      unanimousInputs += 1;
      if (allAgree) unanimous += 1;
    }
  }
  const pairs: PairAgreement[] = [];
  for (const referenceId of targetIds) {
    for (const otherId of targetIds) {
      if (otherId === referenceId) continue;
      const sum = sums.get(key(referenceId, otherId));
      pairs.push({ referenceId, otherId, value: sum === undefined ? null : sum.total / sum.inputs, inputs: sum?.inputs ?? 0 });
    }
  }
  const perTarget = new Map<string, number | null>();
  for (const targetId of targetIds) {
    // The target judged: the pair's second member (for an undirected measure either way reads the same).
    const values = pairs.filter((pair) => pair.otherId === targetId && pair.value !== null).map((pair) => pair.value as number);
    perTarget.set(targetId, values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);
  }
  return {
    measure,
    pairs,
    perTarget,
    unanimousShare: measure.binary && unanimousInputs > 0 ? unanimous / unanimousInputs : null,
    unanimousInputs,
  };
}
