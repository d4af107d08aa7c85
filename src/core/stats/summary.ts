// Per-target summary statistics over request records, with the metric definitions of docs/metrics.md.
// Built to take a million records: the accumulator keeps only numeric arrays and counters, never records.

import { AgreementAccumulator, type MeasureAgreement } from "../agreement";
import { addGapHistogram, gapBucketValueMs, LAST_GAP_BUCKET } from "./chunk-gaps";
import { describeSorted, describeWeighted, emptyDistribution, type Distribution } from "./distribution";
import { inFlightDistribution } from "./in-flight";
import { sortFloat64 } from "./sort-float64";
import type { ErrorKind, RequestRecord } from "../record";
import { outputTokensPerSecondOf } from "./request-rates";
import { addRequestOutcome, emptyRequestOutcomes, errorRate, failureRate, measuredRequests, type RequestOutcomes } from "./request-outcomes";
import { addPhaseRecord, emptyPhaseTotals, summarizePhases, type PhaseSummary, type PhaseTotals } from "./phase-summary";
import { addValueRecord, emptyValueTotals, NO_VALUE_SETTINGS, summarizeValue, type ValueSettings, type ValueSummary, type ValueTotals } from "./value-summary";
import { addToolCallRecord, emptyToolCallTotals, summarizeToolCalls, type ToolCallSummary, type ToolCallTotals } from "./tool-call-summary";
import { addToolLoopRecord, emptyToolLoopTotals, summarizeToolLoops, type ToolLoopSummary, type ToolLoopTotals } from "./tool-loop-summary";
import { addStructuredOutputRecord, emptyStructuredOutputTotals, summarizeStructuredOutput, type StructuredOutputSummary, type StructuredOutputTotals } from "./structured-output-summary";
import { addRequestedLengths, emptyRequestedLengthTotals, summarizeRequestedLengths, type RequestedLengthSummary, type RequestedLengthTotals } from "./requested-lengths";
import { addSessionRecord, emptySessionTotals, summarizeSessions, type SessionSummary, type SessionTotals } from "./session-summary";
import { addCacheRecord, emptyCacheTotals, summarizeCache, type CacheSummary, type CacheTotals } from "./cache-summary";
import { addRankingQualityRecord, emptyRankingQualityTotals, summarizeRankingQuality, type RankingQualityTotals } from "./ranking-quality-summary";

/**
 * The version of how summary rows are computed. A summary stored with a run carries the version that
 * computed it; one older than this is computed again from the run's records. Bump it whenever a
 * metric is added or its computation changes.
 */
// 2: a request counted once, by its last attempt (failed requests, failed attempts, retries, recovered, aborted).
// 3: the failure rate (failed requests / requests) and the error rate (failed attempts / attempts), apart.
// 4: cost, checks pass rate, SLO attainment and goodput (value-summary.ts).
// 5: HTTP phases: medians of connect, TLS, waiting and receiving, and the share of reused connections (phase-summary.ts).
// 6: load models: effective latency (queueMs + latencyMs), the client's queue, dropped arrivals, Retry-After answers.
// 7: every distribution with stdDev, p1 … p99.9 and a 95% interval per percentile (order statistics) and
//    mean (Student's t); token timing (TTST, time to first answer token, chunk gaps, stalls), lengths,
//    stream shape, requests in flight, input and total token throughput, words and characters per second,
//    stopped-short requests; ITL and decode speed end at the last token rather than the last byte.
// 8: agreement across targets (src/core/agreement): each target's top-1, cosine, exact-match, length-ratio,
//    word-error-rate and box-IoU figure with the others, for the tasks each fits.
// 9: images and audio: audio seconds per second and real-time factor (speech recognition), speech
//    seconds per second (text to speech), latency per image (text to image, image to image).
// 10: a request whose retry was cut short by stopping the run is failed (its last measured attempt), not aborted.
// 11: tool calls: the tool-call, valid-call and right-tool rates and the times to a tool call, for runs
//     whose requests offered tools; synthetic prompts' lengths asked for, beside those measured; and the
//     schema-valid and JSON-but-not-schema rates of runs that ask for structured output.
// 12: tool loops' time to final answer, steps, loops finished and tokens per loop, and a loop's cost over
//     all its steps (it was the first step's); multi-turn sessions' figures by turn,
//     durations and unfinished sessions; prefix caching warm against cold (TTFT, cost, the share served
//     from cache), and cached input tokens read in every provider family's name; a text-ranking run's
//     NDCG@10 against its inputs' relevance labels.
export const STATS_VERSION = 12;

