// The metric catalogue: every summary metric defined once — its name, unit, better direction, how it is
// read from a summary row, and what it means. The CLI table, the CSV, the --summary JSON, the compare
// table, the live summary, History and the run diff all render from these entries, so adding a metric
// is adding one entry here (plus its statistic in stats.ts when it is new). A per-request quantity with
// a distribution is one DistributionSpec, which becomes one entry per statistic (p50, mean, p99.9, …).
import { didYouMean } from "../text/closest-names";
import { PERCENTILES, percentileKey, type IntervalKey, type PercentileKey } from "../stats/distribution";
import { formatNumberIn, formatValueIn, roundForFile, unitSymbol, type Unit } from "../text/format";
import { interval, intervalEnds, noInterval, type Ci95 } from "../stats/intervals";
import { ERROR_KINDS } from "../record/record";
import { AGREEMENT_MEASURES } from "../agreement/measures";
import type { MeasuredFigure, MeasuredFigures } from "./measured-figures";
import type { Distribution, SummaryRow } from "../stats/summary";

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

export type Better = "lower" | "higher";

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
  | "agreement";

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
];

/** The statistics of a distribution, in the order files list them. */
export type DistributionStatistic = "mean" | "stdDev" | "min" | "max" | PercentileKey;
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

const REQUESTS_NOTE = "A request's outcome is its last measured attempt; warm-ups and aborted requests are left out.";
const SUCCESSFUL = "over successful measured requests";

/** One per-request quantity with a distribution: generates one Metric per statistic. */
interface DistributionSpec {
  /** The ids' stem: "latency" gives latencyP50Ms, latencyMeanMs, …; the unit's suffix (Ms) goes last. */
  id: string;
  /** For labels: "p50 latency", "mean TTFT". */
  noun: string;
  /** Before the statistic in a header: "TTFT" gives "TTFT p50"; "" gives "p50". */
  headerPrefix: string;
  unit: Unit;
  better: Better | null;
  group: MetricGroup;
  distribution(row: SummaryRow): Distribution;
  /** What one value is, and over which requests. */
  definition: string;
  fromTokens?: boolean;
  caveat?(row: SummaryRow): string | null;
  /** Default views per statistic; statistics not listed are shown nowhere by default. */
  views?: Partial<Record<DistributionStatistic, readonly MetricView[]>>;
  /** Its default views apply only to runs that measure this (Metric.needs). */
  needs?: MeasuredFigure;
  /** Every statistic of it is detail (a niche figure), not only the spread ones. */
  advanced?: boolean;
  /**
   * Its values are not an independent sample (pooled gaps of streams, a time-weighted level), so no
   * statistic of it has an interval; otherwise percentiles by order statistics, the mean by Student's t.
   */
  noIntervals?: true;
}

/** The statistics shown without asking: the rest describe spread and tails. */
const BASIC_STATISTICS: ReadonlySet<DistributionStatistic> = new Set(["mean", "p50", "p90", "p95", "p99", "max"]);

const STATISTIC_WORDS: Record<DistributionStatistic, { label: string; header: string; idPart: string; phrase: string }> = {
  mean: { label: "Mean", header: "mean", idPart: "Mean", phrase: "Mean" },
  stdDev: { label: "Standard deviation of", header: "sd", idPart: "StdDev", phrase: "Standard deviation (population, ddof = 0)" },
  min: { label: "Min", header: "min", idPart: "Min", phrase: "Smallest value" },
  max: { label: "Max", header: "max", idPart: "Max", phrase: "Largest value" },
  ...(Object.fromEntries(
    PERCENTILES.map((percent) => {
      const key = percentileKey(percent);
      const phrase = percent === 50 ? "Median (p50)" : `${percent}th percentile`;
      return [key, { label: `p${percent}`, header: `p${percent}`, idPart: `P${String(percent).replace(".", "")}`, phrase }];
    }),
  ) as Record<PercentileKey, { label: string; header: string; idPart: string; phrase: string }>),
};

