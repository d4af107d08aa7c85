// The metric catalogue: every summary metric defined once — its name, unit, better direction, how it is
// read from a summary row, and what it means. The CLI table, the CSV, the --summary JSON, the compare
// table, the live summary, History and the run diff all render from these entries, so adding a metric
// is adding one entry here (plus its statistic in stats.ts when it is new).
import { ERROR_KINDS } from "./record";
import type { SummaryRow } from "./stats";
import { formatNumberIn, formatValueIn, roundForFile, unitSymbol, type Unit } from "./format";

/** Where a metric is shown. Every metric is in the CSV and the --summary JSON. */
export type MetricView =
  /** The compare page's summary table. */
  | "table"
  /** The compact table on the Run page while a run goes. */
  | "live"
  /** The before/after table of two runs of one scenario. */
  | "diff"
  /** The table the CLI prints when a run ends. */
  | "cli";

export type Better = "lower" | "higher";

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
  /** Its 95% confidence interval, for the metrics that have one. */
  interval?(row: SummaryRow): [number, number] | null;
  /** Derived from token counts, so an estimate when the row's token counts were estimated from the stream. */
  fromTokens?: boolean;
  /** An estimate for another reason than token counts (a cost with unpriced requests): also marked ≈. */
  estimated?(row: SummaryRow): boolean;
  /** Why its ≈ is there, when that is not only estimated token counts (the hover of an ≈ value). */
  estimatedExplanation?: string;
  /** How its interval is computed, named in the hover ("bootstrap" when absent). */
  intervalMethod?: string;
  /** One line saying what it is, shown as the column header's hover. */
  definition: string;
  views: readonly MetricView[];
}

const REQUESTS_NOTE = "A request's outcome is its last attempt; warm-ups and aborted requests are left out.";
const LATENCY_NOTE = "over successful measured requests, start of the request to its last byte";

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
  },
  {
    id: "failedRequests",
    label: "Failed requests",
    header: "Failed",
    unit: "count",
    better: null,
    value: (row) => row.failedRequests,
    definition: `Measured requests whose last attempt failed. ${REQUESTS_NOTE}`,
    views: ["table", "live", "cli"],
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
  },
  {
    id: "abortedRequests",
    label: "Aborted requests",
    header: "Aborted",
    unit: "count",
    better: null,
    value: (row) => row.abortedRequests,
    definition: "Measured requests cut short by stopping the run: neither successful nor failed.",
    views: [],
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
  },
  {
    id: "latencyP50Ms",
    label: "p50 latency",
    header: "p50",
    unit: "ms",
    better: "lower",
    value: (row) => row.latencyMs.p50,
    interval: (row) => row.latencyP50Ci95,
    definition: `Median end-to-end latency ${LATENCY_NOTE}; its 95% interval is a bootstrap of the median.`,
    views: ["table", "live", "diff", "cli"],
  },
  {
    id: "latencyP90Ms",
    label: "p90 latency",
    header: "p90",
    unit: "ms",
    better: "lower",
    value: (row) => row.latencyMs.p90,
    definition: `90th percentile of end-to-end latency ${LATENCY_NOTE}.`,
    views: ["table", "live", "diff", "cli"],
  },
  {
    id: "latencyP95Ms",
    label: "p95 latency",
    header: "p95",
    unit: "ms",
    better: "lower",
    value: (row) => row.latencyMs.p95,
    definition: `95th percentile of end-to-end latency ${LATENCY_NOTE}.`,
    views: ["table", "cli"],
  },
  {
    id: "latencyP99Ms",
    label: "p99 latency",
    header: "p99",
    unit: "ms",
    better: "lower",
    value: (row) => row.latencyMs.p99,
    definition: `99th percentile of end-to-end latency ${LATENCY_NOTE}.`,
    views: ["table", "cli"],
  },
  {
    id: "latencyMeanMs",
    label: "Mean latency",
    header: "Mean",
    unit: "ms",
    better: "lower",
    value: (row) => row.latencyMs.mean,
    definition: `Mean end-to-end latency ${LATENCY_NOTE}.`,
    views: [],
  },
  {
    id: "latencyMinMs",
    label: "Fastest latency",
    header: "Min",
    unit: "ms",
    better: "lower",
    value: (row) => row.latencyMs.min,
    definition: `Smallest end-to-end latency ${LATENCY_NOTE}.`,
    views: [],
  },
  {
    id: "latencyMaxMs",
    label: "Slowest latency",
    header: "Max",
    unit: "ms",
    better: "lower",
    value: (row) => row.latencyMs.max,
    definition: `Largest end-to-end latency ${LATENCY_NOTE}.`,
    views: [],
  },
  {
    id: "ttftP50Ms",
    label: "TTFT p50",
    header: "TTFT p50",
    unit: "ms",
    better: "lower",
    value: (row) => row.ttftMs.p50,
    definition: "Median time to first token: start of the request to the first chunk carrying output (streaming requests only).",
    views: ["table", "live", "diff", "cli"],
  },
  {
    id: "ttftP99Ms",
    label: "TTFT p99",
    header: "TTFT p99",
    unit: "ms",
    better: "lower",
    value: (row) => row.ttftMs.p99,
    definition: "99th percentile of the time to first token (streaming requests only).",
    views: [],
  },
  {
    id: "itlP50Ms",
    label: "ITL p50",
    header: "ITL p50",
    unit: "ms",
    better: "lower",
    value: (row) => row.itlMs.p50,
    fromTokens: true,
    definition: "Median inter-token latency: per request, (latency − TTFT) / (output tokens − 1), streaming requests with 2 tokens or more.",
    views: [],
  },
  {
    id: "meanOutputTokens",
    label: "Mean output tokens",
    header: "Output tokens",
    unit: "tokens",
    better: null,
    value: (row) => row.meanOutputTokens,
    fromTokens: true,
    definition: "Mean output tokens of successful measured requests that report them.",
    views: [],
  },
  {
    id: "outputTokensPerSecondP50",
    label: "Output tokens/s p50",
    header: "Output tok/s",
    unit: "tokensPerSecond",
    better: "higher",
    value: (row) => row.outputTokensPerSecond.p50,
    fromTokens: true,
    definition: "Median over successful requests of each request's output tokens / its latency in seconds.",
    views: ["table", "live", "diff", "cli"],
  },
  {
    id: "decodeTokensPerSecondP50",
    label: "Decode tokens/s p50",
    header: "Decode tok/s",
    unit: "tokensPerSecond",
    better: "higher",
    value: (row) => row.decodeTokensPerSecond.p50,
    fromTokens: true,
    definition: "Median over streaming requests of (output tokens − 1) / (latency − TTFT) in seconds: speed once the first token is out.",
    views: [],
  },
  {
    id: "requestsPerSecond",
    label: "Requests/s",
    header: "req/s",
    unit: "requestsPerSecond",
    better: "higher",
    value: (row) => row.requestsPerSecond,
    definition: "Successful measured requests / wall-clock span of the target's measured attempts (first start to last end).",
    views: ["table", "cli"],
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
  },
  ...valueMetrics(),
  ...phaseMetrics(),
  ...loadMetrics(),
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
    }),
  ),
];