/**
 * One target's summary. The request counts (okRequests, failedRequests, …) are defined in
 * request-outcomes.ts; cost, checks and SLO figures in value-summary.ts; the distributions in distribution.ts.
 */
export interface SummaryRow extends RequestOutcomes, ValueSummary, PhaseSummary, ToolCallSummary, StructuredOutputSummary, ToolLoopSummary, Record<DistributionMetric, Distribution> {
  targetId: string;
  /** Measured requests with an outcome: okRequests + failedRequests (warm-ups and aborted requests excluded). */
  requests: number;
  /** failedRequests / requests; null when there are no requests. */
  failureRate: number | null;
  /** failedAttempts / measured attempts (okRequests + failedAttempts); null when there are none. */
  errorRate: number | null;
  /** Failed attempts (retried or not) by kind; they add up to failedAttempts. */
  failedAttemptsByKind: Partial<Record<ErrorKind, number>>;
  /** Warm-up attempts seen; they count nowhere else. */
  warmupAttempts: number;
  /** Gaps between output chunks pooled over every successful stream, from the records' histograms. */
  interChunkMs: Distribution;
  /** Attempts in flight, time-weighted over the target's span (all measured attempts, failed and aborted ones too). */
  inFlight: Distribution;
  /** okCount / wall span of this target's measured requests, in seconds. */
  requestsPerSecond: number | null;
  /** Output tokens of successful measured requests / the same wall span, in seconds. */
  outputTokenThroughput: number | null;
  /** Input tokens reported by successful measured requests / the same wall span, in seconds. */
  inputTokenThroughput: number | null;
  /** inputTokenThroughput + outputTokenThroughput; null unless both exist. */
  totalTokenThroughput: number | null;
  /** Successful requests with fewer output tokens than the scenario's fixed output length; null when it fixes none. */
  stoppedShortRequests: number | null;
  /** max(startedAt + latencyMs) − min(startedAt) over measured requests. */
  wallSpanMs: number | null;
  /** True when any contributing output token count was estimated from the stream. */
  tokensEstimated: boolean;
  /** True when any reasoning token count was counted from the stream rather than reported. */
  reasoningTokensEstimated: boolean;
  /** Measured attempts whose answer carried Retry-After (the server asking for a pause). */
  retryAfterAttempts: number;
  /**
   * Agreement with the other targets, by measure id (agreement/measures.ts): only the measures of the
   * scenario's task. Absent in summaries stored before agreement existed.
   */
  agreement?: Partial<Record<string, number | null>>;
  /** Requested against measured lengths, for synthetic prompts (requested-lengths.ts); absent in summaries stored before them. */
  requestedLengths?: RequestedLengthSummary;
  /** Multi-turn sessions' figures (session-summary.ts): only in rows of a run of sessions. */
  sessions?: SessionSummary;
  /**
   * Prefix caching (cache-summary.ts): the share of input served from cache, warm against cold; absent
   * when no record reported a cached count or probed the cache, and in summaries stored before it.
   */
  cache?: CacheSummary;
  /**
   * Ranking quality (ranking-quality-summary.ts): each answer's NDCG@10 against its input's relevance
   * labels; only in rows of a text-ranking run whose inputs carry labels, absent in summaries stored before it.
   */
  relevanceNdcg?: Distribution;
}