function distributionMetrics(spec: DistributionSpec): Metric[] {
  const suffix = spec.unit === "ms" ? "Ms" : "";
  return DISTRIBUTION_STATISTICS.map((statistic): Metric => {
    const words = STATISTIC_WORDS[statistic];
    const hasInterval = statistic === "mean" || statistic.startsWith("p");
    const metric: Metric = {
      id: `${spec.id}${words.idPart}${suffix}`,
      label: `${words.label} ${spec.noun}`,
      header: spec.headerPrefix === "" ? words.header : `${spec.headerPrefix} ${words.header}`,
      unit: spec.unit,
      better: statistic === "stdDev" ? null : spec.better,
      value: (row) => spec.distribution(row)[statistic],
      definition: `${words.phrase} of ${spec.definition}.`,
      views: spec.views?.[statistic] ?? [],
      group: spec.group,
      advanced: spec.advanced === true || !BASIC_STATISTICS.has(statistic),
      distribution: { id: spec.id, statistic },
    };
    if (spec.fromTokens) metric.fromTokens = true;
    if (spec.needs !== undefined) metric.needs = spec.needs;
    if (spec.caveat) metric.caveat = spec.caveat;
    if (hasInterval && spec.noIntervals !== true) {
      const key = statistic as IntervalKey;
      metric.ci95 = (row) => spec.distribution(row).ci95[key];
      metric.intervalMethod = statistic === "mean" ? "Student's t" : "order statistics";
    }
    return metric;
  });
}

/** Beside ITL: a provider that sends several tokens per event hides the gaps between its tokens. */
export const SEVERAL_TOKENS_PER_CHUNK = 1.5;
function severalTokensPerChunk(row: SummaryRow): string | null {
  const perChunk = row.tokensPerChunk.p50;
  if (perChunk === null || perChunk < SEVERAL_TOKENS_PER_CHUNK) return null;
  return `${formatNumberIn("number", perChunk)} tokens per chunk (median): the provider sends tokens in batches, so ITL spreads each batch's wait over its tokens; the chunk gaps show the real pauses.`;
}

const EVERYWHERE: readonly MetricView[] = ["table", "live", "diff", "cli"];