// Cost, checks and service-level objectives (value-summary.ts, docs/metrics.md "Cost, checks and SLOs").
// A function, not a constant: METRICS above is built when this module loads, before a later const would be.
function valueMetrics(): Metric[] {
  const costNote = "Successful measured requests at the target's price (US dollars); failed requests and warm-ups are not priced. ≈ when a token count was estimated or some requests could not be priced.";
  const costEstimated = (row: SummaryRow): boolean => row.costEstimated;
  const costEstimateReason = "An estimate: an output token count it rests on was estimated from the stream, or some successful requests could not be priced (they count at the mean).";
  return [
    {
      id: "costPerRequestUsd",
      label: "Cost per request",
      header: "Cost/req",
      unit: "usd",
      better: "lower",
      value: (row) => row.costPerRequestUsd,
      estimated: costEstimated,
      estimatedExplanation: costEstimateReason,
      definition: `Mean cost of one successful request. ${costNote}`,
      views: ["table"],
    },
    {
      id: "costPer1000RequestsUsd",
      label: "Cost per 1,000 requests",
      header: "Cost/1k req",
      unit: "usd",
      better: "lower",
      value: (row) => row.costPer1000RequestsUsd,
      estimated: costEstimated,
      estimatedExplanation: costEstimateReason,
      definition: `Cost per request × 1,000. ${costNote}`,
      views: ["table", "diff", "cli"],
    },
    {
      id: "runCostUsd",
      label: "Cost of the run",
      header: "Run cost",
      unit: "usd",
      better: null,
      value: (row) => row.runCostUsd,
      estimated: costEstimated,
      estimatedExplanation: costEstimateReason,
      definition: `What this target's successful measured requests cost (a request that could not be priced counts at the mean). ${costNote}`,
      views: ["table", "cli"],
    },
    {
      id: "pricedRequests",
      label: "Priced requests",
      header: "Priced",
      unit: "count",
      better: null,
      value: (row) => row.pricedRequests,
      definition: "Successful measured requests whose cost could be computed: every quantity the price needs was in the record.",
      views: [],
    },
    {
      id: "checksPassRate",
      label: "Checks pass rate",
      header: "Pass rate",
      unit: "fraction",
      better: "higher",
      value: (row) => row.checksPassRate,
      interval: (row) => row.checksPassRateCi95,
      intervalMethod: "Wilson",
      definition: "Successful measured requests whose output passed every check of its input / those whose input has checks; judged on the whole output. Its 95% interval is Wilson's.",
      views: ["table", "live", "diff", "cli"],
    },
    {
      id: "checkedRequests",
      label: "Checked requests",
      header: "Checked",
      unit: "count",
      better: null,
      value: (row) => row.checkedRequests,
      definition: "Successful measured requests whose input has checks: the pass rate's denominator.",
      views: [],
    },
    {
      id: "sloAttainment",
      label: "SLO attainment",
      header: "SLO met",
      unit: "fraction",
      better: "higher",
      value: (row) => row.sloAttainment,
      interval: (row) => row.sloAttainmentCi95,
      intervalMethod: "Wilson",
      definition: "Measured requests that met every objective of the scenario's SLO / measured requests; a failed request never meets it. Its 95% interval is Wilson's.",
      views: ["table", "diff", "cli"],
    },
    {
      id: "sloMetRequests",
      label: "Requests meeting the SLO",
      header: "SLO met n",
      unit: "count",
      better: null,
      value: (row) => row.sloMetRequests,
      definition: "Measured requests that succeeded and met every objective of the scenario's SLO.",
      views: [],
    },
    {
      id: "goodput",
      label: "Goodput",
      header: "Goodput",
      unit: "requestsPerSecond",
      better: "higher",
      value: (row) => row.goodput,
      definition: "Requests meeting every SLO objective / wall-clock span of the target's measured attempts: the rate of good answers.",
      views: ["table", "diff", "cli"],
    },
  ];
}

