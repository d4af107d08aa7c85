// The metric catalogue: every summary metric defined once — its name, unit, better direction, how it is
// read from a summary row, and what it means (metric.ts). The CLI table, the CSV, the --summary JSON, the
// compare table, the live summary, History and the run diff all render from these entries, so adding a
// metric is adding one entry here or in its family's file (*-metrics.ts), plus its statistic in
// stats/summary.ts when it is new. A per-request quantity with a distribution is one DistributionSpec
// (distribution-metrics.ts), which becomes one entry per statistic (p50, mean, p99.9, …).
import { ERROR_KINDS } from "../record";
import { intervalEnds, type SummaryRow } from "../stats";
import { didYouMean, formatNumberIn, formatValueIn, unitSymbol } from "../text";
import { agreementMetrics } from "./agreement-metrics";
import { DISTRIBUTIONS, distributionMetrics } from "./distribution-metrics";
import { loadMetrics } from "./load-metrics";
import type { MeasuredFigures } from "./measured-figures";
import type { Metric } from "./metric";
import { phaseMetrics } from "./phase-metrics";
import { requestedLengthMetrics } from "./requested-length-metrics";
import { sessionMetrics } from "./session-metrics";
import type { MetricView } from "./types";
import { valueMetrics } from "./value-metrics";
import { toolMetrics } from "./tool-metrics";
import { toolLoopMetrics } from "./tool-loop-metrics";
import { structuredOutputMetrics } from "./structured-output-metrics";
import { cacheMetrics } from "./cache-metrics";
import { rankingQualityMetrics } from "./ranking-quality-metrics";

const REQUESTS_NOTE = "A request's outcome is its last measured attempt; warm-ups and aborted requests are left out.";

