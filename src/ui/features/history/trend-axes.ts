// A trend chart's axes: run start times along the bottom, the metric's values up the side, each with
// ticks that name something the reader can find among the points.
import { max, min } from "d3-array";
import { useMemo } from "react";
import { unitSymbol } from "../../../core/text";
import { niceTicks } from "../../components/charts/chart-format";
import type { TrendChartData, TrendChartLine, TrendRunLabel } from "./trends-data";

const DAY_MS = 86_400_000;

const HOUR_MS = 3_600_000;

/** Dates when the runs span days, times of day when they do not, with seconds when they are minutes apart. */
function timeTickFormat(spanMs: number): Intl.DateTimeFormat {
  if (spanMs >= 2 * DAY_MS) return new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
  return new Intl.DateTimeFormat(undefined, spanMs >= HOUR_MS ? { hour: "2-digit", minute: "2-digit" } : { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export interface TrendAxes {
  /** From a little before the first run to a little after the last. */
  timeDomain: [number, number];
  timeTicks: number[];
  timeFormat: Intl.DateTimeFormat;
  valueTicks: number[];
  yAxisTitle: string;
}

/** The axes of `chart` over `runs`, made again only when either changes. */
export function useTrendAxes(chart: TrendChartData, runs: readonly TrendRunLabel[]): TrendAxes {
  const { lines } = chart;
  const { metric } = chart.trendMetric;
  return useMemo(() => {
    const first = runs[0]?.startedAt ?? 0;
    const last = runs.at(-1)?.startedAt ?? first;
    // A little room either side, so the first and last points' rings are not cut by the axes.
    const pad = Math.max((last - first) * 0.04, 1000);
    return {
      timeDomain: [first - pad, last + pad],
      timeTicks: runStartTicks(runs),
      timeFormat: timeTickFormat(last - first),
      valueTicks: valueTicksOf(lines, metric.unit === "fraction"),
      yAxisTitle: yAxisTitleOf(metric),
    };
  }, [runs, lines, metric]);
}

/**
 * Ticks at runs' start times (at most six, spread evenly), so each names a run rather than a round
 * time that repeats when the runs are minutes apart; recharts drops those that would overlap.
 */
function runStartTicks(runs: readonly TrendRunLabel[]): number[] {
  const times = [...new Set(runs.map((run) => run.startedAt))];
  if (times.length <= 6) return times;
  return [...new Set(Array.from({ length: 6 }, (_, index) => times[Math.round((index * (times.length - 1)) / 5)]!))];
}

function valueTicksOf(lines: readonly TrendChartLine[], isFraction: boolean): number[] {
  const ends = lines.flatMap((line) => line.points.flatMap((point) => [point.value, point.ciLow ?? point.value, point.ciHigh ?? point.value]));
  // Loops, not spreads: three values per run, and a folder of runs is any size.
  const low = min(ends) ?? 0;
  const high = max(ends) ?? 0;
  return niceTicks(isFraction || low >= 0 ? Math.max(0, low - (high - low) * 0.1) : low, high);
}

/** The full name when it fits along the axis, else the catalogue's short header ("Cost/1k req (USD)"). */
function yAxisTitleOf(metric: TrendChartData["trendMetric"]["metric"]): string {
  const unit = unitSymbol(metric.unit);
  return [metric.label, metric.header].map((name) => (unit === "" ? name : `${name} (${unit})`)).find((name) => name.length <= 22) ?? unit;
}
