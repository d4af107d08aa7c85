// One distribution's summary (count, mean, spread, percentiles, 95% intervals), from a sample of
// per-request values or from weighted values (a pooled histogram, a time-weighted level).
import { meanCi95, noInterval, percentileCi95, type Ci95 } from "./intervals";
import { percentile } from "./percentile";

/** The percentiles every distribution reports, in percent. */
export const PERCENTILES = [1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9] as const;
export type Percent = (typeof PERCENTILES)[number];
export type PercentileKey = "p1" | "p5" | "p10" | "p25" | "p50" | "p75" | "p90" | "p95" | "p99" | "p999";

/** "p99.9" is keyed p999 (a JSON key and a CSV column cannot hold a dot comfortably). */
export function percentileKey(percent: Percent): PercentileKey {
  return `p${String(percent).replace(".", "")}` as PercentileKey;
}

/** The statistics that carry a 95% interval. */
export type IntervalKey = PercentileKey | "mean";
export const INTERVAL_KEYS: readonly IntervalKey[] = ["mean", ...PERCENTILES.map(percentileKey)];

export interface Distribution extends Record<PercentileKey, number | null> {
  count: number;
  min: number | null;
  mean: number | null;
  /** Population standard deviation (numpy's np.std, ddof = 0). */
  stdDev: number | null;
  max: number | null;
  /** A 95% interval (or the reason there is none) for the mean and each percentile. */
  ci95: Record<IntervalKey, Ci95>;
}

function intervalsAll(ci: Ci95): Record<IntervalKey, Ci95> {
  return Object.fromEntries(INTERVAL_KEYS.map((key) => [key, ci])) as Record<IntervalKey, Ci95>;
}

function percentilesAll(value: number | null): Record<PercentileKey, number | null> {
  return Object.fromEntries(PERCENTILES.map((percent) => [percentileKey(percent), value])) as Record<PercentileKey, number | null>;
}

export function emptyDistribution(): Distribution {
  return { count: 0, min: null, mean: null, stdDev: null, max: null, ...percentilesAll(null), ci95: intervalsAll(noInterval("no values")) };
}

/** Summary of a sample of independent per-request values, ascending: percentiles R-7, intervals per intervals.ts. */
export function describeSorted(sortedValues: ArrayLike<number>): Distribution {
  const count = sortedValues.length;
  if (count === 0) return emptyDistribution();
  let total = 0;
  for (let i = 0; i < count; i++) total += sortedValues[i] as number;
  const mean = total / count;
  let squares = 0;
  for (let i = 0; i < count; i++) squares += ((sortedValues[i] as number) - mean) ** 2;
  const stdDev = Math.sqrt(squares / count);
  const distribution = { count, min: sortedValues[0] as number, mean, stdDev, max: sortedValues[count - 1] as number } as Distribution;
  const ci95 = { mean: meanCi95(count, mean, count > 1 ? Math.sqrt(squares / (count - 1)) : null) } as Record<IntervalKey, Ci95>;
  for (const percent of PERCENTILES) {
    const key = percentileKey(percent);
    distribution[key] = percentile(sortedValues, percent);
    ci95[key] = percentileCi95(sortedValues, percent);
  }
  distribution.ci95 = ci95;
  return distribution;
}

/**
 * Summary of weighted values (ascending, distinct or not; weights ≥ 0): each percentile is the smallest
 * value whose cumulative weight reaches that share of the total (numpy's "inverted_cdf"). No interval:
 * the values are not an independent sample (`noIntervalReason` says why). `exact` overrides the mean
 * and max when they are known better than the weighted values give them (a histogram's buckets).
 */
export function describeWeighted(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  count: number,
  noIntervalReason: string,
  exact: { mean?: number; max?: number } = {},
): Distribution {
  let totalWeight = 0;
  let weightedSum = 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < values.length; i++) {
    const weight = weights[i] as number;
    if (!(weight > 0)) continue;
    totalWeight += weight;
    weightedSum += weight * (values[i] as number);
    if (first < 0) first = i;
    last = i;
  }
  if (count === 0 || totalWeight === 0) return emptyDistribution();
  const weightedMean = weightedSum / totalWeight;
  let squares = 0;
  for (let i = first; i <= last; i++) squares += (weights[i] as number) * ((values[i] as number) - weightedMean) ** 2;
  const distribution = {
    count,
    min: values[first] as number,
    mean: exact.mean ?? weightedMean,
    stdDev: Math.sqrt(squares / totalWeight),
    max: exact.max ?? (values[last] as number),
    ci95: intervalsAll(noInterval(noIntervalReason)),
  } as Distribution;
  let cumulative = 0;
  let index = first;
  for (const percent of PERCENTILES) {
    const threshold = (percent / 100) * totalWeight;
    while (index < last && cumulative + (weights[index] as number) < threshold) cumulative += weights[index++] as number;
    distribution[percentileKey(percent)] = values[index] as number;
  }
  return distribution;
}
