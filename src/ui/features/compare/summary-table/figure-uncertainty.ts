// How sure a figure is, as the compare views show it: its 95% interval as a range, or a plain note that
// there were too few samples for one, rather than a figure printed with precision it does not have.
import { formatNumberIn } from "../../../components/ui/format";
import type { Metric } from "../../../../core/metrics";
import type { SummaryRow } from "../../../../core/stats";

export type FigureUncertainty =
  | { kind: "interval"; low: number; high: number }
  | { kind: "tooFewSamples"; reason: string }
  /** The metric has no interval, or the figure itself is missing. */
  | { kind: "none" };

export const TOO_FEW_SAMPLES = "too few samples";

export function figureUncertainty(metric: Metric, row: SummaryRow): FigureUncertainty {
  if (metric.ci95 === undefined || metric.value(row) === null) return { kind: "none" };
  const { low, high, reason } = metric.ci95(row);
  if (low === null || high === null) return { kind: "tooFewSamples", reason: reason ?? `${TOO_FEW_SAMPLES} for a 95% interval` };
  return { kind: "interval", low, high };
}

/** "118–131" in the metric's unit's precision; the value beside it carries the unit. */
export function formatIntervalRange(metric: Metric, low: number, high: number): string {
  return `${formatNumberIn(metric.unit, low)}–${formatNumberIn(metric.unit, high)}`;
}