export const DISTRIBUTIONS: readonly DistributionSpec[] = [
  {
    id: "latency",
    noun: "latency",
    headerPrefix: "",
    unit: "ms",
    better: "lower",
    group: "latency",
    distribution: (row) => row.latencyMs,
    definition: `end-to-end latency ${SUCCESSFUL}, start of the request to its last byte`,
    views: { p50: EVERYWHERE, p90: EVERYWHERE, p95: ["table", "cli"], p99: ["table", "cli"] },
  },
  {
    id: "ttft",
    noun: "TTFT",
    headerPrefix: "TTFT",
    unit: "ms",
    better: "lower",
    group: "tokenTiming",
    distribution: (row) => row.ttftMs,
    definition: "the time to first token: start of the request to the first chunk carrying output, answer or reasoning (streaming requests only)",
    views: { p50: ["table", "live", "diff", "cli"] },
    needs: "firstToken",
  },
  {
    id: "timeToFirstAnswerToken",
    noun: "time to first answer token",
    headerPrefix: "Answer TTFT",
    unit: "ms",
    better: "lower",
    group: "tokenTiming",
    distribution: (row) => row.timeToFirstAnswerTokenMs,
    definition: "the time to the first chunk carrying answer text rather than reasoning; equal to TTFT for a model that does not reason aloud",
  },
  {
    id: "timeToSecondToken",
    noun: "time to second token",
    headerPrefix: "TTST",
    unit: "ms",
    better: "lower",
    group: "tokenTiming",
    distribution: (row) => row.timeToSecondTokenMs,
    definition: "the time to second token: the first output chunk's arrival to the second's, per streaming request",
  },
  {
    id: "itl",
    noun: "ITL",
    headerPrefix: "ITL",
    unit: "ms",
    better: "lower",
    group: "tokenTiming",
    distribution: (row) => row.itlMs,
    fromTokens: true,
    caveat: severalTokensPerChunk,
    definition: "inter-token latency, decode only: per request, (last output chunk − TTFT) / (output tokens − 1), streaming requests with 2 tokens or more",
  },
  {
    id: "interChunk",
    noun: "gap between chunks",
    headerPrefix: "Chunk gap",
    unit: "ms",
    better: "lower",
    group: "tokenTiming",
    distribution: (row) => row.interChunkMs,
    noIntervals: true,
    definition:
      "every gap between consecutive output chunks of every successful stream, pooled (percentiles read from 8-per-doubling log buckets, within 4.5%; mean and max exact)",
  },
  {
    id: "maxChunkGap",
    noun: "longest gap per request (stall)",
    headerPrefix: "Stall",
    unit: "ms",
    better: "lower",
    group: "tokenTiming",
    distribution: (row) => row.maxChunkGapMs,
    definition: "each streaming request's longest gap between consecutive output chunks",
  },
  {
    id: "outputTokensPerSecond",
    noun: "output tokens/s",
    headerPrefix: "Output",
    unit: "tokensPerSecond",
    better: "higher",
    group: "throughput",
    distribution: (row) => row.outputTokensPerSecond,
    fromTokens: true,
    definition: `each request's output tokens / its latency in seconds, ${SUCCESSFUL}`,
    views: { p50: ["table", "live", "diff", "cli"] },
    needs: "generatedTokens",
  },
  {
    id: "decodeTokensPerSecond",
    noun: "decode tokens/s (per-user output rate, 1 / ITL)",
    headerPrefix: "Decode",
    unit: "tokensPerSecond",
    better: "higher",
    group: "throughput",
    distribution: (row) => row.decodeTokensPerSecond,
    fromTokens: true,
    caveat: severalTokensPerChunk,
    definition: "(output tokens − 1) / (last output chunk − TTFT) in seconds, per streaming request: the speed one user sees once the first token is out",
  },
  {
    id: "wordsPerSecond",
    noun: "words/s",
    headerPrefix: "Words/s",
    unit: "wordsPerSecond",
    better: "higher",
    group: "throughput",
    distribution: (row) => row.wordsPerSecond,
    advanced: true,
    definition: `each text answer's words (runs of non-space characters) / its latency in seconds, ${SUCCESSFUL}: a rate that needs no token count`,
  },
  {
    id: "charactersPerSecond",
    noun: "characters/s",
    headerPrefix: "Chars/s",
    unit: "charactersPerSecond",
    better: "higher",
    group: "throughput",
    distribution: (row) => row.charactersPerSecond,
    advanced: true,
    definition: `each text answer's characters (Unicode code points) / its latency in seconds, ${SUCCESSFUL}`,
  },
  {
    id: "inputTokens",
    noun: "input tokens",
    headerPrefix: "In tok",
    unit: "tokens",
    better: null,
    group: "lengths",
    distribution: (row) => row.inputTokens,
    definition: `the prompt tokens the provider reported (usage.prompt_tokens), ${SUCCESSFUL} that report them`,
  },
  {
    id: "outputTokens",
    noun: "output tokens",
    headerPrefix: "Out tok",
    unit: "tokens",
    better: null,
    group: "lengths",
    distribution: (row) => row.outputTokens,
    fromTokens: true,
    definition: `output tokens per request (reasoning included), the provider's count or, when it reports none, counted from the stream, ${SUCCESSFUL}`,
  },
  {
    id: "reasoningTokens",
    noun: "reasoning tokens",
    headerPrefix: "Reasoning tok",
    unit: "tokens",
    better: null,
    group: "lengths",
    distribution: (row) => row.reasoningTokens,
    advanced: true,
    definition: "tokens spent reasoning per request (a reasoning_content or reasoning delta): the provider's count when reported, else one per reasoning event",
  },
  {
    id: "chunksPerRequest",
    noun: "output chunks per request",
    headerPrefix: "Chunks",
    unit: "number",
    better: null,
    group: "streamShape",
    distribution: (row) => row.chunksPerRequest,
    definition: "stream events carrying output (answer or reasoning) per successful streaming request",
  },
  {
    id: "tokensPerChunk",
    noun: "tokens per chunk",
    headerPrefix: "Tok/chunk",
    unit: "number",
    better: null,
    group: "streamShape",
    distribution: (row) => row.tokensPerChunk,
    fromTokens: true,
    definition: "each streaming request's output tokens / its output chunks: above 1, the provider batches tokens into events",
  },
  {
    id: "inFlight",
    noun: "requests in flight",
    headerPrefix: "In flight",
    unit: "number",
    better: null,
    group: "concurrency",
    distribution: (row) => row.inFlight,
    noIntervals: true,
    definition:
      "the number of this target's attempts in flight, time-weighted over its span (first start to last end; failed and aborted attempts count while they ran): what really ran at once",
  },
  // Load models (src/core/load, docs/metrics.md "Load"): the client's own queue, beside latency.
  {
    id: "effectiveLatency",
    noun: "effective latency",
    headerPrefix: "Eff.",
    unit: "ms",
    better: "lower",
    group: "load",
    distribution: (row) => row.effectiveLatencyMs,
    definition: `queueMs + latencyMs ${SUCCESSFUL}: latency as the sender saw it, from when the request was due, its wait in the client's own queue included`,
    views: { p50: ["table", "cli"] },
  },
  {
    id: "queue",
    noun: "queue time",
    headerPrefix: "Queue",
    unit: "ms",
    better: "lower",
    group: "load",
    distribution: (row) => row.queueMs,
    definition: `queueMs (when the request was due to when it was handed to fetch) ${SUCCESSFUL}: the send lag of an open loop, or the wait for the in-flight cap`,
  },
  ...mediaDistributions(),
];

