// The words a metric is described in: where it is shown, what it is about, which statistic of a
// distribution (which way is better is the text room's Better, which the rooms below the catalogue use too).
import type { PercentileKey } from "../stats/distribution";

/** Where a metric is shown by default. Every metric is in the CSV and the --summary JSON. */
export type MetricView =
  /** The compare page's summary table. */
  | "table"
  /** The compact table on the Run page while a run goes. */
  | "live"
  /** The before/after table of two runs of one scenario. */
  | "diff"
  /** The table the CLI prints when a run ends. */
  | "cli";

/** What a metric is about: views that offer more columns (the compare page's chooser, `--wide`) group by it. */
export type MetricGroup =
  | "requests"
  | "latency"
  | "tokenTiming"
  | "throughput"
  | "lengths"
  | "streamShape"
  | "concurrency"
  | "load"
  | "phases"
  | "cost"
  | "quality"
  | "errors"
  | "agreement"
  | "tools"
  | "structured"
  | "sessions"
  | "cache"
  | "ranking";

/** The statistics of a distribution, in the order files list them. */
export type DistributionStatistic = "mean" | "stdDev" | "min" | "max" | PercentileKey;