/** The per-request quantities with a distribution, over successful measured requests (docs/metrics.md). */
export const DISTRIBUTION_METRICS = [
  "latencyMs",
  "ttftMs",
  "timeToFirstAnswerTokenMs",
  "timeToSecondTokenMs",
  "itlMs",
  "maxChunkGapMs",
  "outputTokensPerSecond",
  "decodeTokensPerSecond",
  "inputTokens",
  "outputTokens",
  "reasoningTokens",
  "chunksPerRequest",
  "tokensPerChunk",
  "wordsPerSecond",
  "charactersPerSecond",
  // Load models (src/core/load): what the client's own queue added, so it is never hidden.
  /** Per successful request: queueMs + latencyMs (latencyMs alone for records without a queueMs). */
  "effectiveLatencyMs",
  /** Per successful request: queueMs, scheduled time to the hand-over to fetch. */
  "queueMs",
  // Images and audio (addMediaFigures): per successful request whose record carries the quantity.
  /** Seconds of audio sent / latency in seconds (speech recognition): how many times real time. */
  "audioSecondsPerSecond",
  /** Latency in seconds / seconds of audio sent: the real-time factor (below 1 is faster than real time). */
  "realTimeFactor",
  /** Seconds of audio in the answer / latency in seconds (text to speech). */
  "speechSecondsPerSecond",
  /** Latency in ms / images in the answer (text to image, image to image). */
  "latencyPerImageMs",
] as const;
export type DistributionMetric = (typeof DISTRIBUTION_METRICS)[number];

/** What the summary needs to know of the scenario beyond the records. */
export interface SummaryOptions {
  /** The output length every request asked for and should reach (see output-length.ts); null when none is fixed. */
  fixedOutputTokens?: number | null;
  /** The scenario's task: which agreement measures apply (agreement/measures.ts); none without it. */
  task?: string;
}

/** (new − old) / old × 100; null when either side is missing or old is 0. */
export function comparePercentChange(oldValue: number | null, newValue: number | null): number | null {
  if (oldValue === null || newValue === null) return null;
  if (oldValue === 0 || !Number.isFinite(oldValue) || !Number.isFinite(newValue)) return null;
  return ((newValue - oldValue) / oldValue) * 100;
}

/** A Float64Array that grows by doubling: 8 bytes per value instead of a boxed number in an Array. */
class GrowableFloat64Array {
  private buffer = new Float64Array(64);
  private size = 0;

  push(value: number): void {
    if (this.size === this.buffer.length) {
      const larger = new Float64Array(this.buffer.length * 2);
      larger.set(this.buffer);
      this.buffer = larger;
    }
    this.buffer[this.size++] = value;
  }

  /**
   * The values in ascending order, as a view (no copy). Sorting in place is fine because only the
   * distribution matters, and a later sort of mostly sorted data is cheap.
   */
  sortedView(): Float64Array {
    const view = this.buffer.subarray(0, this.size);
    return sortFloat64(view);
  }

  /** A copy, unsorted: for callers that sort it themselves. */
  copy(): Float64Array {
    return this.buffer.slice(0, this.size);
  }

  clone(): GrowableFloat64Array {
    const clone = new GrowableFloat64Array();
    clone.buffer = this.buffer.slice();
    clone.size = this.size;
    return clone;
  }
}

interface TargetTotals {
  outcomes: RequestOutcomes;
  warmupAttempts: number;
  failedAttemptsByKind: Partial<Record<ErrorKind, number>>;
  values: Record<DistributionMetric, GrowableFloat64Array>;
  /** Pooled chunk gaps by histogram bucket, their exact count, sum and largest gap. */
  gapCounts: Float64Array;
  gapCount: number;
  gapSumMs: number;
  gapMaxMs: number;
  /** Start and end of every measured attempt (epoch ms), for requests in flight. */
  attemptStarts: GrowableFloat64Array;
  attemptEnds: GrowableFloat64Array;
  outputTokensSum: number;
  outputTokensReported: number;
  inputTokensSum: number;
  inputTokensReported: number;
  stoppedShort: number;
  firstStartedAt: number;
  lastEndedAt: number;
  tokensEstimated: boolean;
  reasoningTokensEstimated: boolean;
  /**
   * Whether any record's time to first answer token differed from its TTFT (a model reasoning aloud).
   * Until one does the two distributions are the same and only TTFT's values are kept: one sort less.
   */
  answerTtftDiffers: boolean;
  /**
   * Whether any record's effective latency differed from its latency (it waited in the client's queue).
   * Until one does only the latency values are kept, as for answerTtftDiffers: one sort less.
   */
  effectiveLatencyDiffers: boolean;
  value: ValueTotals;
  phases: PhaseTotals;
  retryAfterAttempts: number;
  toolCalls: ToolCallTotals;
  structuredOutput: StructuredOutputTotals;
  requestedLengths: RequestedLengthTotals;
  toolLoops: ToolLoopTotals;
  sessions: SessionTotals;
  cache: CacheTotals;
  rankingQuality: RankingQualityTotals;
}