// Images and audio (docs/metrics.md, "Images and audio"): per-audio-second and per-image figures, over
// the successful requests whose records carry the quantity (speech recognition, text to speech, images).
// A function, hoisted, so this block stays apart from the list above.
function mediaDistributions(): DistributionSpec[] {
  // Each shown by default in the runs of the tasks that measure it (TaskFigure), and only there.
  const headline: Partial<Record<DistributionStatistic, readonly MetricView[]>> = { p50: ["table", "live", "cli"] };
  return [
    {
      id: "audioSecondsPerSecond",
      noun: "audio seconds transcribed per second",
      headerPrefix: "Audio s/s",
      unit: "audioSecondsPerSecond",
      better: "higher",
      group: "throughput",
      distribution: (row) => row.audioSecondsPerSecond,
      definition: `seconds of audio sent / latency in seconds, per speech-recognition request ${SUCCESSFUL}: how many times faster than real time`,
      views: { p50: ["table", "cli"] },
      needs: "inputAudio",
    },
    {
      id: "realTimeFactor",
      noun: "real-time factor",
      headerPrefix: "RTF",
      unit: "number",
      better: "lower",
      group: "latency",
      distribution: (row) => row.realTimeFactor,
      definition: `latency in seconds / seconds of audio sent, per speech-recognition request ${SUCCESSFUL}: below 1 is faster than real time`,
      views: headline,
      needs: "inputAudio",
    },
    {
      id: "speechSecondsPerSecond",
      noun: "audio seconds spoken per second",
      headerPrefix: "Speech s/s",
      unit: "audioSecondsPerSecond",
      better: "higher",
      group: "throughput",
      distribution: (row) => row.speechSecondsPerSecond,
      definition: `seconds of audio in the answer / latency in seconds, per text-to-speech request ${SUCCESSFUL}`,
      views: headline,
      needs: "outputAudio",
    },
    {
      id: "latencyPerImage",
      noun: "latency per image",
      headerPrefix: "Per image",
      unit: "ms",
      better: "lower",
      group: "latency",
      distribution: (row) => row.latencyPerImageMs,
      definition: `latency / images in the answer, per image-generating request ${SUCCESSFUL}`,
      views: headline,
      needs: "outputImages",
    },
  ];
}

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
  ...valueMetrics(),
  ...phaseMetrics(),
  ...loadMetrics(),
  ...agreementMetrics(),
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
      needs: "cost",
      group: "cost",
      advanced: false,
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
      needs: "cost",
      group: "cost",
      advanced: false,
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
      needs: "cost",
      group: "cost",
      advanced: false,
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
      needs: "cost",
      group: "cost",
      advanced: true,
    },
    {
      id: "checksPassRate",
      label: "Checks pass rate",
      header: "Pass rate",
      unit: "fraction",
      better: "higher",
      value: (row) => row.checksPassRate,
      ci95: (row) => ci95OfPair(row.checksPassRateCi95),
      intervalMethod: "Wilson",
      definition: "Successful measured requests whose output passed every check of its input / those whose input has checks; judged on the whole output. Its 95% interval is Wilson's.",
      views: ["table", "live", "diff", "cli"],
      needs: "checks",
      group: "quality",
      advanced: false,
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
      needs: "checks",
      group: "quality",
      advanced: true,
    },
    {
      id: "sloAttainment",
      label: "SLO attainment",
      header: "SLO met",
      unit: "fraction",
      better: "higher",
      value: (row) => row.sloAttainment,
      ci95: (row) => ci95OfPair(row.sloAttainmentCi95),
      intervalMethod: "Wilson",
      definition: "Measured requests that met every objective of the scenario's SLO / measured requests; a failed request never meets it. Its 95% interval is Wilson's.",
      views: ["table", "diff", "cli"],
      needs: "slo",
      group: "quality",
      advanced: false,
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
      needs: "slo",
      group: "quality",
      advanced: true,
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
      needs: "slo",
      group: "quality",
      advanced: false,
    },
  ];
}

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