export const METRICS: readonly Metric[] = [
  {
    id: "requests",
    label: "Measured requests",
    header: "n",
    unit: "count",
    better: null,
    value: (row) => row.requests,
    definition: `Measured requests that finished, successful or failed. ${REQUESTS_NOTE}`,
    views: ["table", "live", "cli"],
    group: "requests",
    advanced: false,
  },
  {
    id: "failedRequests",
    label: "Failed requests",
    header: "Failed",
    unit: "count",
    better: null,
    value: (row) => row.failedRequests,
    definition: `Measured requests whose last measured attempt failed. ${REQUESTS_NOTE}`,
    views: ["table", "live", "cli"],
    group: "requests",
    advanced: false,
  },
  {
    id: "failureRate",
    label: "Failure rate",
    header: "Failure rate",
    unit: "fraction",
    better: "lower",
    value: (row) => row.failureRate,
    definition: "Failed requests / measured requests (aborted requests excluded from both): what a user with this retry policy sees.",
    views: ["table", "diff", "cli"],
    group: "requests",
    advanced: false,
  },
  {
    id: "errorRate",
    label: "Error rate",
    header: "Error rate",
    unit: "fraction",
    better: "lower",
    value: (row) => row.errorRate,
    definition: "Failed attempts / measured attempts, retries included (aborted attempts excluded): how often the provider fails, whatever the retries made of it.",
    views: ["table", "diff", "cli"],
    group: "requests",
    advanced: false,
  },
  {
    id: "failedAttempts",
    label: "Failed attempts",
    header: "Failed attempts",
    unit: "count",
    better: null,
    value: (row) => row.failedAttempts,
    definition: "Every failed attempt of a measured request, including those a retry then recovered (aborted attempts excluded).",
    views: [],
    group: "requests",
    advanced: false,
  },
  {
    id: "retries",
    label: "Retries",
    header: "Retries",
    unit: "count",
    better: null,
    value: (row) => row.retries,
    definition: "Attempts after the first of their request, sent because the previous attempt failed.",
    views: ["table", "cli"],
    group: "requests",
    advanced: false,
  },
  {
    id: "recoveredRequests",
    label: "Recovered requests",
    header: "Recovered",
    unit: "count",
    better: null,
    value: (row) => row.recoveredRequests,
    definition: "Measured requests that failed at first and succeeded on a retry: counted as successful.",
    views: [],
    group: "requests",
    advanced: false,
  },
  {
    id: "abortedRequests",
    label: "Aborted requests",
    header: "Aborted",
    unit: "count",
    better: null,
    value: (row) => row.abortedRequests,
    definition: "Requests cut short by stopping the run before any attempt was measured: neither successful nor failed (a request stopped while retrying a failure stays failed).",
    views: [],
    group: "requests",
    advanced: false,
  },
  {
    id: "warmupAttempts",
    label: "Warm-up attempts",
    header: "Warm-ups",
    unit: "count",
    better: null,
    value: (row) => row.warmupAttempts,
    definition: "Warm-up attempts, sent before measuring to open connections; they count in no other metric.",
    views: [],
    group: "requests",
    advanced: true,
  },
  ...DISTRIBUTIONS.flatMap(distributionMetrics),
  {
    id: "requestsPerSecond",
    label: "Requests/s",
    header: "req/s",
    unit: "requestsPerSecond",
    better: "higher",
    value: (row) => row.requestsPerSecond,
    definition: "Successful measured requests / wall-clock span of the target's measured attempts (first start to last end).",
    views: ["table", "cli"],
    group: "throughput",
    advanced: false,
  },
  {
    id: "outputTokenThroughput",
    label: "Output token throughput",
    header: "Run tok/s",
    unit: "tokensPerSecond",
    better: "higher",
    value: (row) => row.outputTokenThroughput,
    fromTokens: true,
    definition: "Output tokens of all successful measured requests / the same wall-clock span: the target's total rate.",
    views: [],
    group: "throughput",
    advanced: false,
  },
  {
    id: "wallSpanMs",
    label: "Wall-clock span",
    header: "Span",
    unit: "ms",
    better: null,
    value: (row) => row.wallSpanMs,
    definition: "First start to last end of the target's measured attempts.",
    views: [],
    group: "concurrency",
    advanced: true,
  },
  {
    id: "inputTokenThroughput",
    label: "Input token throughput",
    header: "Run in tok/s",
    unit: "tokensPerSecond",
    better: "higher",
    value: (row) => row.inputTokenThroughput,
    definition: "Input tokens the provider reported for successful measured requests / the wall-clock span: the prompt tokens it took in per second.",
    views: [],
    group: "throughput",
    advanced: false,
  },
  {
    id: "totalTokenThroughput",
    label: "Total token throughput",
    header: "Run total tok/s",
    unit: "tokensPerSecond",
    better: "higher",
    value: (row) => row.totalTokenThroughput,
    fromTokens: true,
    definition: "Input token throughput + output token throughput: every token the provider processed for this target per second of its span.",
    views: [],
    group: "throughput",
    advanced: false,
  },
  {
    id: "stoppedShortRequests",
    label: "Stopped short",
    header: "Short",
    unit: "count",
    better: null,
    value: (row) => row.stoppedShortRequests,
    fromTokens: true,
    definition:
      "Successful requests that returned fewer output tokens than the scenario's fixed output length (max_tokens with ignore_eos, or min_tokens equal to it); empty when the scenario fixes no length.",
    views: [],
    group: "lengths",
    advanced: false,
  },
  ...requestedLengthMetrics(),
  ...valueMetrics(),
  ...phaseMetrics(),
  ...loadMetrics(),
  ...agreementMetrics(),
  ...toolMetrics(),
  ...structuredOutputMetrics(),
  ...toolLoopMetrics(),
  ...sessionMetrics(),
  ...cacheMetrics(),
  ...rankingQualityMetrics(),
  ...ERROR_KINDS.filter((kind) => kind !== "aborted" && kind !== "dropped").map(
    (kind): Metric => ({
      id: `failedAttempts_${kind}`,
      label: `Failed attempts: ${kind}`,
      header: kind,
      unit: "count",
      better: null,
      value: (row) => row.failedAttemptsByKind[kind] ?? 0,
      definition: `Failed attempts of kind ${kind}, retried or not.`,
      views: [],
      group: "errors",
      advanced: false,
    }),
  ),
];

/** One metric by id, for views that show a chosen few (History's columns); a wrong id fails at load. */
export function metricById(id: string): Metric {
  const metric = METRICS.find((candidate) => candidate.id === id);
  if (metric === undefined) throw new Error(`no metric "${id}" in the catalogue`);
  return metric;
}

/**
 * Whether a run measures this metric (measured-figures.ts): one that needs no particular figure always;
 * without the run's figures (a records file with no scenario), every metric counts as measured.
 */
export function isMeasured(metric: Metric, figures?: MeasuredFigures): boolean {
  return figures === undefined || metric.needs === undefined || figures.has(metric.needs);
}

