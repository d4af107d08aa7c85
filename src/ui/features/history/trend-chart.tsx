// One trend metric over the runs of a series: a line per target in its colour, each point a run (its
// 95% interval as an error bar) and a link that opens the run; a change point is a ring on the first run
// after it, on its own target's line, with a dashed line in that target's colour across the chart.
import { useMemo } from "react";
import { CartesianGrid, ErrorBar, Line, LineChart, ReferenceLine, XAxis, YAxis } from "recharts";
import { formatNumberIn, formatValueIn, unitSymbol } from "../../../core/format";
import { routes } from "../../lib/hash-route";
import { axisLabel, ChartFrame, ChartLegend, niceTicks, type LegendItem } from "../compare";
import type { TrendChartData, TrendChartLine, TrendChartPoint, TrendRunLabel } from "./trends-data";

const DAY_MS = 86_400_000;

/** Dates when the runs span days, times of day when they do not. */
function timeTickFormat(spanMs: number): Intl.DateTimeFormat {
  return spanMs >= 2 * DAY_MS ? new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" }) : new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
}

const pointTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** What a point says to a screen reader and on hover: target, run, value with its interval, origin, change. */
export function pointDescription(chart: TrendChartData, line: TrendChartLine, point: TrendChartPoint, run: TrendRunLabel | undefined, runCount: number): string {
  const { unit, label } = chart.trendMetric.metric;
  const interval = point.ciLow !== null && point.ciHigh !== null ? ` (95% interval ${formatValueIn(unit, point.ciLow)} – ${formatValueIn(unit, point.ciHigh)})` : " (no interval)";
  const origin = run?.origin ? `, from ${run.origin}` : "";
  const change = point.changeStartsHere ? ". First run after a change point" : "";
  return `${line.label}, run ${point.position} of ${runCount} (${pointTimeFormat.format(point.startedAt)}${origin}): ${label} ${formatValueIn(unit, point.value)}${interval}${change}. Opens the run.`;
}

/** The definition beside the chart: the catalogue's, and what a point and its bar are. */
export function trendChartDefinition(chart: TrendChartData): string {
  const { metric } = chart.trendMetric;
  const interval =
    chart.trendMetric.id === "failureRate"
      ? "its bar the Wilson 95% interval"
      : metric.intervalMethod !== undefined
        ? `its bar the 95% interval (${metric.intervalMethod})`
        : "no interval (the summary keeps no per-request spread of it)";
  return `${metric.definition} Each point is one run's value, ${interval}. A ring marks the first run after a change point (E-Divisive means, permutation test at 0.05), on that target only.`;
}

interface TrendChartProps {
  chart: TrendChartData;
  runs: readonly TrendRunLabel[];
  height?: number;
}

