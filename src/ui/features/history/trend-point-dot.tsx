// A trend chart's points: each run an SVG link to the run, described for a screen reader and on hover,
// ringed when a change starts there, and in the Tab order when the keyboard cursor is on it.
import { useContext, useMemo, type ReactElement } from "react";
import { formatValueIn } from "../../../core/text";
import { routes } from "../../lib/hash-route";
import { PointKeysContext } from "./trend-point-cursor";
import type { TrendChartData, TrendChartLine, TrendChartPoint, TrendRunLabel } from "./trends-data";

const pointTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** What a point says to a screen reader and on hover: target, run, value with its interval, origin, change. */
export function pointDescription(chart: TrendChartData, line: TrendChartLine, point: TrendChartPoint, run: TrendRunLabel | undefined, runCount: number): string {
  const { unit, label } = chart.trendMetric.metric;
  const interval = point.ciLow !== null && point.ciHigh !== null ? ` (95% interval ${formatValueIn(unit, point.ciLow)} – ${formatValueIn(unit, point.ciHigh)})` : " (no interval)";
  const origin = run?.origin ? `, from ${run.origin}` : "";
  const change = point.changeStartsHere ? ". First run after a change point" : "";
  return `${line.label}, run ${point.position} of ${runCount} (${pointTimeFormat.format(point.startedAt)}${origin}): ${label} ${formatValueIn(unit, point.value)}${interval}${change}. Opens the run.`;
}

export type DotProps = { cx?: number; cy?: number; payload?: TrendChartPoint; index?: number };

/** One dot renderer per line, made again only when the data changes. */
export function useDotRenderers(chart: TrendChartData, runs: readonly TrendRunLabel[]): ((props: DotProps) => ReactElement)[] {
  const runById = useMemo(() => new Map(runs.map((run) => [run.runId, run])), [runs]);
  return useMemo(
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
