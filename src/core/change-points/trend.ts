// Runs ordered by start time into series (per target and metric, one point per run with its interval),
// and the change points of each series (series.ts). What `trend --json` writes, exactly.
import { intervalOf, metricById, type Metric } from "../metrics";
import { wilsonInterval95, type SummaryRow } from "../stats";
import { seriesChanges, type MedianInterval } from "./series";

/** One run as the trend sees it: its summary rows. */
export interface TrendRun {
  runId: string;
  startedAt: number;
  rows: readonly SummaryRow[];
}

export interface TrendMetric {
  /** Named as `analyze` and --max-regression name them. */
  id: string;
  /** Its entry in the metric catalogue: the value, its label, unit, better direction and interval. */
  metric: Metric;
  /** The run's value with its 95% interval, or null when the target has none in that run. */
  point(row: SummaryRow): { value: number; ciLow: number | null; ciHigh: number | null } | null;
}

/** A catalogue metric as a trend reads it: its value and, where the catalogue has one, its interval. */
function catalogueTrendMetric(id: string, catalogueId: string): TrendMetric {
  const metric = metricById(catalogueId);
  return {
    id,
    metric,
    point(row) {
      const value = metric.value(row);
      if (value === null) return null;
      const ends = intervalOf(metric, row);
      return { value, ciLow: ends?.[0] ?? null, ciHigh: ends?.[1] ?? null };
    },
  };
}

const FAILURE_RATE = metricById("failureRate");

export const TREND_METRICS: readonly TrendMetric[] = [
  catalogueTrendMetric("latencyMs.p50", "latencyP50Ms"),
  catalogueTrendMetric("latencyMs.p90", "latencyP90Ms"),
  catalogueTrendMetric("ttftMs.p50", "ttftP50Ms"),
  catalogueTrendMetric("outputTokensPerSecond.p50", "outputTokensPerSecondP50"),
  {
    id: "failureRate",
    metric: FAILURE_RATE,
    point(row) {
      const value = FAILURE_RATE.value(row);
      if (value === null) return null;
      // The catalogue's failure rate carries no interval of its own; Wilson's, as `analyze` and the gate judge rates.
      const ends = wilsonInterval95(row.failedRequests, row.requests);
      return { value, ciLow: ends?.[0] ?? null, ciHigh: ends?.[1] ?? null };
    },
  },
  // A mean over the priced requests: the summary keeps no per-request spread of cost, so no interval.
  catalogueTrendMetric("costPer1000RequestsUsd", "costPer1000RequestsUsd"),
];

export interface TrendPoint {
  runId: string;
  startedAt: number;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface TrendSeries {
  targetId: string;
  metric: string;
  points: TrendPoint[];
}

export interface TrendChangePoint {
  targetId: string;
  metric: string;
  /** The first run after the change. */
  runId: string;
  /** Medians of the per-run values before and after it (series.ts). */
  before: number;
  after: number;
  /** Their 95% intervals: order statistics from 6 runs on a side, a seeded bootstrap below that. */
  beforeCi: MedianInterval | null;
  afterCi: MedianInterval | null;
  pValue: number;
}

export interface Trend {
  series: TrendSeries[];
  changePoints: TrendChangePoint[];
}

/** Series for every target (first-seen order over the runs by start time) and metric, and their change points. */
export function buildTrend(runs: readonly TrendRun[]): Trend {
  const ordered = [...runs].sort((a, b) => a.startedAt - b.startedAt);
  const targetIds = [...new Set(ordered.flatMap((run) => run.rows.map((row) => row.targetId)))];
  const series: TrendSeries[] = [];
  const changePoints: TrendChangePoint[] = [];
  for (const targetId of targetIds) {
    for (const metric of TREND_METRICS) {
      const points = ordered.flatMap((run) => {
        const row = run.rows.find((candidate) => candidate.targetId === targetId);
        const point = row === undefined ? null : metric.point(row);
        return point === null ? [] : [{ runId: run.runId, startedAt: run.startedAt, ...point }];
      });
      if (points.length === 0) continue;
      series.push({ targetId, metric: metric.id, points });
      for (const change of seriesChanges(points.map((point) => point.value))) {
        changePoints.push({
          targetId,
          metric: metric.id,
          runId: points[change.index]!.runId,
          before: change.before,
          after: change.after,
          beforeCi: change.beforeCi,
          afterCi: change.afterCi,
          pValue: change.pValue,
        });
      }
    }
  }
  return { series, changePoints };
}