/** A [low, high] interval computed elsewhere (Wilson's, in value-summary.ts) as a Ci95. */
function ci95OfPair(pair: [number, number] | null): Ci95 {
  return pair === null ? noInterval("no interval: no requests to judge") : interval(pair[0], pair[1]);
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
  if (metric.ci95 !== undefined) {
    fields.push(
      { key: `${metric.id}Ci95Low`, read: (row) => roundForFile(metric.unit, intervalOf(metric, row)?.[0]) },
      { key: `${metric.id}Ci95High`, read: (row) => roundForFile(metric.unit, intervalOf(metric, row)?.[1]) },
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
  { key: "reasoningTokensEstimated", read: (row) => row.reasoningTokensEstimated },
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
    group: "phases",
    advanced: false,
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
      group: "phases",
      advanced: false,
    },
  ];
}

// Load models (src/core/load, docs/metrics.md "Load"): the client's own queue and refusals, beside latency.
// A function for the same reason as valueMetrics.
function loadMetrics(): Metric[] {
  return [
    {
      id: "droppedRequests",
      label: "Dropped arrivals",
      header: "Dropped",
      unit: "count",
      better: null,
      value: (row) => row.droppedRequests,
      definition: "Open-loop arrivals never sent, because the target's in-flight cap was reached and its queue full: the client's refusal, in neither rate.",
      views: ["table", "cli"],
      needs: "openLoop",
      group: "load",
      advanced: false,
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
      group: "load",
      advanced: false,
    },
  ];
}

// Agreement across targets (src/core/agreement, docs/metrics.md "Agreement"): each target's figure with
// the others, from the one catalogue of agreement measures; empty for a task the measure does not fit.
function agreementMetrics(): Metric[] {
  return AGREEMENT_MEASURES.map((measure) => ({
    id: measure.id,
    label: measure.label,
    header: measure.header,
    unit: measure.unit,
    better: measure.better,
    value: (row: SummaryRow) => row.agreement?.[measure.id] ?? null,
    definition: measure.targetDefinition,
    views: [],
    group: "agreement",
    advanced: false,
  }));
}
