import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { SummaryRow } from "../../../../core/stats";
import { ERROR_KIND_COLORS } from "../../../components/ui/target-colors";
import { axisLabel, niceTicks, tooltipCount } from "../../../components/charts/chart-format";
import { chartDefinition } from "./chart-definitions";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, SeriesTooltip } from "../../../components/charts/chart-parts";
import { errorBreakdown, type ErrorBreakdownRow } from "./record-series";
import { targetInfoById, type TargetInfo } from "../target-info";
import "../compare.css";

const TITLE = "Failed attempts by kind";
const DEFINITION = chartDefinition(
  "Per target, its failed attempts stacked by error kind, whether a retry then recovered the request or not (aborted attempts are not failures).",
  ["failedAttempts", "errorRate"],
);

/**
 * Failures per target, stacked by kind: a 429 wall and a flaky 5xx call for different fixes. The kinds
 * have their own colours, not the targets' (here the targets are the categories on the axis).
 */
export function ErrorBreakdownChart(props: { rows: SummaryRow[]; targets: TargetInfo[]; height?: number }) {
  const { rows, targets, height = 240 } = props;
  const breakdown = useMemo(() => errorBreakdown(rows), [rows]);
  const targetsById = useMemo(() => targetInfoById(targets), [targets]);
  const ticks = useMemo(() => {
    const most = Math.max(0, ...breakdown.rows.map((row) => Object.values(row.counts).reduce((sum, count) => sum + (count ?? 0), 0)));
    return niceTicks(0, most, { integer: true });
  }, [breakdown]);
  const legend = useMemo(
    () => breakdown.buckets.map((bucket) => ({ label: bucket, color: ERROR_KIND_COLORS[bucket], mark: "square" as const })),
    [breakdown],
  );
  if (breakdown.buckets.length === 0) {
    return <p className="pb-empty">No failed attempts.</p>;
  }
  return (
    <ChartFrame title={TITLE} definition={DEFINITION} legend={legend} testId="error-breakdown-chart">
      <BarChart responsive style={{ width: "100%", height }} data={breakdown.rows} margin={{ top: 4, right: 8, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={(row: ErrorBreakdownRow) => targetsById.get(row.targetId)?.label ?? row.targetId} label={axisLabel("Target", "x")} />
        <YAxis allowDecimals={false} ticks={ticks} domain={[0, ticks.at(-1) ?? "auto"]} width={56} label={axisLabel("Failed attempts", "y")} />
        <Tooltip
          cursor={{ fillOpacity: 0.1 }}
          content={({ active, payload, label }) => (
            <SeriesTooltip active={active} title={String(label ?? "")} entries={payload} order={breakdown.buckets} formatValue={tooltipCount} />
          )}
        />
        <Legend content={() => <ChartLegend items={legend} />} />
        {breakdown.buckets.map((bucket) => (
          <Bar
            key={bucket}
            name={bucket}
            stackId="errors"
            dataKey={(row: ErrorBreakdownRow) => row.counts[bucket] ?? 0}
            fill={ERROR_KIND_COLORS[bucket]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
