// Percentiles of unsorted samples, with the project's definition (linear interpolation, as numpy).
import { percentile } from "../../src/core/stats";

export function percentileOf(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error(`percentile ${p} of no samples`);
  return percentile(Float64Array.from(values).sort(), p);
}
