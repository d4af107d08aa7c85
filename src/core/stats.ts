// Per-target summary statistics over request records, with the metric definitions of docs/metrics.md.
// Built to take a million records: the accumulator keeps only numeric arrays and counters, never records.

import { bootstrapPercentileCi95 } from "./bootstrap";
import { percentile } from "./percentile";
import type { ErrorKind, RequestRecord } from "./record";
import { outputTokensPerSecondOf } from "./request-rates";
import { addRequestOutcome, emptyRequestOutcomes, errorRate, failureRate, measuredRequests, type RequestOutcomes } from "./request-outcomes";
import { addPhaseRecord, emptyPhaseTotals, summarizePhases, type PhaseSummary, type PhaseTotals } from "./phase-summary";
import { addValueRecord, emptyValueTotals, NO_VALUE_SETTINGS, summarizeValue, type ValueSettings, type ValueSummary, type ValueTotals } from "./value-summary";

// The percentile rule lives in percentile.ts (the bootstrap needs it too); re-exported for the views that read it here.
export { percentile };

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
export const STATS_VERSION = 6;

export interface Distribution {
  count: number;
  min: number | null;
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

/**
 * One target's summary. The request counts (okRequests, failedRequests, …) are defined in
 * request-outcomes.ts; cost, checks and SLO figures in value-summary.ts.
 */
export interface SummaryRow extends RequestOutcomes, ValueSummary, PhaseSummary {
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
  /** Successful, non-warm-up requests only. */
  latencyMs: Distribution;
  /** Bootstrap 95% confidence interval of the median latency; null with fewer than 2 samples. */
  latencyP50Ci95: [number, number] | null;
  /** Successful streaming requests that have a ttftMs. */
  ttftMs: Distribution;
  /** Per request: (latency − TTFT) / (outputTokens − 1), for outputTokens > 1. */
  itlMs: Distribution;
  meanOutputTokens: number | null;
  /** Per request: outputTokens / latency in seconds. */
  outputTokensPerSecond: Distribution;
  /** Per request: (outputTokens − 1) / (latency − TTFT) in seconds. */
  decodeTokensPerSecond: Distribution;
  /** okCount / wall span of this target's measured requests, in seconds. */
  requestsPerSecond: number | null;
  /** Output tokens of successful measured requests / the same wall span, in seconds. */
  outputTokenThroughput: number | null;
  /** max(startedAt + latencyMs) − min(startedAt) over measured requests. */
  wallSpanMs: number | null;
  /** True when any contributing token count was estimated from the stream. */
  tokensEstimated: boolean;
  // Load models (src/core/load): what the client's own queue added, so it is never hidden.
  /** Per successful request: queueMs + latencyMs (latencyMs alone for records without a queueMs). */
  effectiveLatencyMs: Distribution;
  /** Bootstrap 95% confidence interval of the median effective latency. */
  effectiveLatencyP50Ci95: [number, number] | null;
  /** Per successful request: queueMs, scheduled time to the hand-over to fetch. */
  queueMs: Distribution;
  /** Measured attempts whose answer carried Retry-After (the server asking for a pause). */
  retryAfterAttempts: number;
}

/** The per-request metrics that have a distribution (and whose values the accumulator keeps). */
type DistributionMetric = "latencyMs" | "ttftMs" | "itlMs" | "outputTokensPerSecond" | "decodeTokensPerSecond" | "effectiveLatencyMs" | "queueMs";

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
    return this.buffer.subarray(0, this.size).sort();
  }
}

interface TargetTotals {
  outcomes: RequestOutcomes;
  warmupAttempts: number;
  failedAttemptsByKind: Partial<Record<ErrorKind, number>>;
  values: Record<DistributionMetric, GrowableFloat64Array>;
  outputTokensSum: number;
  outputTokensReported: number;
  firstStartedAt: number;
  lastEndedAt: number;
  tokensEstimated: boolean;
  value: ValueTotals;
  phases: PhaseTotals;
  retryAfterAttempts: number;
}

