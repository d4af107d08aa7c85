// Paired comparisons: every target gets the same inputs and repetitions, so two targets' measurements of
// the same (input, repetition) — at the same stage of a sweep — form a pair, and the difference within each pair cancels what the input
// itself costs. This module collects those measurements from records and compares targets (or runs) with
// the tests of significance.ts, Holm-corrected over the family compared together.
import type { Unit } from "../text";
import type { Better } from "../text";
import type { RequestRecord } from "../record";
import { outputTokensPerSecondOf } from "./request-rates";
import {
  bootstrapPercentileDifference,
  bootstrapPercentileOfDifferences,
  holmAdjust,
  mannWhitneyU,
  SIGNIFICANCE_LEVEL,
  wilcoxonSignedRank,
} from "./significance";

/** A per-request measurement two targets are compared on. */
export interface PairedMetric {
  /** The JSON name (`analyze --json`'s "metric"). */
  id: "latencyMs" | "ttftMs" | "outputTokensPerSecond";
  /** In a sentence: "no detectable difference in latency …". */
  label: string;
  unit: Unit;
  better: Better;
  /** The request's value, from its successful last attempt; null when it has none (no TTFT without a stream). */
  value(record: RequestRecord): number | null;
}

export type PairedMetricId = PairedMetric["id"];

export const PAIRED_METRICS: readonly PairedMetric[] = [
  { id: "latencyMs", label: "latency", unit: "ms", better: "lower", value: (record) => record.latencyMs },
  { id: "ttftMs", label: "TTFT", unit: "ms", better: "lower", value: (record) => record.ttftMs },
  { id: "outputTokensPerSecond", label: "output tokens/s", unit: "tokensPerSecond", better: "higher", value: outputTokensPerSecondOf },
];

export function pairedMetricById(id: PairedMetricId): PairedMetric {
  return PAIRED_METRICS.find((metric) => metric.id === id) as PairedMetric;
}

/**
 * The fewest values a comparison is tested on: with 6 pairs Wilcoxon's exact test can first reach a
 * two-sided p below 0.05 (2/2⁶ ≈ 0.031); with fewer, no difference could ever be called.
 */
export const MIN_COMPARED_VALUES = 6;

/**
 * One request of a target: (stage, input, repetition). A sweep sends every input at each of its levels: a
 * request pairs with the same input and repetition at the same level, never across levels (whose loads
 * differ). A run without stages is all stage 0.
 */
export type RequestKey = string;

export function requestKey(inputIndex: number, repetition: number, stage: number | null = 0): RequestKey {
  return `${stage ?? 0}:${inputIndex}:${repetition}`;
}

/** Per metric, the value of each successful measured request, by its key. */
export type TargetSamples = Record<PairedMetricId, Map<RequestKey, number>>;

interface LastAttempt {
  attempt: number;
  /** Metric values when the attempt succeeded; null when it failed or was aborted. */
  values: Partial<Record<PairedMetricId, number>> | null;
}

/**
 * Collects, record by record, each measured request's outcome — its last attempt (request-outcomes.ts)
 * — keeping only the three numbers compared, so a million records stay cheap. Warm-ups are left out.
 */
export class PairedSampleAccumulator {
  private readonly byTarget = new Map<string, Map<RequestKey, LastAttempt>>();

  add(record: RequestRecord): void {
    if (record.warmup) return;
    let requests = this.byTarget.get(record.targetId);
    if (requests === undefined) {
      requests = new Map();
      this.byTarget.set(record.targetId, requests);
    }
    const key = requestKey(record.inputIndex, record.repetition, record.stage);
    const known = requests.get(key);
    // Records may come in any order (a file, a database index): the highest attempt number is the outcome.
    if (known !== undefined && known.attempt > record.attempt) return;
    requests.set(key, { attempt: record.attempt, values: record.status === "ok" ? successfulValues(record) : null });
  }

  /** Targets in first-seen order. */
  targetIds(): string[] {
    return [...this.byTarget.keys()];
  }

  samples(targetId: string): TargetSamples {
    const samples: TargetSamples = { latencyMs: new Map(), ttftMs: new Map(), outputTokensPerSecond: new Map() };
    for (const [key, outcome] of this.byTarget.get(targetId) ?? []) {
      if (outcome.values === null) continue;
      for (const metric of PAIRED_METRICS) {
        const value = outcome.values[metric.id];
        if (value !== undefined) samples[metric.id].set(key, value);
      }
    }
    return samples;
  }
}

function successfulValues(record: RequestRecord): Partial<Record<PairedMetricId, number>> {
  const values: Partial<Record<PairedMetricId, number>> = {};
  for (const metric of PAIRED_METRICS) {
    const value = metric.value(record);
    if (value !== null && Number.isFinite(value)) values[metric.id] = value;
  }
  return values;
}

export function collectSamples(records: Iterable<RequestRecord>): PairedSampleAccumulator {
  const accumulator = new PairedSampleAccumulator();
  for (const record of records) accumulator.add(record);
  return accumulator;
}

/** Which test a comparison used; null when there were too few values to test. */
export type ComparisonTest = "wilcoxon-signed-rank" | "mann-whitney-u";