function newTargetTotals(): TargetTotals {
  return {
    outcomes: emptyRequestOutcomes(),
    warmupAttempts: 0,
    failedAttemptsByKind: {},
    values: Object.fromEntries(DISTRIBUTION_METRICS.map((metric) => [metric, new GrowableFloat64Array()])) as Record<DistributionMetric, GrowableFloat64Array>,
    gapCounts: new Float64Array(LAST_GAP_BUCKET + 1),
    gapCount: 0,
    gapSumMs: 0,
    gapMaxMs: 0,
    attemptStarts: new GrowableFloat64Array(),
    attemptEnds: new GrowableFloat64Array(),
    outputTokensSum: 0,
    outputTokensReported: 0,
    inputTokensSum: 0,
    inputTokensReported: 0,
    stoppedShort: 0,
    firstStartedAt: Infinity,
    lastEndedAt: -Infinity,
    tokensEstimated: false,
    reasoningTokensEstimated: false,
    answerTtftDiffers: false,
    effectiveLatencyDiffers: false,
    value: emptyValueTotals(),
    phases: emptyPhaseTotals(),
    retryAfterAttempts: 0,
    toolCalls: emptyToolCallTotals(),
    structuredOutput: emptyStructuredOutputTotals(),
    requestedLengths: emptyRequestedLengthTotals(),
    toolLoops: emptyToolLoopTotals(),
    sessions: emptySessionTotals(),
    cache: emptyCacheTotals(),
    rankingQuality: emptyRankingQualityTotals(),
  };
}

/** Keeps a malformed record (NaN, Infinity, a field missing from an older record) from poisoning a distribution. */
function pushFinite(values: GrowableFloat64Array, value: number | null | undefined): void {
  if (typeof value === "number" && Number.isFinite(value)) values.push(value);
}

/** Words (runs of non-space) and characters (code points) of a text, in one pass. */
function countWordsAndCharacters(text: string): { words: number; characters: number } {
  let words = 0;
  let characters = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // The second half of a surrogate pair is not a character of its own.
    if (code < 0xdc00 || code > 0xdfff) characters++;
    const space = code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0x3000;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return { words, characters };
}

function addTokenFigures(totals: TargetTotals, record: RequestRecord, options: SummaryOptions): void {
  const { latencyMs, ttftMs, outputTokens } = record;
  const values = totals.values;
  const inputTokens = record.inputTokens;
  if (inputTokens !== null && Number.isFinite(inputTokens)) {
    totals.inputTokensSum += inputTokens;
    totals.inputTokensReported += 1;
    values.inputTokens.push(inputTokens);
  }
  const reasoningTokens = record.reasoningTokens ?? null;
  if (reasoningTokens !== null) {
    pushFinite(values.reasoningTokens, reasoningTokens);
    if (record.reasoningTokensEstimated === true) totals.reasoningTokensEstimated = true;
  }
  if (outputTokens === null) return;

  totals.outputTokensSum += outputTokens;
  totals.outputTokensReported += 1;
  pushFinite(values.outputTokens, outputTokens);
  if (record.tokensEstimated) totals.tokensEstimated = true;
  pushFinite(values.outputTokensPerSecond, outputTokensPerSecondOf(record));
  const fixed = options.fixedOutputTokens ?? null;
  if (fixed !== null && outputTokens < fixed) totals.stoppedShort += 1;

  const outputChunks = record.outputChunkCount ?? 0;
  if (outputChunks > 0) pushFinite(values.tokensPerChunk, outputTokens / outputChunks);

  // When the provider reports no usage (docs/metrics.md): text answers only (a vector has no output
  // tokens), and only whole ones, since a cut output would undercount.
  if (record.tokensEstimated && record.output !== null && !record.truncated && latencyMs > 0) {
    const { words, characters } = countWordsAndCharacters(record.output);
    pushFinite(values.wordsPerSecond, words / (latencyMs / 1000));
    pushFinite(values.charactersPerSecond, characters / (latencyMs / 1000));
  }

  // ITL and decode speed need a first token time and at least one token after it. Decoding ends at the
  // last output chunk; a record from before that was kept ends at its last byte.
  if (ttftMs === null || outputTokens <= 1) return;
  const decodeMs = (record.lastTokenMs ?? latencyMs) - ttftMs;
  pushFinite(values.itlMs, decodeMs / (outputTokens - 1));
  if (decodeMs > 0) pushFinite(values.decodeTokensPerSecond, (outputTokens - 1) / (decodeMs / 1000));
}

