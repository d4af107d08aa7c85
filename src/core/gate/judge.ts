// The regression gate's verdict: for each target in both runs and each allowance, is the new run worse
// than the baseline by more than the allowance AND is the difference significant? Both, so that neither
// noise (a large but chance difference) nor a tiny real one (significant on many requests) fails a build.
import { compareSamples, MIN_COMPARED_VALUES, pairedMetricById, type PairedSampleAccumulator } from "../paired";
import { percentile } from "../percentile";
import { bootstrapPercentileDifference, compareProportions, holmAdjust, SIGNIFICANCE_LEVEL } from "../significance";
import type { Allowance } from "./allowances";

/** One run as the gate sees it. */
export interface GateRun {
  samples: PairedSampleAccumulator;
  /** Per target: failed measured requests and all measured requests (the summary's failedRequests, requests). */
  outcomes: ReadonlyMap<string, { failed: number; requests: number }>;
}

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
  /** Holm-corrected over every line tested. */
  pValue: number | null;
  /** "regressed": worse beyond the allowance and significant; "passed"; "untested": too few values to judge. */
  verdict: "regressed" | "passed" | "untested";
}

type UnjudgedLine = Omit<GateLine, "pValue" | "verdict"> & { uncorrectedPValue: number | null };

function sortedValues(values: Iterable<number>): Float64Array {
  return Float64Array.from(values).sort();
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
  const difference = metric.better === "lower" ? currentValue - baselineValue : baselineValue - currentValue;
  const worsening = baselineValue === 0 ? (difference > 0 ? Number.POSITIVE_INFINITY : 0) : difference / Math.abs(baselineValue);
  if (p === 50) {
    // The median: the test `analyze` uses, paired by (input, repetition) where the runs share them.
    const comparison = compareSamples(metricId, { id: targetId, values: valuesNew }, { id: targetId, values: valuesOld }, { paired });
    return { ...base, baseline: baselineValue, current: currentValue, worsening, test: comparison.test, uncorrectedPValue: comparison.uncorrectedPValue };
  }
  // Another percentile: the seeded bootstrap of the difference of the two percentiles, each run resampled on its own.
  const bootstrap = bootstrapPercentileDifference(sortedNew, sortedOld, p);
  return { ...base, baseline: baselineValue, current: currentValue, worsening, test: "bootstrap-percentile-difference", uncorrectedPValue: bootstrap.pValue };
}

function failureRateLine(targetId: string, allowance: Allowance, current: GateRun, baseline: GateRun): UnjudgedLine {
  const base = { targetId, metric: allowance.name, allowance };
  const now = current.outcomes.get(targetId);
  const before = baseline.outcomes.get(targetId);
  if (now === undefined || before === undefined || now.requests === 0 || before.requests === 0) {
    return { ...base, baseline: null, current: null, worsening: null, test: null, uncorrectedPValue: null };
  }
  const comparison = compareProportions(now.failed, now.requests, before.failed, before.requests);
  return {
    ...base,
    baseline: before.failed / before.requests,
    current: now.failed / now.requests,
    worsening: comparison.difference,
    test: "two-proportion-z",
    uncorrectedPValue: comparison.pValue,
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
