// A client's timing error against timings known exactly: the self-check's figures (and the clock benchmark's).
import { percentile } from "../stats";

/** Median and p99 of |measured − exact|, in ms. */
export function timingErrors(measured: readonly number[], exactMs: number): { p50Ms: number; p99Ms: number } {
  const errors = Float64Array.from(measured, (value) => Math.abs(value - exactMs)).sort();
  return { p50Ms: percentile(errors, 50), p99Ms: percentile(errors, 99) };
}
