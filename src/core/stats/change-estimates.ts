// What a run-against-run change is judged by: one estimate, its interval at any confidence and its p-value,
// all from one construction, so an interval at level 1 − a leaves 0 out exactly when p < a. A change is
// then never "within noise" beside an interval that excludes 0 (docs/metrics.md, "Run against run").
import { BOOTSTRAP_SEED, resampledPercentiles, seededUniform } from "./bootstrap";
import { percentile } from "./percentile";
import { twoSidedNormalP } from "./significance";

export interface ChangeEstimate {
  /** The change itself (after − before): what the table shows. */
  estimate: number;
  /** Two-sided p of "the change is 0": the least a at which interval(a) leaves 0 out. */
  pValue: number;
  /** The interval at confidence 1 − alpha. */
  interval(alpha: number): [number, number];
}

/**
 * Resamples for a change's interval: its tails are read at Holm's levels (0.05 / the lines judged, a
 * quarter of a percent for a table of 18), which a thousand resamples would leave to one or two of them.
 */
export const CHANGE_RESAMPLES = 20_000;

/**
 * An estimate and its bootstrap resamples (the percentile method). With the resamples sorted s₀ … s_{B−1},
 * the interval at 1 − a is [s_{c−1}, s_{B−c}] with c = ⌈a·B/2⌉, and p = 2 · min(#{s ≤ 0}, #{s ≥ 0}) / B:
 * the lower end is above 0 exactly when fewer than a·B/2 resamples are at or below 0, the upper end below
 * 0 exactly when fewer than a·B/2 are at or above it, so the interval leaves 0 out exactly when p < a.
 */
export function bootstrapChange(estimate: number, resampled: Float64Array): ChangeEstimate {
  const sorted = Float64Array.from(resampled).sort();
  const count = sorted.length;
  let atOrBelow = 0;
  let atOrAbove = 0;
  for (const value of sorted) {
    if (value <= 0) atOrBelow++;
    if (value >= 0) atOrAbove++;
  }
  return {
    estimate,
    pValue: Math.min(1, (2 * Math.min(atOrBelow, atOrAbove)) / count),
    interval(alpha) {
      const tail = Math.min(count, Math.max(1, Math.ceil((alpha * count) / 2)));
      return [sorted[tail - 1]!, sorted[count - tail]!];
    },
  };
}

/** The median of per-request differences (after − before, paired by request), by the bootstrap of the differences. */
export function medianOfDifferencesChange(differences: ArrayLike<number>): ChangeEstimate {
  if (differences.length < 2) throw new RangeError("medianOfDifferencesChange: at least 2 differences are needed");
  const sorted = Float64Array.from(differences).sort();
  return bootstrapChange(percentile(sorted, 50), resampledPercentiles(sorted, 50, { resamples: CHANGE_RESAMPLES }));
}

/** percentile_p(after) − percentile_p(before) of two independent samples, each resampled on its own stream. */
export function percentileDifferenceChange(after: ArrayLike<number>, before: ArrayLike<number>, p: number): ChangeEstimate {
  if (after.length < 2 || before.length < 2) throw new RangeError("percentileDifferenceChange: at least 2 values on each side are needed");
  const sortedAfter = Float64Array.from(after).sort();
  const sortedBefore = Float64Array.from(before).sort();
  const resampledAfter = resampledPercentiles(sortedAfter, p, { resamples: CHANGE_RESAMPLES, uniform: seededUniform(BOOTSTRAP_SEED) });
  const resampledBefore = resampledPercentiles(sortedBefore, p, { resamples: CHANGE_RESAMPLES, uniform: seededUniform(BOOTSTRAP_SEED + 1) });
  const differences = resampledAfter.map((value, index) => value - resampledBefore[index]!);
  return bootstrapChange(percentile(sortedAfter, p) - percentile(sortedBefore, p), differences);
}

function wilsonInterval(count: number, n: number, z: number): [number, number] {
  const proportion = count / n;
  const z2 = z * z;
  const centre = (proportion + z2 / (2 * n)) / (1 + z2 / n);
  const halfWidth = (z / (1 + z2 / n)) * Math.sqrt((proportion * (1 - proportion)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - halfWidth), Math.min(1, centre + halfWidth)];
}

/** Newcombe's hybrid score interval (his method 10) of countA/nA − countB/nB at the normal quantile z. */
function newcombeInterval(countA: number, nA: number, countB: number, nB: number, z: number): [number, number] {
  const pA = countA / nA;
  const pB = countB / nB;
  const [lowA, highA] = wilsonInterval(countA, nA, z);
  const [lowB, highB] = wilsonInterval(countB, nB, z);
  const difference = pA - pB;
  return [difference - Math.sqrt((pA - lowA) ** 2 + (highB - pB) ** 2), difference + Math.sqrt((highA - pA) ** 2 + (pB - lowB) ** 2)];
}

/** The z whose two-sided p is alpha (bisection: twoSidedNormalP falls as z grows). */
function normalQuantileTwoSided(alpha: number): number {
  let low = 0;
  let high = 40;
  for (let step = 0; step < 100; step++) {
    const middle = (low + high) / 2;
    if (twoSidedNormalP(middle) > alpha) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * A difference of two rates (after − before) with Newcombe's interval, its p-value that interval's own: the
 * p of the widest interval that still leaves 0 out (bisection over z, the interval widening as z grows).
 */
export function proportionDifferenceChange(countAfter: number, nAfter: number, countBefore: number, nBefore: number): ChangeEstimate {
  if (!(nAfter >= 1 && nBefore >= 1)) throw new RangeError("proportionDifferenceChange: each side needs at least one trial");
  const interval = (z: number): [number, number] => newcombeInterval(countAfter, nAfter, countBefore, nBefore, z);
  const excludesZero = (z: number): boolean => {
    const [low, high] = interval(z);
    return low > 0 || high < 0;
  };
  let pValue = 1;
  if (excludesZero(0)) {
    let inside = 0;
    let outside = 40;
    if (excludesZero(outside)) pValue = 0;
    else {
      // inside: a z whose interval leaves 0 out; outside: one whose interval holds it.
      for (let step = 0; step < 100; step++) {
        const middle = (inside + outside) / 2;
        if (excludesZero(middle)) inside = middle;
        else outside = middle;
      }
      pValue = twoSidedNormalP(outside);
    }
  }
  return {
    estimate: countAfter / nAfter - countBefore / nBefore,
    pValue,
    interval: (alpha) => interval(normalQuantileTwoSided(alpha)),
  };
}

/**
 * The confidence level of each line's interval when the lines are judged together by Holm's step-down:
 * sorted by p, the i-th (from 0) of m is tested at alpha / (m − i) while every one before it was rejected,
 * and every line from the first not rejected on is shown at that first one's level. A line's interval
 * then leaves 0 out exactly when Holm rejects it. In the input's order.
 */
export function holmLevels(pValues: readonly number[], alpha: number): number[] {
  const m = pValues.length;
  const order = pValues.map((_, index) => index).sort((left, right) => pValues[left]! - pValues[right]!);
  const levels = new Array<number>(m);
  let stoppedAt: number | null = null;
  order.forEach((index, position) => {
    const level = alpha / (m - position);
    if (stoppedAt === null && !(pValues[index]! < level)) stoppedAt = level;
    levels[index] = stoppedAt ?? level;
  });
  return levels;
}
