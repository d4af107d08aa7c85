// What one metric of the catalogue (catalogue.ts) is: its name, unit, better direction, how it is read
// from a summary row, and what it means; and the groups and statistics the views list metrics by.
import { PERCENTILES, percentileKey, type Ci95, type SummaryRow } from "../stats";
import type { Unit } from "../text";
import type { MeasuredFigure } from "./measured-figures";
import type { Better } from "../text";
import type { DistributionStatistic, MetricGroup, MetricView } from "./types";

export const METRIC_GROUPS: readonly { id: MetricGroup; label: string }[] = [
  { id: "requests", label: "Requests" },
  { id: "latency", label: "Latency" },
  { id: "tokenTiming", label: "Token timing" },
  { id: "throughput", label: "Throughput" },
  { id: "lengths", label: "Lengths" },
  { id: "streamShape", label: "Stream shape" },
  { id: "concurrency", label: "Requests in flight" },
  { id: "load", label: "Load and queueing" },
  { id: "phases", label: "HTTP phases" },
  { id: "cost", label: "Cost" },
  { id: "quality", label: "Checks and SLOs" },
  { id: "errors", label: "Failed attempts by kind" },
  { id: "agreement", label: "Agreement with the other targets" },
  { id: "tools", label: "Tool calls" },
  { id: "structured", label: "Structured output" },
  { id: "sessions", label: "Multi-turn sessions" },
  { id: "cache", label: "Prefix caching" },
  { id: "ranking", label: "Ranking quality" },
];

/** The statistics of a distribution, in the order files list them. */
export const DISTRIBUTION_STATISTICS: readonly DistributionStatistic[] = ["mean", "stdDev", "min", ...PERCENTILES.map(percentileKey), "max"];

export interface Metric {
  /** Stable name: the CSV column, the JSON key, the table column's data-column. */
  id: string;
  /** Full name, for the run diff and hover texts ("p50 latency"). */
  label: string;
  /** Column header on screen and in the terminal ("p50"). */
  header: string;
  unit: Unit;
  /** Which direction is an improvement; null for plain counts, which depend on how much was run. */
  better: Better | null;
  /** The value from a summary row; null when there is none (no successful request, no stream, …). */
  value(row: SummaryRow): number | null;
  /**
   * Its 95% confidence interval, for the metrics that have one (percentiles and means of per-request
   * values): both ends, or no ends and the reason there is none ("too few values …") to show instead.
   */
  ci95?(row: SummaryRow): Ci95;
  /** How the interval is computed, in a few words ("order statistics", "Student's t"). */
  intervalMethod?: string;
  /** Derived from token counts, so an estimate when the row's token counts were estimated from the stream. */
  fromTokens?: boolean;
  /** An estimate for another reason than token counts (a cost with unpriced requests): also marked ≈. */
  estimated?(row: SummaryRow): boolean;
  /** Why its ≈ is there, when that is not only estimated token counts (the hover of an ≈ value). */
  estimatedExplanation?: string;
  /** A warning that belongs beside this row's value (e.g. several tokens per chunk beside ITL); null when none. */
  caveat?(row: SummaryRow): string | null;
  /** One line saying what it is, shown as the column header's hover. */
  definition: string;
  /** The views that show it by default; others may offer it (the compare page's column chooser, `--wide`). */
  views: readonly MetricView[];
  /** Shown by default only in runs that measure this (measured-figures.ts); absent: in every run. */
  needs?: MeasuredFigure;
  group: MetricGroup;
  /** Spread and shape detail (p1, p99.9, stdDev, …): a chooser lists it after the rest, folded away. */
  advanced: boolean;
  /** For one statistic of a distribution: which distribution (its DistributionSpec id) and which statistic. */
  distribution?: { id: string; statistic: DistributionStatistic };
}
