// One trend metric over the runs of a series: a line per target in its colour, each point a run (its
// 95% interval as an error bar) and a link that opens the run; a change point is a ring on the first run
// after it, on its own target's line, with a dashed line in that target's colour across the chart.
// One point of a chart is in the Tab order; the arrow keys move along a line (runs) and across lines
// (targets), so a keyboard gets through a chart of many runs without a Tab stop per point.
import { max, min } from "d3-array";
import { createContext, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { CartesianGrid, ErrorBar, Line, LineChart, ReferenceLine, XAxis, YAxis } from "recharts";
import { formatNumberIn, formatValueIn, unitSymbol } from "../../../core/text";
import { routes } from "../../lib/hash-route";
import { axisLabel, niceTicks } from "../../components/charts/chart-format";
import { ChartFrame } from "../../components/charts/chart-frame";
import { ChartLegend, type LegendItem } from "../../components/charts/chart-parts";
import type { TrendChartData, TrendChartLine, TrendChartPoint, TrendRunLabel } from "./trends-data";

const DAY_MS = 86_400_000;

const HOUR_MS = 3_600_000;

/** Dates when the runs span days, times of day when they do not, with seconds when they are minutes apart. */
function timeTickFormat(spanMs: number): Intl.DateTimeFormat {
  if (spanMs >= 2 * DAY_MS) return new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
  return new Intl.DateTimeFormat(undefined, spanMs >= HOUR_MS ? { hour: "2-digit", minute: "2-digit" } : { hour: "2-digit", minute: "2-digit", second: "2-digit" });
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

/** Where a chart's keyboard focus is: a line and a point on it. */
interface PointCursor {
  line: number;
  point: number;
}

/** The first ringed point, else the first target's first run: where Tab enters the chart. */
function firstCursor(lines: readonly TrendChartLine[]): PointCursor {
  for (let line = 0; line < lines.length; line++) {
    const point = lines[line]!.points.findIndex((candidate) => candidate.changeStartsHere);
    if (point >= 0) return { line, point };
  }
  return { line: 0, point: 0 };
}

/** The cursor an arrow key moves to: along the line for ←/→ (Home/End to its ends), to the same run on the next line for ↑/↓. */
export function movedCursor(lines: readonly TrendChartLine[], cursor: PointCursor, key: string): PointCursor | null {
  const line = lines[cursor.line];
  if (line === undefined) return null;
  const last = line.points.length - 1;
  if (key === "ArrowRight") return { line: cursor.line, point: Math.min(last, cursor.point + 1) };
  if (key === "ArrowLeft") return { line: cursor.line, point: Math.max(0, cursor.point - 1) };
  if (key === "Home") return { line: cursor.line, point: 0 };
  if (key === "End") return { line: cursor.line, point: last };
  if (key !== "ArrowUp" && key !== "ArrowDown") return null;
  const next = (cursor.line + (key === "ArrowDown" ? 1 : -1) + lines.length) % lines.length;
  const position = line.points[cursor.point]?.position ?? 0;
  const points = lines[next]!.points;
  // The same run on the other target, else its nearest run.
  let nearest = 0;
  points.forEach((point, index) => {
    if (Math.abs(point.position - position) < Math.abs(points[nearest]!.position - position)) nearest = index;
  });
  return { line: next, point: nearest };
}

/**
 * The keyboard cursor reaches the points through context, not through the dot renderer's props: the
 * renderer stays the same function, so recharts keeps the points (and the focus on one) when it moves.
 */
interface PointKeys {
  cursor: PointCursor;
  onFocus: (at: PointCursor) => void;
  onKeyDown: (event: KeyboardEvent<Element>, at: PointCursor) => void;
}
const PointKeysContext = createContext<PointKeys>({ cursor: { line: 0, point: 0 }, onFocus: () => undefined, onKeyDown: () => undefined });

type DotProps = { cx?: number; cy?: number; payload?: TrendChartPoint; index?: number };

export function TrendChart({ chart, runs, height = 240 }: TrendChartProps) {
  const { metric } = chart.trendMetric;
  const surface = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<PointCursor>(() => firstCursor(chart.lines));
  const runById = useMemo(() => new Map(runs.map((run) => [run.runId, run])), [runs]);
  // Set by an arrow key: the point the cursor moved to takes the focus once it is drawn.
  const focusPending = useRef(false);
  const onPointKey = (event: KeyboardEvent<Element>, at: PointCursor): void => {
    const next = movedCursor(chart.lines, at, event.key);
    if (next === null) return;
    event.preventDefault();
    focusPending.current = true;
    setCursor(next);
  };
  const onPointFocus = (at: PointCursor): void => setCursor((current) => (current.line === at.line && current.point === at.point ? current : at));
  const pointKeys: PointKeys = { cursor, onFocus: onPointFocus, onKeyDown: onPointKey };
  // One renderer per line, made again only when the data changes.
  const dotRenderers = useMemo(
    () =>
      chart.lines.map((line, lineIndex) => {
        const renderDot = (props: DotProps) => (
          <TrendPointDot
            key={`${line.targetId}:${props.index ?? 0}`}
            cx={props.cx}
            cy={props.cy}
            point={props.payload}
            line={line}
            lineIndex={lineIndex}
            pointIndex={props.index ?? 0}
            chart={chart}
            run={props.payload ? runById.get(props.payload.runId) : undefined}
            runCount={runs.length}
          />
        );
        return renderDot;
      }),
    [chart, runById, runs.length],
  );
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const line = chart.lines[cursor.line];
    const runId = line?.points[cursor.point]?.runId;
    if (line === undefined || runId === undefined) return;
    surface.current?.querySelector<SVGElement>(`a[data-target-id="${CSS.escape(line.targetId)}"][data-run-id="${CSS.escape(runId)}"]`)?.focus();
  }, [cursor, chart.lines]);
  const title = `${metric.label} over runs`;
  const first = runs[0]?.startedAt ?? 0;
  const last = runs.at(-1)?.startedAt ?? first;
  // A little room either side, so the first and last points' rings are not cut by the axes.
  const pad = Math.max((last - first) * 0.04, 1000);
  const timeFormat = useMemo(() => timeTickFormat(last - first), [last, first]);
  // Ticks at runs' start times (at most six, spread evenly), so each names a run rather than a round
  // time that repeats when the runs are minutes apart; recharts drops those that would overlap.
  const timeTicks = useMemo(() => {
    const times = [...new Set(runs.map((run) => run.startedAt))];
    if (times.length <= 6) return times;
    return [...new Set(Array.from({ length: 6 }, (_, index) => times[Math.round((index * (times.length - 1)) / 5)]!))];
  }, [runs]);
  const valueTicks = useMemo(() => {
    const ends = chart.lines.flatMap((line) => line.points.flatMap((point) => [point.value, point.ciLow ?? point.value, point.ciHigh ?? point.value]));
    // Loops, not spreads: three values per run, and a folder of runs is any size.
    const low = min(ends) ?? 0;
    const high = max(ends) ?? 0;
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
  // The full name when it fits along the axis, else the catalogue's short header ("Cost/1k req (USD)").
  const yAxisTitle = [metric.label, metric.header].map((name) => (unit === "" ? name : `${name} (${unit})`)).find((name) => name.length <= 22) ?? unit;
  // Drawn again only when the data changes: a keyboard cursor move re-renders the points alone (through
  // context), since recharts redrawn would replace the focused point's element and drop the focus.
  const plot = useMemo(
    () => (
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
          ticks={timeTicks}
          interval="preserveStartEnd"
          allowDuplicatedCategory={false}
          tickFormatter={(value: number) => timeFormat.format(value)}
          label={axisLabel("Run started", "x")}
        />
        <YAxis
          type="number"
          ticks={valueTicks}
          domain={[valueTicks[0] ?? "auto", valueTicks.at(-1) ?? "auto"]}
          tickFormatter={(value: number) => (value === 0 ? "0" : formatNumberIn(metric.unit, value))}
          width={64}
          label={axisLabel(yAxisTitle, "y")}
        />
        {chart.changePoints.map((change) => (
          <ReferenceLine key={`${change.targetId}:${change.runId}`} x={change.startedAt} stroke={change.color} strokeDasharray="5 4" strokeWidth={1.5} ifOverflow="extendDomain" />
        ))}
        {chart.lines.map((line, lineIndex) => (
          <Line
            key={line.targetId}
            data={line.points}
            dataKey="value"
            name={line.label}
            stroke={line.color}
            strokeWidth={2}
            isAnimationActive={false}
            activeDot={false}
            dot={dotRenderers[lineIndex]}
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
    ),
    [chart, dotRenderers, first, last, pad, height, title, summary, timeFormat, timeTicks, valueTicks, metric, yAxisTitle],
  );
  return (
    <ChartFrame title={title} definition={trendChartDefinition(chart)} legend={legend} testId="trend-chart">
      <figcaption className="pb-chart-title" data-metric={chart.trendMetric.id}>
        {title}
      </figcaption>
      <div ref={surface}>
        <PointKeysContext.Provider value={pointKeys}>{plot}</PointKeysContext.Provider>
      </div>
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
  lineIndex: number;
  pointIndex: number;
}

/** A run's point: an SVG link to the run (focusable, Enter opens it), ringed when a change starts here. */
function TrendPointDot({ cx, cy, point, line, lineIndex, pointIndex, chart, run, runCount }: TrendPointDotProps) {
  const keys = useContext(PointKeysContext);
  if (cx === undefined || cy === undefined || point === undefined || !Number.isFinite(cx) || !Number.isFinite(cy)) return <g />;
  const description = pointDescription(chart, line, point, run, runCount);
  return (
    <a
      href={routes.compare(point.runId)}
      className="trend-point"
      tabIndex={keys.cursor.line === lineIndex && keys.cursor.point === pointIndex ? 0 : -1}
      onFocus={() => keys.onFocus({ line: lineIndex, point: pointIndex })}
      onKeyDown={(event) => keys.onKeyDown(event, { line: lineIndex, point: pointIndex })}
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
