// Runs ordered by start time into series (per target and metric, one point per run with its interval),
// and the change points of each series (series.ts). What `trend --json` writes, exactly.
import { intervalEnds } from "../intervals";
import { wilsonInterval95 } from "../proportion";
import type { SummaryRow } from "../stats";
import { seriesChanges } from "./series";

/** One run as the trend sees it: its summary rows. */
export interface TrendRun {
  runId: string;
  startedAt: number;
  rows: readonly SummaryRow[];
}

interface TrendMetric {
  /** Named as `analyze` and --max-regression name them. */
  id: string;
  /** The run's value with its 95% interval, or null when the target has none in that run. */
  point(row: SummaryRow): { value: number; ciLow: number | null; ciHigh: number | null } | null;
}

function percentilePoint(metric: "latencyMs" | "ttftMs" | "outputTokensPerSecond", key: "p50" | "p90"): TrendMetric {
  return {
    id: `${metric}.${key}`,
    point(row) {
      const value = row[metric][key];
      if (value === null) return null;
      const ends = intervalEnds(row[metric].ci95[key]);
      return { value, ciLow: ends?.[0] ?? null, ciHigh: ends?.[1] ?? null };
    },
  };
}

export const TREND_METRICS: readonly TrendMetric[] = [
  percentilePoint("latencyMs", "p50"),
  percentilePoint("latencyMs", "p90"),
  percentilePoint("ttftMs", "p50"),
  percentilePoint("outputTokensPerSecond", "p50"),
  {
    id: "failureRate",
    point(row) {
      if (row.failureRate === null) return null;
      const ends = wilsonInterval95(row.failedRequests, row.requests);
      return { value: row.failureRate, ciLow: ends?.[0] ?? null, ciHigh: ends?.[1] ?? null };
    },
  },
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
  before: number;
  after: number;
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
        changePoints.push({ targetId, metric: metric.id, runId: points[change.index]!.runId, before: change.before, after: change.after, pValue: change.pValue });
      }
    }
  }
  return { series, changePoints };
}