/** Before TTFT is pushed: a record from before answer tokens were timed apart counts as answering at once. */
function addTimeToFirstAnswerToken(totals: TargetTotals, record: RequestRecord): void {
  const answerMs = record.timeToFirstAnswerTokenMs === undefined ? record.ttftMs : record.timeToFirstAnswerTokenMs;
  if (!totals.answerTtftDiffers) {
    if (answerMs === record.ttftMs) return;
    totals.answerTtftDiffers = true;
    totals.values.timeToFirstAnswerTokenMs = totals.values.ttftMs.clone();
  }
  pushFinite(totals.values.timeToFirstAnswerTokenMs, answerMs);
}

function addStreamShape(totals: TargetTotals, record: RequestRecord): void {
  const values = totals.values;
  pushFinite(values.timeToSecondTokenMs, record.timeToSecondTokenMs);
  pushFinite(values.maxChunkGapMs, record.maxChunkGapMs);
  const outputChunks = record.outputChunkCount ?? 0;
  if (outputChunks > 0) values.chunksPerRequest.push(outputChunks);
  const histogram = record.chunkGapHistogram ?? null;
  const meanGap = record.chunkGapMeanMs ?? null;
  // The pooled gaps rest on the histogram; the exact mean and max come with it from the same record.
  if (histogram !== null && meanGap !== null && Number.isFinite(meanGap) && outputChunks > 1 && addGapHistogram(histogram, totals.gapCounts)) {
    const gaps = outputChunks - 1;
    totals.gapCount += gaps;
    totals.gapSumMs += meanGap * gaps;
    totals.gapMaxMs = Math.max(totals.gapMaxMs, record.maxChunkGapMs ?? 0);
  }
}

/**
 * Before latency is pushed. Records from before the load models have no queueMs: their effective latency
 * is their latency (0 + latencyMs is latencyMs itself, bit for bit, except for −0).
 */
function addEffectiveLatency(totals: TargetTotals, latencyMs: number, queueMs: number | null): void {
  if (!totals.effectiveLatencyDiffers) {
    if (queueMs === null && !Object.is(latencyMs, -0)) return;
    totals.effectiveLatencyDiffers = true;
    totals.values.effectiveLatencyMs = totals.values.latencyMs.clone();
  }
  pushFinite(totals.values.effectiveLatencyMs, (queueMs ?? 0) + latencyMs);
}

function addSuccessfulRequest(totals: TargetTotals, record: RequestRecord, options: SummaryOptions): void {
  const queueMs = record.queueMs ?? null;
  addEffectiveLatency(totals, record.latencyMs, queueMs);
  pushFinite(totals.values.latencyMs, record.latencyMs);
  if (queueMs !== null) pushFinite(totals.values.queueMs, queueMs);
  addTimeToFirstAnswerToken(totals, record);
  if (record.ttftMs !== null) pushFinite(totals.values.ttftMs, record.ttftMs);
  addStreamShape(totals, record);
  addTokenFigures(totals, record, options);
  addMediaFigures(totals, record);
  addRequestedLengths(totals.requestedLengths, record);
}

/** Per-audio-second and per-image figures, from the quantities a media task's record carries. */
function addMediaFigures(totals: TargetTotals, record: RequestRecord): void {
  const seconds = record.latencyMs / 1000;
  if (!(seconds > 0)) return;
  const heard = record.inputAudioSeconds ?? null;
  if (heard !== null && heard > 0) {
    pushFinite(totals.values.audioSecondsPerSecond, heard / seconds);
    pushFinite(totals.values.realTimeFactor, seconds / heard);
  }
  const spoken = record.outputAudioSeconds ?? null;
  if (spoken !== null && spoken > 0) pushFinite(totals.values.speechSecondsPerSecond, spoken / seconds);
  const images = record.outputImages ?? null;
  if (images !== null && images > 0) pushFinite(totals.values.latencyPerImageMs, record.latencyMs / images);
}

