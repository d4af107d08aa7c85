import { useMemo } from "react";
import { Area, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import type { RecordColumns } from "../../../../core/record/record-columns";
import { formatCount, formatMs, formatPercent } from "../../../components/ui/format";
import { axisLabel, niceTicks, tickNumber, tickPercent } from "../../../components/charts/chart-format";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { chartDefinition, DKW_BAND_DEFINITION } from "./chart-definitions";
import { ChartLegend, SeriesTooltip, type TooltipEntry } from "../../../components/charts/chart-parts";
import { ecdfSeries, type EcdfQuantity, type EcdfSeries } from "./record-series";
import type { TargetInfo } from "../target-info";
import "../../../components/ui/ui.css";
import "../compare.css";

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];
const BAND_OPACITY = 0.15;

interface QuantityText {
  title: string;
  axis: string;
  draws: string;
  metricIds: readonly string[];
}

const QUANTITIES: Record<EcdfQuantity, QuantityText> = {
  latency: {
    title: "Latency distribution (ECDF)",
    axis: "Latency (ms)",
    draws: "For each target, the share of successful measured requests whose latency is at most x: read across at 50% and 90% for the percentiles, and see the whole tail, which a few percentiles hide.",
    metricIds: ["latencyP50Ms", "latencyP90Ms"],
  },
  ttft: {
    title: "Time to first token distribution (ECDF)",
    axis: "Time to first token (ms)",
    draws: "For each target, the share of successful streamed requests whose time to first token is at most x.",
    metricIds: ["ttftP50Ms"],
  },
};

/** "±9.6% (n = 200)" per target: how wide its band is, which says how much the curve can be trusted. */
function bandNote(series: EcdfSeries, target: TargetInfo): string {
  return series.epsilon === null ? `${target.label}: no requests` : `${target.label}: ±${formatPercent(series.epsilon)} (n = ${formatCount(series.n)})`;
}

/**
 * Empirical CDF per target with its 95% DKW band: the band says where the true curve can be, so two
 * targets whose bands overlap widely are not told apart by this run.
 */
export function EcdfChart(props: { columns: RecordColumns; targets: TargetInfo[]; quantity: EcdfQuantity; height?: number }) {
  const { columns, targets, quantity, height = 260 } = props;
  const text = QUANTITIES[quantity];
  const series = useMemo(() => ecdfSeries(columns, targets.map((target) => target.id), quantity), [columns, targets, quantity]);
  const ticks = useMemo(() => {
    const xs = series.flatMap((entry) => (entry.points.length === 0 ? [] : [entry.points[0]!.x, entry.points.at(-1)!.x]));
    return xs.length === 0 ? [0, 1] : niceTicks(Math.min(...xs), Math.max(...xs));
  }, [series]);
  const legend = useMemo(() => targets.map((target) => ({ label: target.label, color: target.color, mark: "line" as const })), [targets]);
  const order = useMemo(() => targets.map((target) => target.label), [targets]);
  const definition = useMemo(() => chartDefinition(`${text.draws} ${DKW_BAND_DEFINITION}`, text.metricIds), [text]);

  if (series.every((entry) => entry.n === 0)) {
    return <p className="pb-empty">{quantity === "ttft" ? "No streamed request with a first token to draw." : "No successful request to draw."}</p>;
  }
  return (
    <ChartFrame title={text.title} definition={definition} legend={legend} testId={`ecdf-${quantity}`}>
      <ComposedChart responsive style={{ width: "100%", height }} margin={{ top: 4, right: 12, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="x"
          ticks={ticks}
          domain={[ticks[0] ?? 0, ticks.at(-1) ?? "auto"]}
          tickFormatter={tickNumber}
          label={axisLabel(text.axis, "x")}
        />
        <YAxis type="number" domain={[0, 1]} ticks={SHARE_TICKS} tickFormatter={tickPercent} width={56} label={axisLabel("Requests ≤ x", "y")} />
        <Tooltip
          content={({ active, payload, label }) => (
            <SeriesTooltip
              active={active}
              title={formatMs(typeof label === "number" ? label : null)}
              // The bands' entries carry [low, high]; the lines' the share itself.
              entries={(payload as readonly TooltipEntry[] | undefined)?.filter((entry) => typeof entry.value === "number")}
              order={order}
              formatValue={(value) => `≤ here: ${formatPercent(typeof value === "number" ? value : null)}`}
            />
          )}
        />
        <Legend content={() => <ChartLegend items={legend} />} />
        {targets.map((target, index) => (
          <Area
            key={`band:${target.id}`}
            name={`${target.label} 95% band`}
            data={series[index]?.points ?? []}
            dataKey={(point: { low: number; high: number }) => [point.low, point.high]}
            type="stepAfter"
            stroke="none"
            fill={target.color}
            fillOpacity={BAND_OPACITY}
            isAnimationActive={false}
            activeDot={false}
            legendType="none"
          />
        ))}
        {targets.map((target, index) => (
          <Line
            key={target.id}
            name={target.label}
            data={series[index]?.points ?? []}
            dataKey="p"
            type="stepAfter"
            stroke={target.color}
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </ComposedChart>
      <p className="pb-footnote" data-testid="ecdf-band-widths">
        95% band: {series.map((entry, index) => bandNote(entry, targets[index]!)).join(" · ")}
      </p>
    </ChartFrame>
  );
}
