// Change points of one target's metric over runs: where E-Divisive means splits the series, with the
// medians of the runs on either side (between the neighbouring change points), their 95% intervals, and
// the test's p-value.
import { bootstrapPercentileCi95, minValuesForPercentileInterval, percentileCi95, percentile } from "../stats";
import { eDivisive, type EDivisiveOptions } from "./e-divisive";

/** How a median's interval was made: order statistics from 6 runs on, a seeded bootstrap below that. */
export type MedianIntervalMethod = "order statistics" | "bootstrap";

/** A 95% interval of the median of a few runs' values. */
export interface MedianInterval {
  low: number;
  high: number;
  method: MedianIntervalMethod;
}

export interface SeriesChange {
  /** Index of the first run after the change. */
  index: number;
  /** Median of the per-run values from the previous change point (or the first run) up to this one. */
  before: number;
  /** Median of the per-run values from this change point up to the next (or the last run). */
  after: number;
  /** 95% interval of `before`; null only for a side of fewer than 2 runs (E-Divisive never makes one). */
  beforeCi: MedianInterval | null;
  afterCi: MedianInterval | null;
  pValue: number;
}

/** The fewest runs for which the order-statistic interval of a median exists (6: 0.5⁶ < 2.5%). */
export const MIN_RUNS_FOR_ORDER_STATISTIC_MEDIAN = minValuesForPercentileInterval(0.5);

function sortedOf(values: readonly number[]): Float64Array {
  return Float64Array.from(values).sort();
}

/**
 * The 95% interval of the median of per-run values: the distribution-free order-statistic interval (as
 * the summaries' percentiles have) when there are enough runs, else the seeded bootstrap's percentile
 * interval, which exists from 2 values but is narrower than it should be on so few.
 */
export function medianInterval(values: readonly number[]): MedianInterval | null {
  const sorted = sortedOf(values);
  if (sorted.length >= MIN_RUNS_FOR_ORDER_STATISTIC_MEDIAN) {
    const ci = percentileCi95(sorted, 50);
    if (ci.low !== null && ci.high !== null) return { low: ci.low, high: ci.high, method: "order statistics" };
  }
  const ends = bootstrapPercentileCi95(sorted, 50);
  return ends === null ? null : { low: ends[0], high: ends[1], method: "bootstrap" };
}

function medianOf(values: readonly number[]): number {
  return percentile(sortedOf(values), 50);
}

/** The change points of a series of per-run values (one per run, in run order). */
export function seriesChanges(values: readonly number[], options: EDivisiveOptions = {}): SeriesChange[] {
  const points = eDivisive(values, options);
  const bounds = [0, ...points.map((point) => point.index), values.length];
  return points.map((point, position) => {
    const before = values.slice(bounds[position] as number, point.index);
    const after = values.slice(point.index, bounds[position + 2] as number);
    return {
      index: point.index,
      before: medianOf(before),
      after: medianOf(after),
      beforeCi: medianInterval(before),
      afterCi: medianInterval(after),
      pValue: point.pValue,
    };
  });
}
