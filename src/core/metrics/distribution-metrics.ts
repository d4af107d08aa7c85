// The distribution metrics: each per-request quantity with a distribution is one DistributionSpec, which
// becomes one catalogue entry per statistic (p50, mean, p99.9, …).
import { PERCENTILES, percentileKey, type IntervalKey, type PercentileKey, type Distribution, type SummaryRow } from "../stats";
import { formatNumberIn, type Unit } from "../text";
import type { MeasuredFigure } from "./measured-figures";
import { DISTRIBUTION_STATISTICS, type Metric } from "./metric";
import type { Better } from "../text";
import type { DistributionStatistic, MetricGroup, MetricView } from "./types";

const SUCCESSFUL = "over successful measured requests";

/** One per-request quantity with a distribution: generates one Metric per statistic. */
export interface DistributionSpec {
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

export function distributionMetrics(spec: DistributionSpec): Metric[] {
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
    // Beside the lengths asked for, in runs of synthetic prompts (requested-length-metrics.ts).
    views: { mean: ["table", "cli"] },
    needs: "syntheticInputs",
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
    views: { mean: ["table", "cli"] },
    needs: "syntheticInputs",
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
