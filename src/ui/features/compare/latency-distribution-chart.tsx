import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { RequestRecord } from "../../../core/record";
import { formatMs, formatPercent } from "../../components/ui/format";
import { axisLabel, niceTicks, tickNumber, tickPercent } from "./chart-format";
import { ChartLegend, SeriesTooltip } from "./chart-parts";
import { latencyEcdfSeries } from "./record-series";
import type { TargetInfo } from "./target-info";
import "./compare.css";

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Empirical CDF of latency per target: read across at 50% / 90% for the percentiles, and see the whole
 * tail and any bimodality, which a few percentiles hide.
 */
export function LatencyDistributionChart(props: { records: RequestRecord[]; targets: TargetInfo[]; height?: number }) {
  const { records, targets, height = 260 } = props;
  const series = useMemo(() => latencyEcdfSeries(records, targets.map((target) => target.id)), [records, targets]);
  const ticks = useMemo(() => {
    const latencies = series.flatMap((entry) => entry.points.map((point) => point.x));
    return latencies.length === 0 ? [0, 1] : niceTicks(Math.min(...latencies), Math.max(...latencies));
  }, [series]);
  const legend = useMemo(() => targets.map((target) => ({ label: target.label, color: target.color, mark: "line" as const })), [targets]);
  const order = useMemo(() => targets.map((target) => target.label), [targets]);
  return (
    <LineChart responsive style={{ width: "100%", height }} margin={{ top: 4, right: 12, bottom: 14, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis
        type="number"
        dataKey="x"
        ticks={ticks}
        domain={[ticks[0] ?? 0, ticks.at(-1) ?? "auto"]}
        tickFormatter={tickNumber}
        label={axisLabel("Latency (ms)", "x")}
      />
      <YAxis type="number" domain={[0, 1]} ticks={SHARE_TICKS} tickFormatter={tickPercent} width={56} label={axisLabel("Requests ≤ latency", "y")} />
      <Tooltip
        content={({ active, payload, label }) => (
          <SeriesTooltip
            active={active}
            title={formatMs(typeof label === "number" ? label : null)}
            entries={payload}
            order={order}
            formatValue={(value) => `≤ here: ${formatPercent(typeof value === "number" ? value : null)}`}
          />
        )}
      />
      <Legend content={() => <ChartLegend items={legend} />} />
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
    </LineChart>
  );
}
