// The regression gate's verdict: for each target in both runs and each allowance, is the new run worse
// than the baseline by more than the allowance, significantly? One one-sided test of that very claim, with
// the allowance as the margin (a non-inferiority test): the baseline is moved by its allowance first —
// baseline × (1 + allowance) for a percentile, baseline + points for the failure rate — and the test asks
// whether the new run is worse than that. A real 5% regression under a 10% allowance then fails only as
// often as chance allows, and a large chance difference on few requests is not significant.
import { compareSamples, MIN_COMPARED_VALUES, pairedMetricById, type PairedSampleAccumulator, percentile, bootstrapPercentileDifference, holmAdjust, SIGNIFICANCE_LEVEL, twoSidedNormalP } from "../stats";
import type { Allowance } from "./allowances";

/** One run as the gate sees it. */
export interface GateRun {
  samples: PairedSampleAccumulator;
  /** Per target: failed measured requests and all measured requests (the summary's failedRequests, requests). */
  outcomes: ReadonlyMap<string, { failed: number; requests: number }>;
}

/** Each one-sided, against the baseline moved by the allowance. */
export type GateTest = "wilcoxon-signed-rank" | "mann-whitney-u" | "bootstrap-percentile-difference" | "two-proportion-z";

export interface GateLine {
  targetId: string;
  /** The allowance's name: "latencyMs.p90", "failureRate". */
  metric: string;
  allowance: Allowance;
  baseline: number | null;
  current: number | null;
  /** How much worse the new run is: a share of the baseline (relative) or a difference of rates (points); negative when better. */
  worsening: number | null;
  test: GateTest | null;
  /** One-sided p of "worse than the baseline moved by the allowance", Holm-corrected over every line tested. */
  pValue: number | null;
  /** "regressed": significantly worse than the baseline moved by the allowance; "passed"; "untested": too few values to judge. */
  verdict: "regressed" | "passed" | "untested";
}

type UnjudgedLine = Omit<GateLine, "pValue" | "verdict"> & { uncorrectedPValue: number | null };

