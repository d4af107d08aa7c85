import { useMemo } from "react";
import { CartesianGrid, ErrorBar, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatMetric, intervalOf, metricById } from "../../../../core/metrics";
import type { SummaryRow } from "../../../../core/stats";
import { axisLabel, niceTicks, tickNumber } from "../../../components/charts/chart-format";
import { chartDefinition } from "./chart-definitions";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, ChartTooltipBox, type TooltipRow } from "../../../components/charts/chart-parts";
import type { TargetInfo } from "../target-info";
import "../compare.css";

const TITLE = "Cost vs latency vs quality";
const COST = metricById("costPer1000RequestsUsd");
const LATENCY = metricById("latencyP50Ms");
const QUALITY = metricById("checksPassRate");
const DEFINITION = chartDefinition(
  "One dot per target: median latency across (the bar is its 95% interval), cost per 1,000 requests up, and the checks pass rate beside the dot when the scenario has checks. Better targets sit low and to the left.",
  [LATENCY.id, COST.id, QUALITY.id],
);

interface TargetPoint {
  targetId: string;
  latencyMs: number;
  costUsd: number;
  /** The latency's 95% interval, as distances below and above it. */
  latencyError: [number, number] | null;
  /** "92.0% pass", or null without checks. */
  qualityLabel: string | null;
  row: SummaryRow;
}

function PointWithQuality(props: { cx?: number; cy?: number; fill?: string; payload?: TargetPoint }) {
  const { cx, cy, fill, payload } = props;
  if (cx === undefined || cy === undefined) return null;
  return (
    <g>
      <circle cx={cx} cy={cy} r={6} style={{ fill }} />
      {payload?.qualityLabel ? (
        <text x={cx + 9} y={cy - 8} className="pb-scatter-label">
          {payload.qualityLabel}
        </text>
      ) : null}
    </g>
  );
}

/**
 * One dot per target: its median latency (with the 95% interval as an error bar) across, its cost per
 * 1,000 requests up, and its checks pass rate written beside it: the best are low and to the left.
 * Shown when the run has a price for at least one target.
 */
export function ValueScatterChart(props: { rows: SummaryRow[]; targets: TargetInfo[]; height?: number }) {
  const { rows, targets, height = 260 } = props;
  const points = useMemo<(TargetPoint | null)[]>(
    () =>
      targets.map((target) => {
        const row = rows.find((candidate) => candidate.targetId === target.id);
        if (row === undefined) return null;
        const costUsd = COST.value(row);
        const latencyMs = LATENCY.value(row);
        if (costUsd === null || latencyMs === null) return null;
        const interval = intervalOf(LATENCY, row);
        return {
          targetId: target.id,
          latencyMs,
          costUsd,
          latencyError: interval === null ? null : [latencyMs - interval[0], interval[1] - latencyMs],
          qualityLabel: QUALITY.value(row) === null ? null : `${formatMetric(QUALITY, row)} pass`,
          row,
        };
      }),
    [rows, targets],
  );
  const drawn = points.filter((point): point is TargetPoint => point !== null);
  const xTicks = useMemo(() => niceTicks(0, Math.max(0, ...drawn.map((point) => point.latencyMs + (point.latencyError?.[1] ?? 0)))), [drawn]);
  const yTicks = useMemo(() => niceTicks(0, Math.max(0, ...drawn.map((point) => point.costUsd))), [drawn]);
  const legend = useMemo(() => targets.map((target) => ({ label: target.label, color: target.color, mark: "dot" as const })), [targets]);
  if (drawn.length === 0) return null;
  return (
    <ChartFrame title={TITLE} definition={DEFINITION} legend={legend} testId="value-scatter-chart">
      <ScatterChart responsive style={{ width: "100%", height }} margin={{ top: 16, right: 64, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" dataKey="latencyMs" ticks={xTicks} domain={[0, xTicks.at(-1) ?? "auto"]} tickFormatter={tickNumber} label={axisLabel("p50 latency (ms)", "x")} />
        <YAxis type="number" dataKey="costUsd" ticks={yTicks} domain={[0, yTicks.at(-1) ?? "auto"]} tickFormatter={tickNumber} width={64} label={axisLabel("USD per 1,000 requests", "y")} />
        <Tooltip
          cursor={{ strokeDasharray: "3 3" }}
          content={({ active, payload }) => {
            const point = payload?.[0]?.payload as TargetPoint | undefined;
            if (!active || point === undefined) return null;
            const target = targets.find((candidate) => candidate.id === point.targetId);
            const color = target?.color ?? "currentColor";
            const rowsShown: TooltipRow[] = [
              { label: LATENCY.label, color, value: formatMetric(LATENCY, point.row) },
              { label: COST.label, color, value: formatMetric(COST, point.row) },
              ...(point.qualityLabel !== null ? [{ label: QUALITY.label, color, value: formatMetric(QUALITY, point.row) }] : []),
            ];
            return <ChartTooltipBox title={target?.label ?? point.targetId} rows={rowsShown} />;
          }}
        />
        <Legend content={() => <ChartLegend items={legend} />} />
        {targets.map((target, index) => {
          const point = points[index];
          return point === null || point === undefined ? null : (
            <Scatter key={target.id} name={target.label} data={[point]} fill={target.color} shape={PointWithQuality} isAnimationActive={false}>
              <ErrorBar dataKey="latencyError" direction="x" width={4} strokeWidth={1.5} isAnimationActive={false} />
            </Scatter>
          );
        })}
      </ScatterChart>
    </ChartFrame>
  );
}
