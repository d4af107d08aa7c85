// 95% confidence intervals for the summary's percentiles and means, cheap enough for a million records.
//
// Percentiles: the distribution-free order-statistic interval. For n independent values, the number of
// them below the true p-quantile is Binomial(n, p), so [X(l), X(u)] (1-based order statistics) covers it
// with probability P(l ≤ B < u); l and u are taken from the binomial's 2.5% and 97.5% tails. Exact for
// any continuous distribution, conservative (≥ 95%) because ranks are whole numbers, and O(√n) to
// compute once the values are sorted. When even [X(1), X(n)] covers with less than 95% (p99 from 20
// values), there is no such interval, and the answer says so instead of inventing one.
//
// Means: Student's t interval, mean ± t(0.975, n − 1) · s / √n with s the sample standard deviation.

export const CONFIDENCE_LEVEL = 0.95;
const TAIL = (1 - CONFIDENCE_LEVEL) / 2;

/**
 * A 95% confidence interval, or why there is none. JSON-friendly (summaries are stored and exported):
 * either both ends and no reason, or no ends and a reason a view can show ("too few values: …").
 */
export interface Ci95 {
  low: number | null;
  high: number | null;
  reason: string | null;
}

export function interval(low: number, high: number): Ci95 {
  return { low, high, reason: null };
}

export function noInterval(reason: string): Ci95 {
  return { low: null, high: null, reason };
}

/** An interval kept as its two ends (a rate's Wilson interval in the summary row), or none, with why. */
export function intervalOrNone(ends: readonly [number, number] | null, reason: string): Ci95 {
  return ends === null ? noInterval(reason) : interval(ends[0], ends[1]);
}

/** [low, high], or null when there is no interval: for code that only needs the ends. */
export function intervalEnds(ci: Ci95): [number, number] | null {
  return ci.low === null || ci.high === null ? null : [ci.low, ci.high];
}

/** Below this many values the t interval of a mean is not claimed: its normal approximation is too rough. */
export const MIN_VALUES_FOR_MEAN_INTERVAL = 10;

/** log Γ(x) for x > 0 (Lanczos, g = 7, 9 terms): about 15 significant digits. */
function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = coefficients[0]!;
  for (let i = 1; i < coefficients.length; i++) sum += coefficients[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The fewest values for which an order-statistic 95% interval of the p-quantile exists. */
export function minValuesForPercentileInterval(p: number): number {
  return Math.ceil(Math.log(TAIL) / Math.log(Math.max(p, 1 - p)));
}

/**
 * 1-based ranks [l, u] of the order statistics bounding a 95% interval of the p-quantile (0 < p < 1) of
 * n values, or null when none exists. Sums the binomial pmf over the window where it is not negligible
 * (mean ± 9 standard deviations), starting from its value there computed with log Γ.
 */
export function percentileIntervalRanks(n: number, p: number): [number, number] | null {
  if (!(p > 0 && p < 1)) throw new RangeError(`percentileIntervalRanks: p must be in (0, 1), got ${p}`);
  if (n < minValuesForPercentileInterval(p)) return null;
  const mean = n * p;
  const spread = 9 * Math.sqrt(n * p * (1 - p)) + 10;
  const first = Math.max(0, Math.floor(mean - spread));
  const last = Math.min(n, Math.ceil(mean + spread));
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  let pmf = Math.exp(logGamma(n + 1) - logGamma(first + 1) - logGamma(n - first + 1) + first * logP + (n - first) * logQ);
  const ratio = p / (1 - p);
  // cumulative = P(B ≤ k) as k walks up; l is the largest rank with P(B ≤ l − 1) ≤ 2.5%, u the smallest
  // with P(B ≤ u − 1) ≥ 97.5%.
  let cumulative = 0;
  let lower = 0;
  let upper = -1;
  for (let k = first; k <= last; k++) {
    cumulative += pmf;
    if (cumulative <= TAIL) lower = k + 1;
    if (cumulative >= 1 - TAIL) {
      upper = k + 1;
      break;
    }
    pmf *= ((n - k) / (k + 1)) * ratio;
  }
  // The window always holds both tails for n past the minimum; the checks guard rounding at its edges.
  if (lower < 1 || upper < 0 || upper > n) return null;
  return [lower, upper];
}

function percentileName(percent: number): string {
  return `p${String(percent).replace(".", "")}`;
}

/** The order-statistic 95% interval of the percent-th percentile of ascending values. */
export function percentileCi95(sortedValues: ArrayLike<number>, percent: number): Ci95 {
  const n = sortedValues.length;
  if (n === 0) return noInterval("no values");
  const ranks = percentileIntervalRanks(n, percent / 100);
  if (ranks === null) {
    const needed = minValuesForPercentileInterval(percent / 100);
    return noInterval(`too few values for a 95% interval of ${percentileName(percent)}: it needs at least ${needed}, there are ${n}`);
  }
  return interval(sortedValues[ranks[0] - 1] as number, sortedValues[ranks[1] - 1] as number);
}

/** Two-sided 97.5% quantiles of Student's t for 1 … 30 degrees of freedom. */
const T_975 = [
  12.706204736, 4.30265273, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852,
  2.20098516, 2.17881283, 2.160368656, 2.144786688, 2.131449546, 2.119905299, 2.109815578, 2.10092204, 2.093024054, 2.085963447,
  2.079613845, 2.073873068, 2.068657610, 2.063898562, 2.059538553, 2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456,
];
const Z_975 = 1.959963984540054;

/** Student's t 97.5% quantile: the table up to 30 degrees of freedom, then its Cornish–Fisher expansion (error < 1e-6). */
export function studentT975(degreesOfFreedom: number): number {
  if (degreesOfFreedom < 1) throw new RangeError(`studentT975: degrees of freedom must be ≥ 1, got ${degreesOfFreedom}`);
  if (degreesOfFreedom <= T_975.length) return T_975[Math.round(degreesOfFreedom) - 1]!;
  const z = Z_975;
  const v = degreesOfFreedom;
  return (
    z +
    (z ** 3 + z) / (4 * v) +
    (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v ** 2) +
    (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * v ** 3)
  );
}

/** Student's t 95% interval of a mean from its count, value and sample (n − 1) standard deviation. */
export function meanCi95(count: number, mean: number | null, sampleStdDev: number | null): Ci95 {
  if (count === 0 || mean === null || sampleStdDev === null) return noInterval("no values");
  if (count < MIN_VALUES_FOR_MEAN_INTERVAL) {
    return noInterval(`too few values for a 95% interval of the mean: it needs at least ${MIN_VALUES_FOR_MEAN_INTERVAL}, there are ${count}`);
  }
  const halfWidth = (studentT975(count - 1) * sampleStdDev) / Math.sqrt(count);
  return interval(mean - halfWidth, mean + halfWidth);
}
