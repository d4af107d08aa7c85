// What changed between two runs of the same scenario, per target and metric.
import { comparePercentChange, type SummaryRow } from "../../../core/stats";

export type DiffMetric = "p50" | "p90" | "errorRate";

export const DIFF_METRICS: readonly { id: DiffMetric; label: string }[] = [
  { id: "p50", label: "p50 latency" },
  { id: "p90", label: "p90 latency" },
  { id: "errorRate", label: "Error rate" },
];

/** For every metric here, lower is better. */
export type Verdict = "better" | "worse" | "same";

export interface DiffLine {
  targetId: string;
  metric: DiffMetric;
  oldValue: number | null;
  newValue: number | null;
  /** new − old, in the metric's unit (ms, or a fraction for the error rate). */
  change: number | null;
  /** (new − old) / old × 100; null when old is 0 or missing. */
  percentChange: number | null;
  verdict: Verdict | null;
}

function metricValue(row: SummaryRow | undefined, metric: DiffMetric): number | null {
  if (row === undefined) return null;
  if (metric === "errorRate") return row.count > 0 ? row.errorRate : null;
  return row.latencyMs[metric];
}

function verdictOf(change: number | null): Verdict | null {
  if (change === null) return null;
  if (change < 0) return "better";
  if (change > 0) return "worse";
  return "same";
}

export function diffRuns(oldRows: SummaryRow[], newRows: SummaryRow[], targetIds: string[]): DiffLine[] {
  const oldById = new Map(oldRows.map((row) => [row.targetId, row]));
  const newById = new Map(newRows.map((row) => [row.targetId, row]));
  return targetIds.flatMap((targetId) =>
    DIFF_METRICS.map(({ id: metric }) => {
      const oldValue = metricValue(oldById.get(targetId), metric);
      const newValue = metricValue(newById.get(targetId), metric);
      const change = oldValue === null || newValue === null ? null : newValue - oldValue;
      return { targetId, metric, oldValue, newValue, change, percentChange: comparePercentChange(oldValue, newValue), verdict: verdictOf(change) };
    }),
  );
}
