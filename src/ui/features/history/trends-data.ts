// The Trends view's data: one series of runs (core/change-points/run-series.ts) shaped into a chart per
// trend metric, a line per target with each run's value and interval from its stored summary, and the
// change points core/change-points/trend.ts finds, each tied to its target and to the first run after it.
// No metric is computed here: values, intervals and change points all come from core.
import { originLabel } from "../../../core/io/bundle";
import { buildTrend, TREND_METRICS, type TrendChangePoint, type TrendMetric, type MedianInterval } from "../../../core/change-points";
import type { SummaryRow } from "../../../core/stats";
import { targetDisplayName } from "../../../core/scenario";
import type { StoredRun } from "../../../store/db";
import { targetColor } from "../../components/ui/target-colors";

/** A run of the series with its summary rows (stored on the run, never recomputed from records here). */
export interface TrendRunInput {
  run: Pick<StoredRun, "id" | "startedAt" | "spec" | "origin" | "imported" | "scenarioName">;
  rows: readonly SummaryRow[];
}

/** One run as the view labels it. */
export interface TrendRunLabel {
  runId: string;
  startedAt: number;
  /** 1-based, oldest first: "run 8 of 12". */
  position: number;
  /** Where it was made, for a run from a bundle or an import ("server-eu", "GuideLLM"); null for one made here. */
  origin: string | null;
  /** The file it was imported from, when it was. */
  importedFrom: string | null;
}

export interface TrendChartPoint {
  runId: string;
  startedAt: number;
  position: number;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  /** The first run after a change point of this target and metric. */
  changeStartsHere: boolean;
}

export interface TrendChartLine {
  targetId: string;
  label: string;
  color: string;
  points: TrendChartPoint[];
}

export interface TrendChangeView {
  targetId: string;
  targetLabel: string;
  color: string;
  metricId: string;
  metricLabel: string;
  runId: string;
  position: number;
  startedAt: number;
  before: number;
  after: number;
  beforeCi: MedianInterval | null;
  afterCi: MedianInterval | null;
  pValue: number;
}

export interface TrendChartData {
  /** The trend metric (named as `trend --json` and `analyze` name it) with its catalogue entry. */
  trendMetric: TrendMetric;
  lines: TrendChartLine[];
  changePoints: TrendChangeView[];
}

export interface TrendsData {
  runs: TrendRunLabel[];
  /** Every target of the series, first seen first: the order of their colours. */
  targetIds: string[];
  /** One per trend metric that has a value in some run, in TREND_METRICS order. */
  charts: TrendChartData[];
}

function runLabel(input: TrendRunInput, position: number): TrendRunLabel {
  const { run } = input;
  return {
    runId: run.id,
    startedAt: run.startedAt,
    position,
    origin: run.origin === undefined ? null : originLabel(run.origin),
    importedFrom: run.imported?.fileName ?? null,
  };
}

/** The runs of one series shaped for the Trends view; `runs` in any order (they are ordered by start time). */
export function trendsData(runs: readonly TrendRunInput[]): TrendsData {
  const ordered = [...runs].sort((a, b) => a.run.startedAt - b.run.startedAt);
  const labels = ordered.map((input, index) => runLabel(input, index + 1));
  const positionOf = new Map(labels.map((label) => [label.runId, label.position]));
  const trend = buildTrend(ordered.map((input) => ({ runId: input.run.id, startedAt: input.run.startedAt, rows: input.rows })));
  const targetIds = [...new Set(trend.series.map((series) => series.targetId))];
  // Names from the latest run that has the target: a label renamed later is the one shown.
  const nameOf = (targetId: string): string => {
    const latest = [...ordered].reverse().find((input) => input.run.spec.targets.some((target) => target.id === targetId));
    return latest === undefined ? targetId : targetDisplayName(latest.run.spec, targetId);
  };
  const changeKey = (change: Pick<TrendChangePoint, "targetId" | "metric" | "runId">): string => `${change.targetId}\u0000${change.metric}\u0000${change.runId}`;
  const changeStarts = new Set(trend.changePoints.map(changeKey));
  const charts = TREND_METRICS.flatMap((trendMetric): TrendChartData[] => {
    const lines = trend.series
      .filter((series) => series.metric === trendMetric.id)
      .map(
        (series): TrendChartLine => ({
          targetId: series.targetId,
          label: nameOf(series.targetId),
          color: targetColor(series.targetId, targetIds),
          points: series.points.map((point) => ({
            ...point,
            position: positionOf.get(point.runId) ?? 0,
            changeStartsHere: changeStarts.has(changeKey({ targetId: series.targetId, metric: trendMetric.id, runId: point.runId })),
          })),
        }),
      );
    if (lines.length === 0) return [];
    const changePoints = trend.changePoints
      .filter((change) => change.metric === trendMetric.id)
      .map(
        (change): TrendChangeView => ({
          targetId: change.targetId,
          targetLabel: nameOf(change.targetId),
          color: targetColor(change.targetId, targetIds),
          metricId: change.metric,
          metricLabel: trendMetric.metric.label,
          runId: change.runId,
          position: positionOf.get(change.runId) ?? 0,
          startedAt: labels.find((label) => label.runId === change.runId)?.startedAt ?? 0,
          before: change.before,
          after: change.after,
          beforeCi: change.beforeCi,
          afterCi: change.afterCi,
          pValue: change.pValue,
        }),
      );
    return [{ trendMetric, lines, changePoints }];
  });
  return { runs: labels, targetIds, charts };
}
