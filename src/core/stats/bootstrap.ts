// The seeded bootstrap of a percentile, shared by the summary's intervals and the paired comparisons.
// Seeded, so the same values always give the same interval (summaries and verdicts are compared across runs).
import { percentile } from "./percentile";
import { gammaVariate, mulberry32, openUnit, type Random } from "../random";

export const BOOTSTRAP_RESAMPLES = 1000;
export const BOOTSTRAP_SEED = 0x5eed_b007;

/** Seeded and strictly inside (0, 1), so log() in the gamma variates never sees 0. */
export function seededUniform(seed: number): Random {
  return openUnit(mulberry32(seed));
}

function beta(a: number, b: number, uniform: Random): number {
  const x = gammaVariate(a, uniform);
  return x / (x + gammaVariate(b, uniform));
}

/**
 * The p-th percentile of each of `resamples` bootstrap resamples of sortedValues (n ≥ 1), in the order
 * drawn: two samples' estimates subtracted index by index give the bootstrap of a difference.
 *
 * A plain bootstrap draws n indices per resample: 1000 × n draws, far too slow at a million records.
 * It is not needed: resampling picks indices floor(n·U) for uniform U, so the k-th smallest resampled
 * index is floor(n·U₍ₖ₎), where the k-th order statistic of n uniforms is Beta(k, n − k + 1), and the
 * next one is U₍ₖ₎ + (1 − U₍ₖ₎)·Beta(1, n − k). Drawing those two directly gives the very same
 * distribution of resampled percentiles as the plain bootstrap, in O(1) per resample.
 */
export function resampledPercentiles(
  sortedValues: ArrayLike<number>,
  p: number,
  options: { resamples?: number; uniform?: Random } = {},
): Float64Array {
  const n = sortedValues.length;
  if (n === 0) throw new RangeError("resampledPercentiles: no values");
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const uniform = options.uniform ?? seededUniform(BOOTSTRAP_SEED);
  const rankPosition = ((n - 1) * p) / 100;
  const lowerRank = Math.floor(rankPosition) + 1; // 1-based rank of the lower of the two interpolated values
  const fraction = rankPosition - Math.floor(rankPosition);
  const indexOf = (u: number) => Math.min(n - 1, Math.floor(n * u));

  const percentiles = new Float64Array(resamples);
  for (let i = 0; i < resamples; i++) {
    const lowerU = beta(lowerRank, n - lowerRank + 1, uniform);
    const lowerValue = sortedValues[indexOf(lowerU)] as number;
    if (fraction === 0) {
      percentiles[i] = lowerValue;
      continue;
    }
    const upperU = lowerU + (1 - lowerU) * (1 - uniform() ** (1 / (n - lowerRank)));
    const upperValue = sortedValues[indexOf(upperU)] as number;
    percentiles[i] = lowerValue + fraction * (upperValue - lowerValue);
  }
  return percentiles;
}

/** The 2.5th and 97.5th percentiles of bootstrap estimates (the percentile method). */
export function percentileInterval95(estimates: Float64Array): [number, number] {
  const sorted = Float64Array.from(estimates).sort();
  return [percentile(sorted, 2.5), percentile(sorted, 97.5)];
}

/** Bootstrap 95% CI (percentile method) of the p-th percentile of sortedValues; null with fewer than 2 values. */
export function bootstrapPercentileCi95(sortedValues: ArrayLike<number>, p: number): [number, number] | null {
  if (sortedValues.length < 2) return null;
  return percentileInterval95(resampledPercentiles(sortedValues, p));
}
