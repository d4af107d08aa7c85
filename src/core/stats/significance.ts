// The tests behind every "A differs from B" claim: Wilcoxon's signed-rank test for paired samples, the
// Mann-Whitney U test for unpaired ones, a two-proportion test for failure and error rates, bootstrap
// intervals of medians and their differences, and Holm's correction for testing many at once.
// docs/metrics.md ("Comparing targets") says why these and how to read them.
import { errorFunction } from "simple-statistics";
import { BOOTSTRAP_SEED, percentileInterval95, resampledPercentiles, seededUniform } from "./bootstrap";
import { percentile } from "./percentile";

/** The level every test here is judged at (after Holm's correction). */
export const SIGNIFICANCE_LEVEL = 0.05;

/** The largest sample Wilcoxon's exact null distribution is computed for (as scipy does); above it, the normal approximation. */
const EXACT_SIGNED_RANK_MAX_N = 50;

/** P(|Z| ≥ |z|) for a standard normal Z: the two-sided p-value of a z score. */
export function twoSidedNormalP(z: number): number {
  if (Number.isNaN(z)) return 1;
  // 1 − erf(x) = erfc(x), which the library computes directly (relative error below 1.2e-7) and returns as 1 − erfc.
  return Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(z) / Math.SQRT2)));
}

/** Average ranks (1-based) of values, ties sharing the mean of their ranks, and Σ(t³ − t) over groups of t ties. */
export function averageRanks(values: ArrayLike<number>): { ranks: Float64Array; tieTerm: number } {
  const n = values.length;
  const order = Array.from({ length: n }, (_, index) => index).sort((left, right) => (values[left] as number) - (values[right] as number));
  const ranks = new Float64Array(n);
  let tieTerm = 0;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && values[order[end] as number] === values[order[start] as number]) end++;
    const sharedRank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k] as number] = sharedRank;
    const ties = end - start;
    tieTerm += ties ** 3 - ties;
    start = end;
  }
  return { ranks, tieTerm };
}

export interface SignedRankTest {
  /** Differences other than zero: the sample size the test rests on (zeros are dropped, Wilcoxon's own rule). */
  nonZero: number;
  /** W+: the sum of the ranks of |d| over the positive differences. */
  statistic: number;
  /** Two-sided. */
  pValue: number;
  /** "exact" for up to 50 differences without ties or zeros; the normal approximation (tie-corrected variance) otherwise. */
  method: "exact" | "normal";
}

/** P(W+ ≤ w) for n differences without ties, from the count of subsets of {1..n} by their sum. */
function exactSignedRankCdf(n: number, w: number): number {
  const maxSum = (n * (n + 1)) / 2;
  const counts = new Float64Array(maxSum + 1);
  counts[0] = 1;
  for (let rank = 1; rank <= n; rank++) {
    for (let sum = maxSum; sum >= rank; sum--) counts[sum] = (counts[sum] as number) + (counts[sum - rank] as number);
  }
  let below = 0;
  for (let sum = 0; sum <= Math.floor(w); sum++) below += counts[sum] as number;
  return below / 2 ** n;
}

/**
 * Wilcoxon's signed-rank test of differences a − b (H₀: their distribution is symmetric about 0), two-sided.
 * Zero differences are dropped. Matches scipy.stats.wilcoxon(d, method="exact") for up to 50 differences
 * without ties or zeros, and scipy.stats.wilcoxon(d, method="asymptotic") (no continuity correction) otherwise.
 */
export function wilcoxonSignedRank(differences: ArrayLike<number>): SignedRankTest {
  const nonZeroDifferences: number[] = [];
  for (let i = 0; i < differences.length; i++) {
    const difference = differences[i] as number;
    if (difference !== 0 && Number.isFinite(difference)) nonZeroDifferences.push(difference);
  }
  const n = nonZeroDifferences.length;
  if (n === 0) return { nonZero: 0, statistic: 0, pValue: 1, method: "exact" };
  const { ranks, tieTerm } = averageRanks(nonZeroDifferences.map(Math.abs));
  let statistic = 0;
  nonZeroDifferences.forEach((difference, index) => {
    if (difference > 0) statistic += ranks[index] as number;
  });
  const hadZeros = n < differences.length;
  if (n <= EXACT_SIGNED_RANK_MAX_N && tieTerm === 0 && !hadZeros) {
    const maxSum = (n * (n + 1)) / 2;
    // The null distribution is symmetric: P(W+ ≥ w) = P(W+ ≤ maxSum − w).
    const tail = exactSignedRankCdf(n, Math.min(statistic, maxSum - statistic));
    return { nonZero: n, statistic, pValue: Math.min(1, 2 * tail), method: "exact" };
  }
  const mean = (n * (n + 1)) / 4;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48;
  const z = variance > 0 ? (statistic - mean) / Math.sqrt(variance) : 0;
  return { nonZero: n, statistic, pValue: twoSidedNormalP(z), method: "normal" };
}

export interface RankSumTest {
  /** U of the first sample: pairs (x from a, y from b) with x > y, ties counting one half. */
  statistic: number;
  /** Two-sided. */
  pValue: number;
}

/**
 * The Mann-Whitney U test of two independent samples (H₀: neither tends to be larger), two-sided, by
 * the normal approximation with tie-corrected variance and a continuity correction: scipy's
 * mannwhitneyu(a, b, method="asymptotic").
 */
