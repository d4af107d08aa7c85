// What changed between two runs of the same scenario, per target and per metric of the catalogue's diff view.
import { metricsIn, type Metric } from "../../../core/metrics";
import { comparePercentChange, type SummaryRow } from "../../../core/stats";

export const DIFF_METRICS: readonly Metric[] = metricsIn("diff");

/**
 * Better or worse follow the metric's direction. "within-noise": the values moved, but the two runs'
 * 95% intervals overlap, so the move may be chance (only metrics with an interval can be within noise).
 */
export type Verdict = "better" | "worse" | "same" | "within-noise";

export interface DiffLine {
  targetId: string;
  metric: Metric;
  oldValue: number | null;
  newValue: number | null;
  /** new − old, in the metric's unit. */
  change: number | null;
  /** (new − old) / old × 100; null when old is 0 or missing. */
  percentChange: number | null;
  verdict: Verdict | null;
}

function verdictOf(metric: Metric, change: number | null): Verdict | null {
  if (change === null) return null;
  if (change === 0) return "same";
  if (metric.better === null) return null;
  const improved = metric.better === "lower" ? change < 0 : change > 0;
  return improved ? "better" : "worse";
}

function intervalsOverlap(first: [number, number] | null | undefined, second: [number, number] | null | undefined): boolean {
  return first != null && second != null && first[0] <= second[1] && second[0] <= first[1];
}

function diffLine(metric: Metric, targetId: string, oldRow: SummaryRow | undefined, newRow: SummaryRow | undefined): DiffLine {
  const oldValue = oldRow === undefined ? null : metric.value(oldRow);
  const newValue = newRow === undefined ? null : metric.value(newRow);
  const change = oldValue === null || newValue === null ? null : newValue - oldValue;
  let verdict = verdictOf(metric, change);
  if ((verdict === "better" || verdict === "worse") && metric.interval !== undefined && oldRow !== undefined && newRow !== undefined) {
    if (intervalsOverlap(metric.interval(oldRow), metric.interval(newRow))) verdict = "within-noise";
  }
  return { targetId, metric, oldValue, newValue, change, percentChange: comparePercentChange(oldValue, newValue), verdict };
}

export function diffRuns(oldRows: readonly SummaryRow[], newRows: readonly SummaryRow[], targetIds: readonly string[]): DiffLine[] {
  const oldById = new Map(oldRows.map((row) => [row.targetId, row]));
  const newById = new Map(newRows.map((row) => [row.targetId, row]));
  return targetIds.flatMap((targetId) => DIFF_METRICS.map((metric) => diffLine(metric, targetId, oldById.get(targetId), newById.get(targetId))));
}
