// Change points of one target's metric over runs: where E-Divisive means splits the series, with the
// medians of the runs on either side (between the neighbouring change points) and the test's p-value.
import { percentile } from "../percentile";
import { eDivisive, type EDivisiveOptions } from "./e-divisive";

export interface SeriesChange {
  /** Index of the first run after the change. */
  index: number;
  /** Median of the per-run values from the previous change point (or the first run) up to this one. */
  before: number;
  /** Median of the per-run values from this change point up to the next (or the last run). */
  after: number;
  pValue: number;
}

function medianOf(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

/** The change points of a series of per-run values (one per run, in run order). */
export function seriesChanges(values: readonly number[], options: EDivisiveOptions = {}): SeriesChange[] {
  const points = eDivisive(values, options);
  const bounds = [0, ...points.map((point) => point.index), values.length];
  return points.map((point, position) => ({
    index: point.index,
    before: medianOf(values.slice(bounds[position] as number, point.index)),
    after: medianOf(values.slice(point.index, bounds[position + 2] as number)),
    pValue: point.pValue,
  }));
}