/** A measured attempt that was not aborted: every attempt, retried or not, spans wall time. */
function addMeasuredAttempt(totals: TargetTotals, record: RequestRecord, options: SummaryOptions): void {
  totals.firstStartedAt = Math.min(totals.firstStartedAt, record.startedAt);
  totals.lastEndedAt = Math.max(totals.lastEndedAt, record.startedAt + record.latencyMs);
  if ((record.retryAfterMs ?? null) !== null) totals.retryAfterAttempts += 1;
  if (record.status === "ok") {
    addSuccessfulRequest(totals, record, options);
    return;
  }
  if (record.errorKind !== null) {
    totals.failedAttemptsByKind[record.errorKind] = (totals.failedAttemptsByKind[record.errorKind] ?? 0) + 1;
  }
}

export const POOLED_GAPS_NO_INTERVAL = "gaps of one stream are not independent of each other, so no interval is claimed for pooled gaps";

function pooledGaps(totals: TargetTotals): Distribution {
  if (totals.gapCount === 0) return emptyDistribution();
  const values = Float64Array.from(totals.gapCounts, (_, bucket) => gapBucketValueMs(bucket));
  return describeWeighted(values, totals.gapCounts, totals.gapCount, POOLED_GAPS_NO_INTERVAL, {
    mean: totals.gapSumMs / totals.gapCount,
    max: totals.gapMaxMs,
  });
}

/** Throughput needs a span longer than zero; a single instantaneous request has none. */
function perSecond(amount: number, wallSpanMs: number | null): number | null {
  if (wallSpanMs === null || wallSpanMs <= 0) return null;
  return amount / (wallSpanMs / 1000);
}

function summarizeTarget(targetId: string, totals: TargetTotals, settings: ValueSettings, options: SummaryOptions): SummaryRow {
  const wallSpanMs = Number.isFinite(totals.firstStartedAt) ? totals.lastEndedAt - totals.firstStartedAt : null;
  const outputTokenThroughput = totals.outputTokensReported > 0 ? perSecond(totals.outputTokensSum, wallSpanMs) : null;
  const inputTokenThroughput = totals.inputTokensReported > 0 ? perSecond(totals.inputTokensSum, wallSpanMs) : null;
  // A metric whose values are another's until one record differs shares that one's distribution: one sort less.
  const sharedWith: Partial<Record<DistributionMetric, DistributionMetric>> = {};
  if (!totals.answerTtftDiffers) sharedWith.timeToFirstAnswerTokenMs = "ttftMs";
  if (!totals.effectiveLatencyDiffers) sharedWith.effectiveLatencyMs = "latencyMs";
  const described = new Map<DistributionMetric, Distribution>();
  const describe = (metric: DistributionMetric): Distribution => {
    const source = sharedWith[metric] ?? metric;
    let distribution = described.get(source);
    if (distribution === undefined) {
      distribution = describeSorted(totals.values[source].sortedView());
      described.set(source, distribution);
    }
    return distribution;
  };
  // Keys in the order rows have always had (time to first answer token last).
  const distributions = Object.fromEntries(
    DISTRIBUTION_METRICS.filter((metric) => metric !== "timeToFirstAnswerTokenMs").map((metric) => [metric, describe(metric)]),
  ) as Record<DistributionMetric, Distribution>;
  distributions.timeToFirstAnswerTokenMs = describe("timeToFirstAnswerTokenMs");
  return {
    targetId,
    ...totals.outcomes,
    requests: measuredRequests(totals.outcomes),
    failureRate: failureRate(totals.outcomes),
    errorRate: errorRate(totals.outcomes),
    failedAttemptsByKind: { ...totals.failedAttemptsByKind },
    warmupAttempts: totals.warmupAttempts,
    ...distributions,
    interChunkMs: pooledGaps(totals),
    inFlight: inFlightDistribution(totals.attemptStarts.copy(), totals.attemptEnds.copy()),
    requestsPerSecond: perSecond(totals.outcomes.okRequests, wallSpanMs),
    outputTokenThroughput,
    inputTokenThroughput,
    totalTokenThroughput: outputTokenThroughput !== null && inputTokenThroughput !== null ? outputTokenThroughput + inputTokenThroughput : null,
    stoppedShortRequests: (options.fixedOutputTokens ?? null) === null ? null : totals.stoppedShort,
    wallSpanMs,
    tokensEstimated: totals.tokensEstimated,
    reasoningTokensEstimated: totals.reasoningTokensEstimated,
    ...summarizePhases(totals.phases),
    ...summarizeValue(totals.value, settings, targetId, { okRequests: totals.outcomes.okRequests, requests: measuredRequests(totals.outcomes), wallSpanMs }),
    retryAfterAttempts: totals.retryAfterAttempts,
    ...summarizeToolCalls(totals.toolCalls),
    ...summarizeStructuredOutput(totals.structuredOutput),
    requestedLengths: summarizeRequestedLengths(totals.requestedLengths),
    ...summarizeToolLoops(totals.toolLoops),
    ...sessionFigures(totals.sessions),
    ...cacheField(summarizeCache(totals.cache)),
    ...rankingQualityField(summarizeRankingQuality(totals.rankingQuality)),
  };
}

