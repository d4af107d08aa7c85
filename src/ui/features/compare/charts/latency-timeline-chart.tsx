import { useMemo } from "react";
import { CartesianGrid, Legend, ScatterChart, XAxis, YAxis } from "recharts";
import type { RecordColumns } from "../../../../core/record/record-columns";
import { formatMs } from "../../../components/ui/format";
import { axisLabel, niceTicks, tickNumber } from "../../../components/charts/chart-format";
import { chartDefinition } from "./chart-definitions";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, ChartTooltipBox, type LegendItem } from "../../../components/charts/chart-parts";
import { latencyTimelineSeries, TIMELINE_POINTS_PER_SERIES, type TimelinePoint } from "./record-series";
import { dotSeriesOfTargets, ScatterDots } from "./scatter-dots";
import type { TargetInfo } from "../target-info";
import type { RunTimeAxis } from "./run-time-axis";
import "../compare.css";

/** A point as drawn: which target it belongs to travels with it, for the tooltip. */
interface TargetPoint extends TimelinePoint {
  targetId: string;
}

/** The legend's key to the marks: failures are crosses in their target's colour. */
export const FAILED_REQUEST_LEGEND = "failed request";

const TITLE = "Latency over the run";
const DEFINITION = chartDefinition(
  `One mark per measured attempt: when it started in the run across, its latency up; failed attempts are crosses in their target's colour. Throttling, queueing, drift and cold starts show as a trend or a burst. At most ${TIMELINE_POINTS_PER_SERIES} attempts per target are drawn, evenly spread through the run, failures kept first.`,
  ["latencyP50Ms"],
);

// Successes are dots; failures are crosses in the same colour, so a burst of errors stands out.
const startedAt = (point: TimelinePoint): number => point.offsetSeconds;
const latency = (point: TimelinePoint): number => point.latencyMs;
const failed = (point: TimelinePoint): boolean => point.failed;

/** One legend entry per target (a dot), then the cross that marks a failed request. */
export function timelineLegendItems(targets: TargetInfo[]): LegendItem[] {
  return [
    ...targets.map((target) => ({ label: target.label, color: target.color, mark: "dot" as const })),
    { label: FAILED_REQUEST_LEGEND, color: "var(--pb-muted, #5f6b7a)", mark: "cross" },
  ];
}

/** The hovered point: its target by name, when it started, how long it took, and whether it failed. */
export function TimelineTooltip(props: { active?: boolean; point?: TargetPoint; targets: TargetInfo[] }) {
  const { active, point, targets } = props;
  if (!active || !point) return null;
  const target = targets.find((candidate) => candidate.id === point.targetId);
  return (
    <ChartTooltipBox
      title={`${point.offsetSeconds.toFixed(2)} s into the run`}
      rows={[
        {
          label: target?.label ?? point.targetId,
          color: target?.color ?? "currentColor",
          value: `${formatMs(point.latencyMs)}${point.failed ? " (failed)" : ""}`,
        },
      ]}
    />
  );
}

/**
 * Latency by when the request started in the run: throttling, queueing and cold starts show up as drift.
 * `axis`: the run's time axis shared with a chart drawn under this one (run-time-axis.ts); else its own.
 */
export function LatencyTimelineChart(props: { columns: RecordColumns; targets: TargetInfo[]; height?: number; axis?: RunTimeAxis }) {
  const { columns, targets, height = 260, axis } = props;
  const series = useMemo(() => dotSeriesOfTargets(targets, latencyTimelineSeries(columns, targets.map((target) => target.id))), [columns, targets]);
  const { xTicks, yTicks } = useMemo(() => {
    let lastOffset = 0;
    let longest = 0;
    for (const entry of series) {
      for (const point of entry.points) {
        lastOffset = Math.max(lastOffset, point.offsetSeconds);
        longest = Math.max(longest, point.latencyMs);
      }
    }
    return { xTicks: axis?.ticks ?? niceTicks(0, lastOffset), yTicks: niceTicks(0, longest) };
  }, [series, axis]);
  const legend = useMemo(() => timelineLegendItems(targets), [targets]);
  return (
    <ChartFrame title={TITLE} definition={DEFINITION} legend={legend} testId="latency-timeline-chart">
      {/* The points are not recharts data (ScatterDots draws them): allowDataOverflow has the axes take the domains given. */}
      <ScatterChart responsive style={{ width: "100%", height }} margin={{ top: 4, right: 12, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="offsetSeconds"
          name="Started"
          ticks={xTicks}
          domain={[0, xTicks.at(-1) ?? "auto"]}
          allowDataOverflow
          tickFormatter={tickNumber}
          label={axisLabel("Started (s into the run)", "x")}
        />
        <YAxis
          type="number"
          dataKey="latencyMs"
          name="Latency"
          ticks={yTicks}
          domain={[0, yTicks.at(-1) ?? "auto"]}
          allowDataOverflow
          tickFormatter={tickNumber}
          width={64}
          label={axisLabel("Latency (ms)", "y")}
        />
        <Legend content={() => <ChartLegend items={legend} />} />
        <ScatterDots
          series={series}
          x={startedAt}
          y={latency}
          isCross={failed}
          tooltip={(point, targetId) => <TimelineTooltip active point={{ ...point, targetId }} targets={targets} />}
        />
      </ScatterChart>
    </ChartFrame>
  );
}
