// What changed between two runs of the same scenario, per target and metric.
import { comparePercentChange, type SummaryRow } from "../../../core/stats";

export type DiffMetric = "p50" | "p90" | "errorRate";

export const DIFF_METRICS: readonly { id: DiffMetric; label: string }[] = [
  { id: "p50", label: "p50 latency" },
  { id: "p90", label: "p90 latency" },
  { id: "errorRate", label: "Error rate" },
];

/**
 * For every metric here, lower is better. "within-noise": the medians moved, but the two runs' 95%
 * bootstrap intervals of the median overlap, so the move may be chance (only p50 has an interval).
 */
export type Verdict = "better" | "worse" | "same" | "within-noise";

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

function intervalsOverlap(first: [number, number] | null | undefined, second: [number, number] | null | undefined): boolean {
  return first != null && second != null && first[0] <= second[1] && second[0] <= first[1];
}

function p50Verdict(change: number | null, oldRow: SummaryRow | undefined, newRow: SummaryRow | undefined): Verdict | null {
  const verdict = verdictOf(change);
  if (verdict !== "better" && verdict !== "worse") return verdict;
  return intervalsOverlap(oldRow?.latencyP50Ci95, newRow?.latencyP50Ci95) ? "within-noise" : verdict;
}

export function diffRuns(oldRows: SummaryRow[], newRows: SummaryRow[], targetIds: string[]): DiffLine[] {
  const oldById = new Map(oldRows.map((row) => [row.targetId, row]));
  const newById = new Map(newRows.map((row) => [row.targetId, row]));
  return targetIds.flatMap((targetId) =>
    DIFF_METRICS.map(({ id: metric }) => {
      const oldRow = oldById.get(targetId);
      const newRow = newById.get(targetId);
      const oldValue = metricValue(oldRow, metric);
      const newValue = metricValue(newRow, metric);
      const change = oldValue === null || newValue === null ? null : newValue - oldValue;
      const verdict = metric === "p50" ? p50Verdict(change, oldRow, newRow) : verdictOf(change);
      return { targetId, metric, oldValue, newValue, change, percentChange: comparePercentChange(oldValue, newValue), verdict };
    }),
  );
}