export function TrendChart({ chart, runs, height = 240 }: TrendChartProps) {
  const { metric } = chart.trendMetric;
  const title = `${metric.label} over runs`;
  const runById = useMemo(() => new Map(runs.map((run) => [run.runId, run])), [runs]);
  const first = runs[0]?.startedAt ?? 0;
  const last = runs.at(-1)?.startedAt ?? first;
  // A little room either side, so the first and last points' rings are not cut by the axes.
  const pad = Math.max((last - first) * 0.04, 60_000);
  const timeFormat = timeTickFormat(last - first);
  const valueTicks = useMemo(() => {
    const ends = chart.lines.flatMap((line) => line.points.flatMap((point) => [point.value, point.ciLow ?? point.value, point.ciHigh ?? point.value]));
    const low = Math.min(...ends);
    const high = Math.max(...ends);
    return niceTicks(metric.unit === "fraction" || low >= 0 ? Math.max(0, low - (high - low) * 0.1) : low, high);
  }, [chart.lines, metric.unit]);
  const legend = useMemo<LegendItem[]>(() => chart.lines.map((line) => ({ label: line.label, color: line.color, mark: "line" })), [chart.lines]);
  const summary = chart.lines
    .map((line) => {
      const changes = chart.changePoints.filter((change) => change.targetId === line.targetId);
      const changeText = changes.length === 0 ? "no change point" : changes.map((change) => `a change from run ${change.position}`).join(", ");
      return `${line.label}: ${line.points.length} runs, ${changeText}`;
    })
    .join("; ");
  const unit = unitSymbol(metric.unit);
  return (
    <ChartFrame title={title} definition={trendChartDefinition(chart)} legend={legend} testId="trend-chart">
      <figcaption className="pb-chart-title" data-metric={chart.trendMetric.id}>
        {title}
      </figcaption>
      <LineChart
        responsive
        style={{ width: "100%", height }}
        margin={{ top: 10, right: 12, bottom: 14, left: 8 }}
        accessibilityLayer={false}
        title={title}
        desc={summary}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          type="number"
          dataKey="startedAt"
          domain={[first - pad, last + pad]}
          allowDuplicatedCategory={false}
          tickFormatter={(value: number) => timeFormat.format(value)}
          label={axisLabel("Run started", "x")}
        />
        <YAxis
          type="number"
          ticks={valueTicks}
          domain={[valueTicks[0] ?? "auto", valueTicks.at(-1) ?? "auto"]}
          tickFormatter={(value: number) => formatNumberIn(metric.unit, value)}
          width={64}
          label={axisLabel(unit === "" ? metric.label : `${metric.label} (${unit})`, "y")}
        />
        {chart.changePoints.map((change) => (
          <ReferenceLine key={`${change.targetId}:${change.runId}`} x={change.startedAt} stroke={change.color} strokeDasharray="5 4" strokeWidth={1.5} ifOverflow="extendDomain" />
        ))}
        {chart.lines.map((line) => (
          <Line
            key={line.targetId}
            data={line.points}
            dataKey="value"
            name={line.label}
            stroke={line.color}
            strokeWidth={2}
            isAnimationActive={false}
            activeDot={false}
            dot={(props: { cx?: number; cy?: number; payload?: TrendChartPoint; index?: number }) => (
              <TrendPointDot key={`${line.targetId}:${props.index ?? 0}`} cx={props.cx} cy={props.cy} point={props.payload} line={line} chart={chart} run={props.payload ? runById.get(props.payload.runId) : undefined} runCount={runs.length} />
            )}
          >
            <ErrorBar
              dataKey={(point: TrendChartPoint) => (point.ciLow === null || point.ciHigh === null ? null : [point.value - point.ciLow, point.ciHigh - point.value])}
              width={5}
              strokeWidth={1.2}
              stroke={line.color}
              direction="y"
              isAnimationActive={false}
            />
          </Line>
        ))}
      </LineChart>
      <ChartLegend items={legend} />
    </ChartFrame>
  );
}

interface TrendPointDotProps {
  cx: number | undefined;
  cy: number | undefined;
  point: TrendChartPoint | undefined;
  line: TrendChartLine;
  chart: TrendChartData;
  run: TrendRunLabel | undefined;
  runCount: number;
}

/** A run's point: an SVG link to the run (focusable, Enter opens it), ringed when a change starts here. */
function TrendPointDot({ cx, cy, point, line, chart, run, runCount }: TrendPointDotProps) {
  if (cx === undefined || cy === undefined || point === undefined || !Number.isFinite(cx) || !Number.isFinite(cy)) return <g />;
  const description = pointDescription(chart, line, point, run, runCount);
  return (
    <a
      href={routes.compare(point.runId)}
      className="trend-point"
      aria-label={description}
      data-testid="trend-point"
      data-target-id={line.targetId}
      data-run-id={point.runId}
      data-position={point.position}
      data-change={point.changeStartsHere ? "true" : undefined}
    >
      <title>{description}</title>
      {/* A larger, invisible target for the pointer. */}
      <circle cx={cx} cy={cy} r={11} fill="transparent" />
      {point.changeStartsHere ? (
        <circle className="trend-change-ring" data-testid="trend-change-marker" cx={cx} cy={cy} r={8.5} fill="none" stroke={line.color} strokeWidth={2.5} />
      ) : null}
      <circle className="trend-point-dot" cx={cx} cy={cy} r={run?.origin ? 4 : 4.5} fill={run?.origin ? "var(--pb-bg, #fff)" : line.color} stroke={line.color} strokeWidth={2} />
    </a>
  );
}