/** The row's NDCG against relevance labels, or nothing at all (rows of runs without labels keep their shape). */
function rankingQualityField(relevanceNdcg: Distribution | undefined): { relevanceNdcg?: Distribution } {
  return relevanceNdcg === undefined ? {} : { relevanceNdcg };
}

/** A row of sessions gets their figures; any other row has no such key, as rows before sessions had none. */
function sessionFigures(totals: SessionTotals): { sessions?: SessionSummary } {
  const sessions = summarizeSessions(totals);
  return sessions === null ? {} : { sessions };
}

/** The row's cache figures, or nothing at all (rows of runs that neither report nor probe a cache keep their shape). */
function cacheField(cache: CacheSummary | undefined): { cache?: CacheSummary } {
  return cache === undefined ? {} : { cache };
}

/** Collects records one at a time (e.g. as a run streams them in) and summarizes per target on demand. */
export class SummaryAccumulator {
  private readonly totalsByTarget = new Map<string, TargetTotals>();
  private readonly agreement: AgreementAccumulator | null;

  /**
   * `settings`: the scenario's prices and SLOs (valueSettingsOf); without them there are no cost or SLO
   * figures. `options`: what else the summary needs of the scenario (its fixed output length).
   */
  constructor(
    private readonly settings: ValueSettings = NO_VALUE_SETTINGS,
    private readonly options: SummaryOptions = {},
  ) {
    const agreement = options.task === undefined ? null : new AgreementAccumulator(options.task);
    this.agreement = agreement?.measured === true ? agreement : null;
  }

  add(record: RequestRecord): void {
    this.agreement?.add(record);
    let totals = this.totalsByTarget.get(record.targetId);
    if (totals === undefined) {
      totals = newTargetTotals();
      this.totalsByTarget.set(record.targetId, totals);
    }
    if (record.warmup) {
      totals.warmupAttempts += 1;
      return;
    }
    addRequestOutcome(totals.outcomes, record);
    // Dropped arrivals were never sent, so never in flight.
    if (record.errorKind === "dropped") return;
    // Every measured attempt was in flight, an aborted one too; it just spans none of the target's own time.
    if (Number.isFinite(record.startedAt) && Number.isFinite(record.latencyMs)) {
      totals.attemptStarts.push(record.startedAt);
      totals.attemptEnds.push(record.startedAt + record.latencyMs);
    }
    // Aborted attempts span no wall time of the target's own: the user stopped them.
    if (record.errorKind !== "aborted") {
      addMeasuredAttempt(totals, record, this.options);
      addValueRecord(totals.value, this.settings, record);
      addPhaseRecord(totals.phases, record);
      addToolCallRecord(totals.toolCalls, record);
      addStructuredOutputRecord(totals.structuredOutput, record);
      addToolLoopRecord(totals.toolLoops, record);
      addSessionRecord(totals.sessions, record);
      addCacheRecord(totals.cache, this.settings, record);
      addRankingQualityRecord(totals.rankingQuality, record);
    }
  }