/** The metrics a view shows by default; given the run's figures, only those the run measures. */
export function metricsIn(view: MetricView, figures?: MeasuredFigures): Metric[] {
  return METRICS.filter((metric) => metric.views.includes(view) && isMeasured(metric, figures));
}

/**
 * Metrics named by id, in the order given (a `--columns a,b,c` list, a remembered column choice). An
 * unknown id is an error naming it and every valid id, so a typo is fixed rather than silently dropped.
 */
export function metricsByIds(ids: readonly string[]): { metrics: Metric[] } | { error: string } {
  const unknown = ids.filter((id) => !METRICS.some((metric) => metric.id === id));
  if (unknown.length > 0) {
    // The nearest ids, not the whole catalogue (hundreds of ids): --wide shows every one.
    const known = METRICS.map((metric) => metric.id);
    const named = unknown.map((id) => `"${id}"${didYouMean(id, known)}`).join("; ");
    return { error: `unknown metric ${named} (--wide shows every metric with its id)` };
  }
  return { metrics: ids.map(metricById) };
}

/** The "≈" rule, here only: a token-derived value is an estimate when the row's token counts were. */
export function isEstimated(metric: Metric, row: SummaryRow): boolean {
  return ((metric.fromTokens === true && row.tokensEstimated) || metric.estimated?.(row) === true) && metric.value(row) !== null;
}

export const ESTIMATED_MARK = "≈";
export const ESTIMATED_EXPLANATION = "Token counts estimated from the stream (the provider reported none).";

/** The hover of an ≈ value: why this metric's value is an estimate. */
export function estimatedExplanation(metric: Metric): string {
  return metric.estimatedExplanation ?? ESTIMATED_EXPLANATION;
}

/** The value with its unit, marked ≈ when estimated: for screens. */
export function formatMetric(metric: Metric, row: SummaryRow): string {
  const text = formatValueIn(metric.unit, metric.value(row));
  return isEstimated(metric, row) ? `${ESTIMATED_MARK}${text}` : text;
}

/** The number alone, marked ≈ when estimated: for a terminal column whose header carries the unit. */
export function formatMetricNumber(metric: Metric, row: SummaryRow): string {
  const text = formatNumberIn(metric.unit, metric.value(row));
  return isEstimated(metric, row) ? `${ESTIMATED_MARK}${text}` : text;
}

/** The metric's 95% interval for this row as [low, high], or null when it has none (or none for this row). */
export function intervalOf(metric: Metric, row: SummaryRow): [number, number] | null {
  const ci = metric.ci95?.(row);
  return ci === undefined ? null : intervalEnds(ci);
}

/**
 * For a hover: "p50 95% CI: 120 ms – 131 ms (order statistics)", or why there is no interval when the
 * metric has one elsewhere ("p99: too few values for a 95% interval …"); null when the metric never has
 * one, or the row has no value at all.
 */
export function describeInterval(metric: Metric, row: SummaryRow): string | null {
  const ci = metric.ci95?.(row);
  if (ci === undefined || metric.value(row) === null) return null;
  if (ci.low === null || ci.high === null) return `${metric.header}: ${ci.reason ?? "no 95% interval"}`;
  return `${metric.header} 95% CI: ${formatValueIn(metric.unit, ci.low)} – ${formatValueIn(metric.unit, ci.high)} (${metric.intervalMethod ?? "interval"})`;
}

/** The header with its unit for a terminal table ("p50 ms", "Error rate %"). */
export function headerWithUnit(metric: Metric): string {
  const symbol = unitSymbol(metric.unit);
  // "req/s" needs no second "req/s".
  return symbol === "" || metric.header.endsWith(symbol) ? metric.header : `${metric.header} ${symbol}`;
}

/**
 * The rows holding the best value of a metric. Empty when every value is the same (including when only
 * one row has a value): a highlight must single something out. Ties for best are all included.
 */
export function bestTargetIds(rows: readonly SummaryRow[], metric: Metric): Set<string> {
  if (metric.better === null) return new Set();
  const valued = rows.flatMap((row) => {
    const value = metric.value(row);
    return value === null || !Number.isFinite(value) ? [] : [{ targetId: row.targetId, value }];
  });
  const values = valued.map((entry) => entry.value);
  const best = metric.better === "lower" ? Math.min(...values) : Math.max(...values);
  if (values.every((value) => value === best)) return new Set();
  return new Set(valued.filter((entry) => entry.value === best).map((entry) => entry.targetId));
}
