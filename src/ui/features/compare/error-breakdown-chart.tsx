import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { SummaryRow } from "../../../core/stats";
import { tooltipCount } from "./chart-format";
import { errorBreakdown, type ErrorBreakdownRow, type ErrorBucket } from "./record-series";
import { targetInfoById, type TargetInfo } from "./target-info";
import "./compare.css";

/**
 * Kinds are coloured by family (client errors warm, server errors red, transport blue-grey) rather
 * than with the target palette, because here the targets are the categories on the axis.
 */
const ERROR_BUCKET_COLORS: Record<ErrorBucket, string> = {
  http_4xx: "#E69F00",
  rate_limited: "#F0C419",
  http_5xx: "#D55E00",
  timeout: "#CC79A7",
  network: "#0072B2",
  bad_response: "#56B4E9",
  aborted: "#999999",
  input: "#009E73",
  other: "#666666",
};

/** Failures per target, stacked by kind: a 429 wall and a flaky 5xx call for different fixes. */
export function ErrorBreakdownChart(props: { rows: SummaryRow[]; targets: TargetInfo[]; height?: number }) {
  const { rows, targets, height = 240 } = props;
  const breakdown = useMemo(() => errorBreakdown(rows), [rows]);
  const targetsById = useMemo(() => targetInfoById(targets), [targets]);
  if (breakdown.buckets.length === 0) {
    return <p className="pb-empty">No failed requests.</p>;
  }
  return (
    <BarChart responsive style={{ width: "100%", height }} data={breakdown.rows} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey={(row: ErrorBreakdownRow) => targetsById.get(row.targetId)?.label ?? row.targetId} />
      <YAxis allowDecimals={false} width={48} />
      <Tooltip formatter={tooltipCount} cursor={{ fillOpacity: 0.1 }} />
      <Legend itemSorter={null} />
      {breakdown.buckets.map((bucket) => (
        <Bar
          key={bucket}
          name={bucket}
          stackId="errors"
          dataKey={(row: ErrorBreakdownRow) => row.counts[bucket] ?? 0}
          fill={ERROR_BUCKET_COLORS[bucket]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