function sortedValues(values: Iterable<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/**
 * A two-sided p-value made one-sided for "worse": half of it when the estimate lies on the worse side,
 * else one minus that half (the symmetric tests and the bootstrap here all allow this).
 */
function oneSidedWorse(twoSidedP: number, estimateIsWorse: boolean): number {
  return estimateIsWorse ? twoSidedP / 2 : 1 - twoSidedP / 2;
}

/** The baseline moved by the allowance: each value × (1 + share), or × (1 − share) where higher is better. */
function marginFactor(allowance: Allowance, better: "lower" | "higher"): number {
  return better === "lower" ? 1 + allowance.limit : 1 - allowance.limit;
}

function scaled(values: ReadonlyMap<string, number>, factor: number): Map<string, number> {
  return new Map([...values].map(([key, value]) => [key, value * factor]));
}

function percentileLine(targetId: string, allowance: Allowance & { metric: { kind: "percentile" } }, current: GateRun, baseline: GateRun, paired: boolean): UnjudgedLine {
  const { metric: metricId, percentile: p } = allowance.metric;
  const metric = pairedMetricById(metricId);
  const valuesNew = current.samples.samples(targetId)[metricId];
  const valuesOld = baseline.samples.samples(targetId)[metricId];
  const base = { targetId, metric: allowance.name, allowance };
  if (valuesNew.size < MIN_COMPARED_VALUES || valuesOld.size < MIN_COMPARED_VALUES) {
    return { ...base, baseline: null, current: null, worsening: null, test: null, uncorrectedPValue: null };
  }
  const sortedNew = sortedValues(valuesNew.values());
  const sortedOld = sortedValues(valuesOld.values());
  const currentValue = percentile(sortedNew, p);
  const baselineValue = percentile(sortedOld, p);
  const worseningOf = (change: number): number => {
    const difference = metric.better === "lower" ? change : -change;
    return baselineValue === 0 ? (difference > 0 ? Number.POSITIVE_INFINITY : 0) : difference / Math.abs(baselineValue);
  };
  // The test: is the new run worse than the baseline moved by the allowance (the margin)?
  const factor = marginFactor(allowance, metric.better);
  const worseWhenPositive = metric.better === "lower";
  if (p === 50) {
    // The median: the test `analyze` uses (paired by (input, repetition) where the runs share them), on the moved
    // baseline; the change shown is that comparison's own estimate against the baseline itself (the median of
    // per-request differences when paired), as the run-against-run diff shows it.
    const change = compareSamples(metricId, { id: targetId, values: valuesNew }, { id: targetId, values: valuesOld }, { paired }).medianDifference;
    const worsening = worseningOf(change ?? currentValue - baselineValue);
    const comparison = compareSamples(metricId, { id: targetId, values: valuesNew }, { id: targetId, values: scaled(valuesOld, factor) }, { paired });
    const estimate = comparison.medianDifference ?? 0;
    const pValue = comparison.uncorrectedPValue === null ? null : oneSidedWorse(comparison.uncorrectedPValue, worseWhenPositive ? estimate > 0 : estimate < 0);
    return { ...base, baseline: baselineValue, current: currentValue, worsening, test: comparison.test, uncorrectedPValue: pValue };
  }
  // Another percentile: the seeded bootstrap of percentile(new) − percentile(baseline) × factor, each run resampled on its own.
  const worsening = worseningOf(currentValue - baselineValue);
  const bootstrap = bootstrapPercentileDifference(sortedNew, sortedOld.map((value) => value * factor), p);
  const pValue = oneSidedWorse(bootstrap.pValue, worseWhenPositive ? bootstrap.estimate > 0 : bootstrap.estimate < 0);
  return { ...base, baseline: baselineValue, current: currentValue, worsening, test: "bootstrap-percentile-difference", uncorrectedPValue: pValue };
}

/**
 * One-sided z test of "the new failure rate exceeds the baseline's by more than `points`" (H₀: difference
 * ≤ points), with the unpooled standard error (the Wald test of a non-inferiority margin; pooling assumes
 * the rates equal, which a margin denies).
 */
export function failureRateMarginP(failedNew: number, requestsNew: number, failedOld: number, requestsOld: number, points: number): number {
  const rateNew = failedNew / requestsNew;
  const rateOld = failedOld / requestsOld;
  const excess = rateNew - rateOld - points;
  const standardError = Math.sqrt((rateNew * (1 - rateNew)) / requestsNew + (rateOld * (1 - rateOld)) / requestsOld);
  if (!(standardError > 0)) return excess > 0 ? 0 : 1;
  const z = excess / standardError;
  return oneSidedWorse(twoSidedNormalP(z), z > 0);
}

function failureRateLine(targetId: string, allowance: Allowance, current: GateRun, baseline: GateRun): UnjudgedLine {
  const base = { targetId, metric: allowance.name, allowance };
  const now = current.outcomes.get(targetId);
  const before = baseline.outcomes.get(targetId);
  if (now === undefined || before === undefined || now.requests === 0 || before.requests === 0) {
    return { ...base, baseline: null, current: null, worsening: null, test: null, uncorrectedPValue: null };
  }
  return {
    ...base,
    baseline: before.failed / before.requests,
    current: now.failed / now.requests,
    worsening: now.failed / now.requests - before.failed / before.requests,
    test: "two-proportion-z",
    uncorrectedPValue: failureRateMarginP(now.failed, now.requests, before.failed, before.requests, allowance.limit),
  };
}

/**
 * Every target in both runs against every allowance. `paired`: the runs sent the same inputs, so medians
 * are compared pair by pair (Wilcoxon signed-rank) where they share at least 6 (input, repetition) keys.
 */
export function judgeGate(current: GateRun, baseline: GateRun, targetIds: readonly string[], allowances: readonly Allowance[], options: { paired: boolean }): GateLine[] {
  const lines = targetIds.flatMap((targetId) =>
    allowances.map((allowance) =>
      allowance.metric.kind === "failureRate"
        ? failureRateLine(targetId, allowance, current, baseline)
        : percentileLine(targetId, allowance as Allowance & { metric: { kind: "percentile" } }, current, baseline, options.paired),
    ),
  );
  const tested = lines.flatMap((line, index) => (line.uncorrectedPValue === null ? [] : [index]));
  const adjusted = holmAdjust(tested.map((index) => lines[index]!.uncorrectedPValue as number));
  const corrected = new Map(tested.map((index, position) => [index, adjusted[position] as number]));
  return lines.map(({ uncorrectedPValue: _unused, ...line }, index) => {
    const pValue = corrected.get(index) ?? null;
    if (pValue === null || line.worsening === null) return { ...line, pValue, verdict: "untested" };
    const regressed = line.worsening > line.allowance.limit && pValue < SIGNIFICANCE_LEVEL;
    return { ...line, pValue, verdict: regressed ? "regressed" : "passed" };
  });
}

export function gateFailed(lines: readonly GateLine[]): boolean {
  return lines.some((line) => line.verdict === "regressed");
}