function newTargetTotals(): TargetTotals {
  return {
    outcomes: emptyRequestOutcomes(),
    warmupAttempts: 0,
    failedAttemptsByKind: {},
    values: {
      latencyMs: new GrowableFloat64Array(),
      ttftMs: new GrowableFloat64Array(),
      itlMs: new GrowableFloat64Array(),
      outputTokensPerSecond: new GrowableFloat64Array(),
      decodeTokensPerSecond: new GrowableFloat64Array(),
      effectiveLatencyMs: new GrowableFloat64Array(),
      queueMs: new GrowableFloat64Array(),
    },
    outputTokensSum: 0,
    outputTokensReported: 0,
    firstStartedAt: Infinity,
    lastEndedAt: -Infinity,
    tokensEstimated: false,
    value: emptyValueTotals(),
    phases: emptyPhaseTotals(),
    retryAfterAttempts: 0,
  };
}

/** Keeps a malformed record (NaN, Infinity) from poisoning a whole distribution. */
function pushFinite(values: GrowableFloat64Array, value: number): void {
  if (Number.isFinite(value)) values.push(value);
}

function addSuccessfulRequest(totals: TargetTotals, record: RequestRecord): void {
  const { latencyMs, ttftMs, outputTokens } = record;
  pushFinite(totals.values.latencyMs, latencyMs);
  // Records from before the load models have no queueMs: their effective latency is their latency.
  const queueMs = record.queueMs ?? null;
  if (queueMs !== null) pushFinite(totals.values.queueMs, queueMs);
  pushFinite(totals.values.effectiveLatencyMs, (queueMs ?? 0) + latencyMs);
  if (ttftMs !== null) pushFinite(totals.values.ttftMs, ttftMs);
  if (outputTokens === null) return;

  totals.outputTokensSum += outputTokens;
  totals.outputTokensReported += 1;
  if (record.tokensEstimated) totals.tokensEstimated = true;
  const outputTokensPerSecond = outputTokensPerSecondOf(record);
  if (outputTokensPerSecond !== null) pushFinite(totals.values.outputTokensPerSecond, outputTokensPerSecond);

  // ITL and decode speed need a first token time and at least one token after it.
  if (ttftMs === null || outputTokens <= 1) return;
  const decodeMs = latencyMs - ttftMs;
  pushFinite(totals.values.itlMs, decodeMs / (outputTokens - 1));
  if (decodeMs > 0) pushFinite(totals.values.decodeTokensPerSecond, (outputTokens - 1) / (decodeMs / 1000));
}

/** A measured attempt that was not aborted: every attempt, retried or not, spans wall time. */
function addMeasuredAttempt(totals: TargetTotals, record: RequestRecord): void {
  totals.firstStartedAt = Math.min(totals.firstStartedAt, record.startedAt);
  totals.lastEndedAt = Math.max(totals.lastEndedAt, record.startedAt + record.latencyMs);
  if ((record.retryAfterMs ?? null) !== null) totals.retryAfterAttempts += 1;
  if (record.status === "ok") {
    addSuccessfulRequest(totals, record);
    return;
  }
  if (record.errorKind !== null) {
    totals.failedAttemptsByKind[record.errorKind] = (totals.failedAttemptsByKind[record.errorKind] ?? 0) + 1;
  }
}

function emptyDistribution(): Distribution {
  return { count: 0, min: null, mean: null, p50: null, p90: null, p95: null, p99: null, max: null };
}

function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] as number;
  return total;
}

function describeSorted(sortedValues: Float64Array): Distribution {
  const count = sortedValues.length;
  if (count === 0) return emptyDistribution();
  return {
    count,
    min: sortedValues[0] as number,
    mean: sum(sortedValues) / count,
    p50: percentile(sortedValues, 50),
    p90: percentile(sortedValues, 90),
    p95: percentile(sortedValues, 95),
    p99: percentile(sortedValues, 99),
    max: sortedValues[count - 1] as number,
  };
}

/** Throughput needs a span longer than zero; a single instantaneous request has none. */
function perSecond(amount: number, wallSpanMs: number | null): number | null {
  if (wallSpanMs === null || wallSpanMs <= 0) return null;
  return amount / (wallSpanMs / 1000);
}