/** a compared with b on one metric: every number a view or a file shows about that pair. */
export interface Comparison {
  metric: PairedMetricId;
  /** Target ids. Within a run, two targets; between two runs, the same target (a in the first run, b in the second). */
  a: string;
  b: string;
  /** True when the values were paired by (input, repetition); false for the unpaired fallback. */
  paired: boolean;
  /** Pairs used when paired; values used on both sides together when not. */
  n: number;
  /** Successful requests of a and of b that have the metric. */
  nA: number;
  nB: number;
  /** Paired: the median of the per-pair differences a − b. Unpaired: median(a) − median(b). Null when too few values. */
  medianDifference: number | null;
  /** Its 95% bootstrap interval (seeded: the same records give the same interval). */
  ciLow: number | null;
  ciHigh: number | null;
  test: ComparisonTest | null;
  /** The test's own two-sided p-value. */
  uncorrectedPValue: number | null;
  /** Holm-corrected over the comparisons made together (see compareTargets and compareRuns). */
  pValue: number | null;
  /** pValue < 0.05. */
  significant: boolean;
}

type UncorrectedComparison = Omit<Comparison, "pValue" | "significant">;

/**
 * a against b on one metric: paired by request key when they share at least MIN_COMPARED_VALUES keys
 * (and pairing is allowed), else the unpaired fallback on every value of each.
 */
export function compareSamples(
  metric: PairedMetricId,
  a: { id: string; values: ReadonlyMap<RequestKey, number> },
  b: { id: string; values: ReadonlyMap<RequestKey, number> },
  options: { paired: boolean },
): UncorrectedComparison {
  const base = { metric, a: a.id, b: b.id, nA: a.values.size, nB: b.values.size };
  if (options.paired) {
    const differences: number[] = [];
    for (const [key, valueA] of a.values) {
      const valueB = b.values.get(key);
      if (valueB !== undefined) differences.push(valueA - valueB);
    }
    if (differences.length >= MIN_COMPARED_VALUES) {
      const interval = bootstrapPercentileOfDifferences(differences, 50);
      return {
        ...base,
        paired: true,
        n: differences.length,
        medianDifference: interval.estimate,
        ciLow: interval.ciLow,
        ciHigh: interval.ciHigh,
        test: "wilcoxon-signed-rank",
        uncorrectedPValue: wilcoxonSignedRank(differences).pValue,
      };
    }
  }
  const valuesA = [...a.values.values()];
  const valuesB = [...b.values.values()];
  const n = valuesA.length + valuesB.length;
  if (valuesA.length < MIN_COMPARED_VALUES || valuesB.length < MIN_COMPARED_VALUES) {
    return { ...base, paired: false, n, medianDifference: null, ciLow: null, ciHigh: null, test: null, uncorrectedPValue: null };
  }
  const interval = bootstrapPercentileDifference(valuesA, valuesB, 50);
  return {
    ...base,
    paired: false,
    n,
    medianDifference: interval.estimate,
    ciLow: interval.ciLow,
    ciHigh: interval.ciHigh,
    test: "mann-whitney-u",
    uncorrectedPValue: mannWhitneyU(valuesA, valuesB).pValue,
  };
}

/** Holm over every comparison that has a p-value: that is the family; untested ones stay untested. */
export function correctTogether(comparisons: readonly UncorrectedComparison[]): Comparison[] {
  const tested = comparisons.flatMap((comparison, index) => (comparison.uncorrectedPValue === null ? [] : [index]));
  const adjusted = holmAdjust(tested.map((index) => comparisons[index]!.uncorrectedPValue as number));
  const corrected = new Map(tested.map((index, position) => [index, adjusted[position] as number]));
  return comparisons.map((comparison, index) => {
    const pValue = corrected.get(index) ?? null;
    return { ...comparison, pValue, significant: pValue !== null && pValue < SIGNIFICANCE_LEVEL };
  });
}

/**
 * Every pair of targets of one run (in the order given: a before b) on every paired metric, paired by
 * (input, repetition). The Holm family is all of them: pairs × metrics that could be tested.
 */
export function compareTargets(samples: PairedSampleAccumulator, targetIds: readonly string[]): Comparison[] {
  const bySample = new Map(targetIds.map((targetId) => [targetId, samples.samples(targetId)]));
  const comparisons: UncorrectedComparison[] = [];
  targetIds.forEach((a, indexA) => {
    for (const b of targetIds.slice(indexA + 1)) {
      for (const metric of PAIRED_METRICS) {
        comparisons.push(
          compareSamples(metric.id, { id: a, values: bySample.get(a)![metric.id] }, { id: b, values: bySample.get(b)![metric.id] }, { paired: true }),
        );
      }
    }
  });
  return correctTogether(comparisons);
}

/**
 * Two runs target by target: for each target in both, its values in run a against its values in run b,
 * on every paired metric; a − b. Paired by (input, repetition) only when `paired` says the two runs sent
 * the same inputs (the caller knows: same scenario inputs); else unpaired. Holm over all of them.
 */
export function compareRuns(
  runA: PairedSampleAccumulator,
  runB: PairedSampleAccumulator,
  targetIds: readonly string[],
  options: { paired: boolean },
): Comparison[] {
  const comparisons = targetIds.flatMap((targetId) => {
    const samplesA = runA.samples(targetId);
    const samplesB = runB.samples(targetId);
    return PAIRED_METRICS.map((metric) =>
      compareSamples(metric.id, { id: targetId, values: samplesA[metric.id] }, { id: targetId, values: samplesB[metric.id] }, options),
    );
  });
  return correctTogether(comparisons);
}
