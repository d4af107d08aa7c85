// The one percentile rule: linear interpolation between closest ranks (numpy's default, R-7).
import { quantileSorted } from "d3-array";

/** The p-th percentile (p in [0, 100]) of ascending values. */
export function percentile(sortedValues: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be in [0, 100], got ${p}`);
  if (sortedValues.length === 0) throw new RangeError("percentile: no values");
  // d3's types ask for an Array, but quantileSorted only reads .length and indices, so a typed array
  // works as is; copying a million latencies into an Array just to satisfy the type would be waste.
  return quantileSorted(sortedValues as unknown as number[], p / 100) as number;
}

/** The median of values in any order (copied, not sorted in place); null when there are none. */
export function median(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  return percentile(Float64Array.from(values).sort(), 50);
}
