import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { SummaryRow } from "../../../core/stats";
import { tickNumber, tooltipMs } from "./chart-format";
import type { TargetInfo } from "./target-info";
import "./compare.css";

const PERCENTILES = ["p50", "p90", "p99"] as const;
type Percentile = (typeof PERCENTILES)[number];

interface PercentileGroup {
  percentile: Percentile;
  latencyMsByTarget: Record<string, number | null>;
}

/**
 * Bars grouped by percentile, one bar per target in its own colour, so the targets are side by side
 * at each percentile. Values are read through functions because target ids may contain dots, which
 * recharts would take for a path in a string dataKey.
 */
export function LatencyPercentilesChart(props: { rows: SummaryRow[]; targets: TargetInfo[]; height?: number }) {
  const { rows, targets, height = 240 } = props;
  const groups = useMemo<PercentileGroup[]>(
    () =>
      PERCENTILES.map((percentile) => ({
        percentile,
        latencyMsByTarget: Object.fromEntries(rows.map((row) => [row.targetId, row.latencyMs[percentile]])),
      })),
    [rows],
  );
  return (
    <BarChart responsive style={{ width: "100%", height }} data={groups} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="percentile" />
      <YAxis tickFormatter={tickNumber} unit=" ms" width={64} />
      <Tooltip formatter={tooltipMs} cursor={{ fillOpacity: 0.1 }} />
      <Legend itemSorter={null} />
      {targets.map((target) => (
        <Bar
          key={target.id}
          name={target.label}
          dataKey={(group: PercentileGroup) => group.latencyMsByTarget[target.id] ?? null}
          fill={target.color}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