function summarizeTarget(targetId: string, totals: TargetTotals, settings: ValueSettings): SummaryRow {
  const latencyMs = totals.values.latencyMs.sortedView();
  const effectiveLatencyMs = totals.values.effectiveLatencyMs.sortedView();
  const wallSpanMs = Number.isFinite(totals.firstStartedAt) ? totals.lastEndedAt - totals.firstStartedAt : null;
  const hasOutputTokens = totals.outputTokensReported > 0;
  return {
    targetId,
    ...totals.outcomes,
    requests: measuredRequests(totals.outcomes),
    failureRate: failureRate(totals.outcomes),
    errorRate: errorRate(totals.outcomes),
    failedAttemptsByKind: { ...totals.failedAttemptsByKind },
    warmupAttempts: totals.warmupAttempts,
    latencyMs: describeSorted(latencyMs),
    latencyP50Ci95: bootstrapPercentileCi95(latencyMs, 50),
    ttftMs: describeSorted(totals.values.ttftMs.sortedView()),
    itlMs: describeSorted(totals.values.itlMs.sortedView()),
    meanOutputTokens: hasOutputTokens ? totals.outputTokensSum / totals.outputTokensReported : null,
    outputTokensPerSecond: describeSorted(totals.values.outputTokensPerSecond.sortedView()),
    decodeTokensPerSecond: describeSorted(totals.values.decodeTokensPerSecond.sortedView()),
    requestsPerSecond: perSecond(totals.outcomes.okRequests, wallSpanMs),
    outputTokenThroughput: hasOutputTokens ? perSecond(totals.outputTokensSum, wallSpanMs) : null,
    wallSpanMs,
    tokensEstimated: totals.tokensEstimated,
    ...summarizePhases(totals.phases),
    ...summarizeValue(totals.value, settings, targetId, { okRequests: totals.outcomes.okRequests, requests: measuredRequests(totals.outcomes), wallSpanMs }),
    effectiveLatencyMs: describeSorted(effectiveLatencyMs),
    effectiveLatencyP50Ci95: bootstrapPercentileCi95(effectiveLatencyMs, 50),
    queueMs: describeSorted(totals.values.queueMs.sortedView()),
    retryAfterAttempts: totals.retryAfterAttempts,
  };
}

/** Collects records one at a time (e.g. as a run streams them in) and summarizes per target on demand. */
export class SummaryAccumulator {
  private readonly totalsByTarget = new Map<string, TargetTotals>();

  /** `settings`: the scenario's prices and SLOs (valueSettingsOf); without them there are no cost or SLO figures. */
  constructor(private readonly settings: ValueSettings = NO_VALUE_SETTINGS) {}

  add(record: RequestRecord): void {
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
    // Aborted attempts span no wall time of the target's own: the user stopped them. Dropped arrivals were never sent.
    if (record.errorKind !== "aborted" && record.errorKind !== "dropped") {
      addMeasuredAttempt(totals, record);
      addValueRecord(totals.value, this.settings, record);
      addPhaseRecord(totals.phases, record);
    }
  }

  /**
   * One row per target: in targetOrder when given (a listed target without records gets an empty row;
   * targets seen but not listed follow, so no measurement is silently dropped), else in first-seen order.
   */
  summarize(targetOrder?: string[]): SummaryRow[] {
    const targetIds = [...new Set([...(targetOrder ?? []), ...this.totalsByTarget.keys()])];
    return targetIds.map((targetId) => summarizeTarget(targetId, this.totalsByTarget.get(targetId) ?? newTargetTotals(), this.settings));
  }

}

export function summarize(records: Iterable<RequestRecord>, targetOrder?: string[], settings?: ValueSettings): SummaryRow[] {
  const accumulator = new SummaryAccumulator(settings);
  for (const record of records) accumulator.add(record);
  return accumulator.summarize(targetOrder);
}

function finiteValues(values: ArrayLike<number>): number[] {
  const finite: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (Number.isFinite(value)) finite.push(value);
  }
  return finite;
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
  const sorted = Float64Array.from(finiteValues(values)).sort();
  const n = sorted.length;
  const points: { x: number; p: number }[] = [];
  for (let i = 0; i < n; i++) {
    const x = sorted[i] as number;
    // With ties only the last copy carries the step's height.
    if (i + 1 < n && sorted[i + 1] === x) continue;
    points.push({ x, p: (i + 1) / n });
  }
  return downsample(points, maxPoints);
}