  /**
   * One row per target: in targetOrder when given (a listed target without records gets an empty row;
   * targets seen but not listed follow, so no measurement is silently dropped), else in first-seen order.
   */
  summarize(targetOrder?: string[]): SummaryRow[] {
    const targetIds = [...new Set([...(targetOrder ?? []), ...this.totalsByTarget.keys()])];
    const rows = targetIds.map((targetId) => summarizeTarget(targetId, this.totalsByTarget.get(targetId) ?? newTargetTotals(), this.settings, this.options));
    if (this.agreement === null) return rows;
    const measures = this.agreement.result(targetIds);
    for (const row of rows) row.agreement = Object.fromEntries(measures.map((result) => [result.measure.id, result.perTarget.get(row.targetId) ?? null]));
    return rows;
  }

  /** Agreement across targets, every measure of the task with its pairs (empty without a task that has one). */
  agreementResults(targetOrder?: string[]): MeasureAgreement[] {
    if (this.agreement === null) return [];
    return this.agreement.result([...new Set([...(targetOrder ?? []), ...this.totalsByTarget.keys()])]);
  }

  /** Attempts in flight over the whole run, every target together (time-weighted, as per target). */
  inFlightOverall(): Distribution {
    const starts = [...this.totalsByTarget.values()].map((totals) => totals.attemptStarts.copy());
    const ends = [...this.totalsByTarget.values()].map((totals) => totals.attemptEnds.copy());
    return inFlightDistribution(concatenate(starts), concatenate(ends));
  }
}

function concatenate(arrays: readonly Float64Array[]): Float64Array {
  const joined = new Float64Array(arrays.reduce((total, array) => total + array.length, 0));
  let offset = 0;
  for (const array of arrays) {
    joined.set(array, offset);
    offset += array.length;
  }
  return joined;
}

export function summarize(records: Iterable<RequestRecord>, targetOrder?: string[], settings?: ValueSettings, options?: SummaryOptions): SummaryRow[] {
  const accumulator = new SummaryAccumulator(settings, options);
  for (const record of records) accumulator.add(record);
  return accumulator.summarize(targetOrder);
}

/** Evenly spaced selection of at most maxPoints points, always keeping the first and the last. */
export function downsample<T>(points: T[], maxPoints: number): T[] {
  if (!(Number.isInteger(maxPoints) && maxPoints >= 2)) throw new RangeError(`downsample: maxPoints must be an integer ≥ 2, got ${maxPoints}`);
  if (points.length <= maxPoints) return points.slice();
  const step = (points.length - 1) / (maxPoints - 1);
  return Array.from({ length: maxPoints }, (_, i) => points[Math.round(i * step)] as T);
}

/**
 * Empirical CDF: one point per distinct value, p = fraction of values ≤ x, downsampled to at most
 * maxPoints (min and max kept), because charts must never draw more than 2,000 points per series.
 */
export function ecdf(values: ArrayLike<number>, maxPoints = 2000): { x: number; p: number }[] {
  if (!(Number.isInteger(maxPoints) && maxPoints >= 2)) throw new RangeError(`ecdf: maxPoints must be an integer ≥ 2, got ${maxPoints}`);
  // Typed arrays throughout and objects only for the points kept: a million-record run's ECDF would
  // otherwise box every value and make an object per distinct one, only to keep 2,000 of them.
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) n++;
  const sorted = new Float64Array(n);
  for (let i = 0, j = 0; i < values.length; i++) if (Number.isFinite(values[i])) sorted[j++] = values[i]!;
  sortFloat64(sorted);
  // Where each step ends: with ties only the last copy carries the step's height.
  const stepEnds = new Uint32Array(n);
  let steps = 0;
  for (let i = 0; i < n; i++) if (i + 1 === n || sorted[i + 1] !== sorted[i]) stepEnds[steps++] = i;
  const point = (step: number) => ({ x: sorted[stepEnds[step]!]!, p: (stepEnds[step]! + 1) / n });
  if (steps <= maxPoints) return Array.from({ length: steps }, (_, step) => point(step));
  // downsample()'s evenly spaced choice, over the steps.
  const spacing = (steps - 1) / (maxPoints - 1);
  return Array.from({ length: maxPoints }, (_, k) => point(Math.round(k * spacing)));
}