/** One metric by id, for views that show a chosen few (History's columns); a wrong id fails at load. */
export function metricById(id: string): Metric {
  const metric = METRICS.find((candidate) => candidate.id === id);
  if (metric === undefined) throw new Error(`no metric "${id}" in the catalogue`);
  return metric;
}

export function metricsIn(view: MetricView): Metric[] {
  return METRICS.filter((metric) => metric.views.includes(view));
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

/** "p50 95% CI: 120 ms – 131 ms" when the metric has an interval for this row, else null. */
export function describeInterval(metric: Metric, row: SummaryRow): string | null {
  const interval = metric.interval?.(row) ?? null;
  if (interval === null) return null;
  return `${metric.header} 95% CI: ${formatValueIn(metric.unit, interval[0])} – ${formatValueIn(metric.unit, interval[1])} (${metric.intervalMethod ?? "bootstrap"})`;
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

/** What a summary file says about the run each row belongs to. */
export interface SummaryFileContext {
  runId: string;
  scenarioName: string;
  /** The target's display name (see target-names.ts). */
  targetLabel(targetId: string): string;
}

export type SummaryFileValue = string | number | boolean | null;

interface FileField {
  key: string;
  read(row: SummaryRow, context: SummaryFileContext): SummaryFileValue;
}

/** A metric's fields in a file: its value, and the two ends of its interval when it has one. */
function metricFileFields(metric: Metric): FileField[] {
  const fields: FileField[] = [{ key: metric.id, read: (row) => roundForFile(metric.unit, metric.value(row)) }];
  const interval = metric.interval;
  if (interval !== undefined) {
    fields.push(
      { key: `${metric.id}Ci95Low`, read: (row) => roundForFile(metric.unit, interval(row)?.[0]) },
      { key: `${metric.id}Ci95High`, read: (row) => roundForFile(metric.unit, interval(row)?.[1]) },
    );
  }
  return fields;
}

const FILE_FIELDS: readonly FileField[] = [
  { key: "runId", read: (_row, context) => context.runId },
  { key: "scenario", read: (_row, context) => context.scenarioName },
  { key: "targetId", read: (row) => row.targetId },
  { key: "targetLabel", read: (row, context) => context.targetLabel(row.targetId) },
  ...METRICS.flatMap(metricFileFields),
  { key: "tokensEstimated", read: (row) => row.tokensEstimated },
];

/** The keys of a summary file row, in order: the CSV header. */
export const SUMMARY_FILE_COLUMNS: readonly string[] = FILE_FIELDS.map((field) => field.key);

/**
 * One flat object per target, keys in SUMMARY_FILE_COLUMNS order: the run, the target, every metric
 * rounded for a file, and whether token counts were estimated. The summary CSV and the --summary JSON
 * are both this, so they always agree.
 */
export function summaryFileRows(rows: readonly SummaryRow[], context: SummaryFileContext): Record<string, SummaryFileValue>[] {
  return rows.map((row) => Object.fromEntries(FILE_FIELDS.map((field) => [field.key, field.read(row, context)])));
}

// HTTP phases (phase-summary.ts, docs/metrics.md "HTTP phases"): measured at the socket by the command
// line's transport; a browser run has them only where the server allows Resource Timing. The compare
// page draws them as one stacked bar per target (phase-chart.tsx), from these entries.
function phaseMetrics(): Metric[] {
  const notMeasured = "Empty where the phases were not measured (a browser that the server gives no Timing-Allow-Origin, runs before phases existed).";
  const phase = (id: string, label: string, header: string, value: (row: SummaryRow) => number | null, definition: string): Metric => ({
    id,
    label,
    header,
    unit: "ms",
    better: "lower",
    value,
    definition: `${definition} ${notMeasured}`,
    views: [],
  });
  return [
    phase("connectP50Ms", "p50 connect", "Connect p50", (row) => row.connectP50Ms, "Median name lookup and TCP connect, over successful requests that opened their own connection."),
    phase("tlsP50Ms", "p50 TLS", "TLS p50", (row) => row.tlsP50Ms, "Median TLS handshake, over successful requests that opened an https connection."),
    phase("waitingP50Ms", "p50 waiting", "Waiting p50", (row) => row.waitingP50Ms, "Median time from the request's last byte sent to the response's headers: the provider's time to answer."),
    phase("receivingP50Ms", "p50 receiving", "Receiving p50", (row) => row.receivingP50Ms, "Median time from the response's headers to its last byte: the answer's transfer (for a stream, the generation)."),
    {
      id: "reusedConnectionShare",
      label: "Reused connections",
      header: "Reused",
      unit: "fraction",
      better: null,
      value: (row) => row.reusedConnectionShare,
      definition: `Successful requests sent on a connection that had already carried one / successful requests whose connection is known. ${notMeasured}`,
      views: [],
    },
  ];
}

// Load models (src/core/load, docs/metrics.md "Load"): the client's own queue and refusals, beside latency.
// A function for the same reason as valueMetrics.
function loadMetrics(): Metric[] {
  return [
    {
      id: "effectiveLatencyP50Ms",
      label: "p50 effective latency",
      header: "Eff. p50",
      unit: "ms",
      better: "lower",
      value: (row) => row.effectiveLatencyMs.p50,
      interval: (row) => row.effectiveLatencyP50Ci95,
      definition: "Median of queueMs + latencyMs over successful measured requests: latency as the sender saw it, from when the request was due, its wait in the client's own queue included.",
      views: ["table", "cli"],
    },
    {
      id: "effectiveLatencyP99Ms",
      label: "p99 effective latency",
      header: "Eff. p99",
      unit: "ms",
      better: "lower",
      value: (row) => row.effectiveLatencyMs.p99,
      definition: "99th percentile of queueMs + latencyMs over successful measured requests.",
      views: [],
    },
    {
      id: "queueP99Ms",
      label: "p99 queue time",
      header: "Queue p99",
      unit: "ms",
      better: "lower",
      value: (row) => row.queueMs.p99,
      definition: "99th percentile of queueMs (when the request was due to when it was handed to fetch) over successful measured requests: the send lag of an open loop, or the wait for the in-flight cap.",
      views: [],
    },
    {
      id: "droppedRequests",
      label: "Dropped arrivals",
      header: "Dropped",
      unit: "count",
      better: null,
      value: (row) => row.droppedRequests,
      definition: "Open-loop arrivals never sent, because the target's in-flight cap was reached and its queue full: the client's refusal, in neither rate.",
      views: ["table", "cli"],
    },
    {
      id: "retryAfterAttempts",
      label: "Answers with Retry-After",
      header: "Retry-After",
      unit: "count",
      better: null,
      value: (row) => row.retryAfterAttempts,
      definition: "Measured attempts whose answer carried a Retry-After header: the provider asking the client to slow down.",
      views: [],
    },
  ];
}