export function mannWhitneyU(a: ArrayLike<number>, b: ArrayLike<number>): RankSumTest {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { statistic: 0, pValue: 1 };
  const pooled = Float64Array.from({ length: n1 + n2 }, (_, index) => (index < n1 ? (a[index] as number) : (b[index - n1] as number)));
  const { ranks, tieTerm } = averageRanks(pooled);
  let rankSumA = 0;
  for (let i = 0; i < n1; i++) rankSumA += ranks[i] as number;
  const statistic = rankSumA - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (!(variance > 0)) return { statistic, pValue: 1 };
  const larger = Math.max(statistic, n1 * n2 - statistic);
  const z = (larger - mean - 0.5) / Math.sqrt(variance);
  return { statistic, pValue: Math.min(1, twoSidedNormalP(z)) };
}

/**
 * Holm's step-down correction: each p-value adjusted for testing all of them, so that "any of these is
 * significant at 0.05" is wrong at most 5% of the time. Sorted ascending, the i-th (from 0) becomes
 * max over j ≤ i of (m − j)·p₍ⱼ₎, capped at 1; returned in the input's order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((_, index) => index).sort((left, right) => (pValues[left] as number) - (pValues[right] as number));
  const adjusted = new Array<number>(m);
  let runningMax = 0;
  order.forEach((index, position) => {
    runningMax = Math.max(runningMax, Math.min(1, (m - position) * (pValues[index] as number)));
    adjusted[index] = runningMax;
  });
  return adjusted;
}

/** An estimate with its 95% bootstrap interval and a two-sided bootstrap p-value of "it is 0". */
export interface BootstrapEstimate {
  estimate: number;
  ciLow: number;
  ciHigh: number;
  /** 2 × the smaller share of resampled estimates on either side of 0 (at least one resample's worth). */
  pValue: number;
}

function estimateFromResamples(estimate: number, resampled: Float64Array): BootstrapEstimate {
  const [ciLow, ciHigh] = percentileInterval95(resampled);
  let atOrBelow = 0;
  let atOrAbove = 0;
  for (const value of resampled) {
    if (value <= 0) atOrBelow++;
    if (value >= 0) atOrAbove++;
  }
  const resamples = resampled.length;
  const pValue = Math.min(1, (2 * Math.max(1, Math.min(atOrBelow, atOrAbove))) / resamples);
  return { estimate, ciLow, ciHigh, pValue };
}

function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/**
 * The p-th percentile of paired differences with its seeded bootstrap interval. Resampling pairs and
 * taking the percentile of their differences is resampling the differences themselves, so the fast
 * order-statistic bootstrap of one sample applies. Needs at least 2 differences.
 */
export function bootstrapPercentileOfDifferences(differences: ArrayLike<number>, p = 50): BootstrapEstimate {
  if (differences.length < 2) throw new RangeError("bootstrapPercentileOfDifferences: at least 2 differences are needed");
  const sorted = sortedCopy(differences);
  return estimateFromResamples(percentile(sorted, p), resampledPercentiles(sorted, p));
}

/**
 * percentile_p(a) − percentile_p(b) for independent samples, with the seeded bootstrap interval of that
 * difference (each sample resampled on its own stream). Needs at least 2 values on each side.
 */
export function bootstrapPercentileDifference(a: ArrayLike<number>, b: ArrayLike<number>, p = 50): BootstrapEstimate {
  if (a.length < 2 || b.length < 2) throw new RangeError("bootstrapPercentileDifference: at least 2 values on each side are needed");
  const sortedA = sortedCopy(a);
  const sortedB = sortedCopy(b);
  const resampledA = resampledPercentiles(sortedA, p, { uniform: seededUniform(BOOTSTRAP_SEED) });
  const resampledB = resampledPercentiles(sortedB, p, { uniform: seededUniform(BOOTSTRAP_SEED + 1) });
  const differences = resampledA.map((value, index) => value - (resampledB[index] as number));
  return estimateFromResamples(percentile(sortedA, p) - percentile(sortedB, p), differences);
}

export interface ProportionDifference {
  /** successesA / nA − successesB / nB (here "successes" are failures: whatever is counted). */
  difference: number;
  /** Newcombe's hybrid score interval (his method 10), from Wilson intervals: sound near 0, where rates of failure live. */
  ciLow: number;
  ciHigh: number;
  /** The pooled two-proportion z test (the χ² test of a 2×2 table without continuity correction), two-sided. */
  pValue: number;
}

const Z_95 = 1.959963984540054;

function wilsonInterval(count: number, n: number): [number, number] {
  const proportion = count / n;
  const z2 = Z_95 * Z_95;
  const centre = (proportion + z2 / (2 * n)) / (1 + z2 / n);
  const halfWidth = (Z_95 / (1 + z2 / n)) * Math.sqrt((proportion * (1 - proportion)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - halfWidth), Math.min(1, centre + halfWidth)];
}

/** Compares two rates, countA of nA against countB of nB (nA, nB ≥ 1). */
export function compareProportions(countA: number, nA: number, countB: number, nB: number): ProportionDifference {
  if (!(nA >= 1 && nB >= 1)) throw new RangeError("compareProportions: each side needs at least one trial");
  const pA = countA / nA;
  const pB = countB / nB;
  const [lowA, highA] = wilsonInterval(countA, nA);
  const [lowB, highB] = wilsonInterval(countB, nB);
  const difference = pA - pB;
  const ciLow = difference - Math.sqrt((pA - lowA) ** 2 + (highB - pB) ** 2);
  const ciHigh = difference + Math.sqrt((highA - pA) ** 2 + (pB - lowB) ** 2);
  const pooled = (countA + countB) / (nA + nB);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / nA + 1 / nB));
  const pValue = standardError > 0 ? twoSidedNormalP(difference / standardError) : 1;
  return { difference, ciLow, ciHigh, pValue };
}
