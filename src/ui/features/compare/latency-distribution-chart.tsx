import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { RequestRecord } from "../../../core/record";
import { formatMs, formatPercent } from "../../components/ui/format";
import { tickNumber, tickPercent } from "./chart-format";
import { latencyEcdfSeries } from "./record-series";
import type { TargetInfo } from "./target-info";
import "./compare.css";

/**
 * Empirical CDF of latency per target: read across at 50% / 90% for the percentiles, and see the whole
 * tail and any bimodality, which a few percentiles hide.
 */
export function LatencyDistributionChart(props: { records: RequestRecord[]; targets: TargetInfo[]; height?: number }) {
  const { records, targets, height = 260 } = props;
  const series = useMemo(() => latencyEcdfSeries(records, targets.map((target) => target.id)), [records, targets]);
  return (
    <LineChart responsive style={{ width: "100%", height }} margin={{ top: 4, right: 12, bottom: 0, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis type="number" dataKey="x" domain={["auto", "auto"]} tickFormatter={tickNumber} unit=" ms" />
      <YAxis type="number" domain={[0, 1]} tickFormatter={tickPercent} width={44} />
      <Tooltip
        labelFormatter={(value) => formatMs(typeof value === "number" ? value : null)}
        formatter={(value) => `≤ here: ${formatPercent(typeof value === "number" ? value : null)}`}
      />
      <Legend itemSorter={null} />
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
