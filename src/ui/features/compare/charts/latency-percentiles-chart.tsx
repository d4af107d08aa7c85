import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { intervalOf, metricById, type Metric } from "../../../../core/metrics";
import type { SummaryRow } from "../../../../core/stats";
import { axisLabel, niceTicks, tickNumber, tooltipMs } from "../../../components/charts/chart-format";
import { chartDefinition } from "./chart-definitions";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, SeriesTooltip } from "../../../components/charts/chart-parts";
import type { TargetInfo } from "../target-info";
import "../compare.css";

const PERCENTILES = ["p50", "p90", "p99"] as const;
type Percentile = (typeof PERCENTILES)[number];

/** Each bar's catalogue metric: its 95% interval, where the catalogue has one, is the bar's error bar. */
const PERCENTILE_METRICS: Record<Percentile, Metric> = {
  p50: metricById("latencyP50Ms"),
  p90: metricById("latencyP90Ms"),
  p99: metricById("latencyP99Ms"),
};

export const LATENCY_PERCENTILES_TITLE = "Latency percentiles by target";
const DEFINITION = chartDefinition(
  "Bars grouped by percentile, one per target; the line across a bar's top is the figure's 95% interval, where there are enough requests for one.",
  Object.values(PERCENTILE_METRICS).map((metric) => metric.id),
);

interface PercentileGroup {
  percentile: Percentile;
  latencyMsByTarget: Record<string, number | null>;
  /** Distances from the value down and up to its interval's ends (recharts' ErrorBar form). */
  errorMsByTarget: Record<string, [number, number] | null>;
}

function errorOf(metric: Metric, row: SummaryRow): [number, number] | null {
  const value = metric.value(row);
  const interval = intervalOf(metric, row);
  return value === null || interval === null ? null : [value - interval[0], interval[1] - value];
}

/**
 * Bars grouped by percentile, one bar per target in its own colour, so the targets are side by side
 * at each percentile. Values are read through functions because target ids may contain dots, which
 * recharts would take for a path in a string dataKey. The title is shown above the chart unless the caller
 * (a titled section) says `captioned={false}`.
 */
export function LatencyPercentilesChart(props: { rows: SummaryRow[]; targets: TargetInfo[]; height?: number; captioned?: boolean }) {
  const { rows, targets, height = 240, captioned = true } = props;
  const groups = useMemo<PercentileGroup[]>(
    () =>
      PERCENTILES.map((percentile) => ({
        percentile,
        latencyMsByTarget: Object.fromEntries(rows.map((row) => [row.targetId, row.latencyMs[percentile]])),
        errorMsByTarget: Object.fromEntries(rows.map((row) => [row.targetId, errorOf(PERCENTILE_METRICS[percentile], row)])),
      })),
    [rows],
  );
  // The axis reaches the highest bar or error bar.
  const ticks = useMemo(
    () => niceTicks(0, Math.max(0, ...groups.flatMap((group) => rows.map((row) => (group.latencyMsByTarget[row.targetId] ?? 0) + (group.errorMsByTarget[row.targetId]?.[1] ?? 0))))),
    [groups, rows],
  );
  const legend = useMemo(() => targets.map((target) => ({ label: target.label, color: target.color, mark: "square" as const })), [targets]);
  const order = useMemo(() => targets.map((target) => target.label), [targets]);
  return (
    <ChartFrame title={LATENCY_PERCENTILES_TITLE} definition={DEFINITION} legend={legend} testId="latency-percentiles-chart" caption={captioned}>
      <BarChart responsive style={{ width: "100%", height }} data={groups} margin={{ top: 4, right: 8, bottom: 14, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="percentile" label={axisLabel("Percentile", "x")} />
          <YAxis tickFormatter={tickNumber} ticks={ticks} domain={[0, ticks.at(-1) ?? "auto"]} width={64} label={axisLabel("Latency (ms)", "y")} />
          <Tooltip
            cursor={{ fillOpacity: 0.1 }}
            content={({ active, payload, label }) => (
              <SeriesTooltip active={active} title={String(label ?? "")} entries={payload} order={order} formatValue={tooltipMs} />
            )}
          />
          <Legend content={() => <ChartLegend items={legend} />} />
          {targets.map((target) => (
            <Bar
              key={target.id}
              name={target.label}
              dataKey={(group: PercentileGroup) => group.latencyMsByTarget[target.id] ?? null}
              fill={target.color}
              isAnimationActive={false}
            >
              <ErrorBar dataKey={(group: PercentileGroup) => group.errorMsByTarget[target.id] ?? null} width={4} strokeWidth={1.5} isAnimationActive={false} />
            </Bar>
          ))}
      </BarChart>
    </ChartFrame>
  );
}
