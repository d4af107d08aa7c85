// Where a target saturates in a sweep, judged with intervals rather than by eye (docs/metrics.md,
// "Saturation"): the first level at which more offered load bought no significant throughput while the
// provider's own time per request (provider-time.ts) rose significantly, and by as much as the extra
// requests it held explain. Only the provider's time is blamed on it: where the latency rose on the
// client's side alone (a wait for one of the browser's connections, a busy tab reading late) the client
// was the limit, and is named. So is a level the client did not keep in flight (a closed loop that fell
// behind): that load was never offered, and the provider is not judged at it.
import { bootstrapPercentileCi95, intervalEnds, percentile, type SummaryRow } from "../stats";

/** z for a two-sided 95% interval. */
const Z_95 = 1.959964;

/** One target at one stage: what the curves draw and the judgement reads. */
export interface LoadPoint {
  stage: number;
  /** Successful requests per second over the stage (SummaryRow.requestsPerSecond). */
  throughput: number | null;
  /** Half the width of throughput's 95% interval (see throughputHalfWidth). */
  throughputHalfWidth: number | null;
  effectiveLatencyP50: number | null;
  effectiveLatencyCi95: [number, number] | null;
  /** The median of the provider's own time per successful request (providerTimeMs), and its 95% interval. */
  providerTimeP50: number | null;
  providerTimeCi95: [number, number] | null;
  latencyP50: number | null;
  ttftP50: number | null;
  /** 429 answers and answers carrying Retry-After, for "throttled or slow". */
  rateLimited: number;
  retryAfter: number;
  requests: number;
  /** A closed stage's requests in flight per target, as asked; null for an open loop (no level to hold). */
  offeredInFlight: number | null;
  /** How many the client kept in flight while it still had requests to send (StageSummaries.heldInFlight). */
  heldInFlight: number | null;
  /**
   * In a browser, this target's share of the connections to its origin: the browser's connections per
   * HTTP/1.1 host over the targets that share the host. Absent (or null) where the client has no such
   * limit: the command line sizes its pools to the run.
   */
  connectionShare?: number | null;
}

/**
 * Below this share of the level asked, the client held the load back. A closed loop loses only the time
 * between one answer and the next send (well under a millisecond in Node); a fifth of every slot is the
 * client's own doing, whatever the provider does.
 */
export const CLIENT_HELD_SHARE = 0.8;

/**
 * How much of the rise in requests held a saturated provider's time must show. By Little's law a provider
 * holding N requests, each for R ms, serves N / R per ms: with its throughput flat, R grows as N does (slow,
 * held from 2 to 4, takes twice as long). A rise of under half of N's is not a provider turning work into
 * waiting, whatever the intervals say (throughput intervals of a few dozen bursty completions are wide): it
 * is a machine's general lateness, which a busy test host spreads over every stage.
 */
export const LITTLE_LAW_SHARE = 0.5;

/** What loadPoint reads beside the summary row: when requests ended, how many were in flight, the provider's times. */
export interface StageMeasurements {
  completionTimes: readonly number[];
  inFlight: { offered: number | null; held: number | null; connectionShare?: number | null };
  /** The provider's own time of each successful request (providerTimeMs), ascending. */
  providerTimesMs: Float64Array;
}

/**
 * Half the width of a throughput's 95% interval. Completions form a renewal process: a rate estimated
 * from n of them has a relative standard error of CV / √n, CV the coefficient of variation of the gaps
 * between completions (1 for Poisson completions; far less for a closed loop's regular ones, more for
 * bursts). Without completion times (or with fewer than 3), completions are taken as Poisson.
 */
export function throughputHalfWidth(throughput: number | null, completions: number, completionTimes?: readonly number[]): number | null {
  if (throughput === null || completions < 1) return null;
  const gaps = (completionTimes ?? []).slice(1).map((time, index) => time - completionTimes![index]!);
  let variation = 1;
  if (gaps.length >= 2) {
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    const variance = gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / (gaps.length - 1);
    if (mean > 0) variation = Math.sqrt(variance) / mean;
  }
  return (Z_95 * throughput * variation) / Math.sqrt(completions);
}

/** A target's point at a stage, from its summary row and what the stage's records measured (StageMeasurements). */
export function loadPoint(stage: number, row: SummaryRow, measured: StageMeasurements): LoadPoint {
  const { completionTimes, inFlight, providerTimesMs } = measured;
  return {
    stage,
    throughput: row.requestsPerSecond,
    throughputHalfWidth: throughputHalfWidth(row.requestsPerSecond, row.okRequests, completionTimes),
    effectiveLatencyP50: row.effectiveLatencyMs.p50,
    effectiveLatencyCi95: intervalEnds(row.effectiveLatencyMs.ci95.p50),
    providerTimeP50: providerTimesMs.length === 0 ? null : percentile(providerTimesMs, 50),
    providerTimeCi95: bootstrapPercentileCi95(providerTimesMs, 50),
    latencyP50: row.latencyMs.p50,
    ttftP50: row.ttftMs.p50,
    rateLimited: row.failedAttemptsByKind.rate_limited ?? 0,
    retryAfter: row.retryAfterAttempts,
    requests: row.requests,
    offeredInFlight: inFlight.offered,
    heldInFlight: inFlight.held,
    ...(inFlight.connectionShare == null ? {} : { connectionShare: inFlight.connectionShare }),
  };
}

/**
 * The stage asked more of the target in flight than its share of the browser's connections to a shared
 * host: the rest waited in the browser (a wait its t0 includes, and, without the server's Timing-Allow-Origin,
 * its provider time too), so that load never reached the provider.
 */
export function connectionLimited(point: LoadPoint): boolean {
  return point.connectionShare != null && point.offeredInFlight !== null && point.offeredInFlight > point.connectionShare;
}

/** The client kept markedly fewer requests in flight than the stage asked for, or the browser's connections did: that load was never offered. */
export function clientLimited(point: LoadPoint): boolean {
  if (connectionLimited(point)) return true;
  return point.offeredInFlight !== null && point.heldInFlight !== null && point.heldInFlight < CLIENT_HELD_SHARE * point.offeredInFlight;
}

/**
 * Each target's share of a browser's connections (`connectionsPerHost` per HTTP/1.1 host) when targets
 * share a host: the load points' connectionShare. A target alone on its host gets the whole count.
 */
export function connectionShares(hosts: readonly { targetIds: readonly string[] }[], connectionsPerHost: number): Map<string, number> {
  const shares = new Map<string, number>();
  for (const host of hosts) for (const targetId of host.targetIds) shares.set(targetId, connectionsPerHost / host.targetIds.length);
  return shares;
}

/** The throughput gain's 95% interval reaches 0 (its half-width is that of a difference of two independent estimates). */
function throughputFlat(lower: LoadPoint, higher: LoadPoint): boolean {
  if (lower.throughput === null || higher.throughput === null) return false;
  if (lower.throughputHalfWidth === null || higher.throughputHalfWidth === null) return false;
  return higher.throughput - lower.throughput - Math.hypot(lower.throughputHalfWidth, higher.throughputHalfWidth) <= 0;
}

/** The higher interval lies wholly above the lower one. */
function roseBeyondIntervals(lower: [number, number] | null, higher: [number, number] | null): boolean {
  return lower !== null && higher !== null && higher[0] > lower[1];
}

/** The provider's time rose by at least LITTLE_LAW_SHARE of the rise in requests held (when both are known). */
function riseMatchesHeld(lower: LoadPoint, higher: LoadPoint): boolean {
  if (lower.providerTimeP50 === null || higher.providerTimeP50 === null || !(lower.providerTimeP50 > 0)) return false;
  if (lower.heldInFlight === null || higher.heldInFlight === null || !(lower.heldInFlight > 0)) return true;
  const heldRise = higher.heldInFlight / lower.heldInFlight - 1;
  return higher.providerTimeP50 / lower.providerTimeP50 - 1 >= LITTLE_LAW_SHARE * heldRise;
}

/**
 * Whether going from `lower` to `higher` offered load saturated the provider: throughput flat (throughputFlat),
 * and the provider's own median time per request up beyond both intervals and by as much as Little's law
 * asks of the requests it held (LITTLE_LAW_SHARE).
 */
export function saturatedBetween(lower: LoadPoint, higher: LoadPoint): boolean {
  return throughputFlat(lower, higher) && roseBeyondIntervals(lower.providerTimeCi95, higher.providerTimeCi95) && riseMatchesHeld(lower, higher);
}

/**
 * Whether, from `lower` to `higher`, throughput stopped growing and the latency the client measured rose
 * while the provider's own time did not (saturatedBetween is false): the client's time grew, not the provider's.
 */
export function clientSlowedBetween(lower: LoadPoint, higher: LoadPoint): boolean {
  return throughputFlat(lower, higher) && roseBeyondIntervals(lower.effectiveLatencyCi95, higher.effectiveLatencyCi95) && !saturatedBetween(lower, higher);
}

/** A stage whose load the client did not keep in flight: what it held of what was asked. */
export interface ClientLimit {
  stage: number;
  held: number;
  offered: number;
  /** "connections": the browser's connections to a host the targets share held it (connectionLimited); absent: the client fell behind. */
  by?: "connections";
}

/** The stages the client held back, in order of offered load. */
export function clientLimits(points: readonly LoadPoint[]): ClientLimit[] {
  return points.filter(clientLimited).map((point) =>
    connectionLimited(point)
      ? { stage: point.stage, held: Math.min(point.connectionShare!, point.heldInFlight ?? Infinity), offered: point.offeredInFlight!, by: "connections" as const }
      : { stage: point.stage, held: point.heldInFlight!, offered: point.offeredInFlight! },
  );
}

/**
 * The judged stages, before the one the provider saturated at, where the client's own time stopped the
 * throughput (clientSlowedBetween the judged stage below): a wait for a connection, late reads.
 */
export function clientSlowdowns(points: readonly LoadPoint[]): number[] {
  const judged = judgedPoints(points);
  const stages: number[] = [];
  for (let index = 1; index < judged.length; index++) {
    if (saturatedBetween(judged[index - 1]!, judged[index]!)) break;
    if (clientSlowedBetween(judged[index - 1]!, judged[index]!)) stages.push(judged[index]!.stage);
  }
  return stages;
}

/** The stages judged: those whose load the client kept in flight. */
export function judgedPoints(points: readonly LoadPoint[]): LoadPoint[] {
  return points.filter((point) => !clientLimited(point));
}

/**
 * The stage at which a target saturated, over its points in order of offered load, each judged stage
 * against the judged one below it; null when it never did. A stage the client held back is no evidence.
 */
export function saturationStage(points: readonly LoadPoint[]): number | null {
  const judged = judgedPoints(points);
  for (let index = 1; index < judged.length; index++) {
    if (saturatedBetween(judged[index - 1]!, judged[index]!)) return judged[index]!.stage;
  }
  return null;
}

/** The client's limits in words, each stage named by `stageName` ("stage 2", "stage 2 (concurrency 4)"). */
export function describeClientLimits(limits: readonly ClientLimit[], stageName: (stage: number) => string = (stage) => `stage ${stage}`): string {
  const held = limits.filter((limit) => limit.by === undefined);
  const byConnections = limits.filter((limit) => limit.by === "connections");
  const parts: string[] = [];
  if (held.length > 0) {
    const kept = held.map((limit) => `${limit.held.toFixed(1)} of the ${limit.offered} asked at ${stageName(limit.stage)}`).join(", ");
    parts.push(`the client kept in flight only ${kept}`);
  }
  if (byConnections.length > 0) {
    const kept = byConnections.map((limit) => `${limit.held.toFixed(1)} of the ${limit.offered} asked at ${stageName(limit.stage)}`).join(", ");
    parts.push(`the browser's connections to a host this target shares with others let only ${kept} go out at once (the rest waited in the browser)`);
  }
  return `${parts.join("; ")}: there the client, not the provider, was the limit, and the provider is not judged`;
}

/** The client's slowdowns in words (clientSlowdowns), each stage named by `stageName`. */
export function describeClientSlowdowns(stages: readonly number[], stageName: (stage: number) => string = (stage) => `stage ${stage}`): string {
  return `at ${stages.map(stageName).join(", ")} throughput stopped growing while latency rose on the client's side only (the provider's own time per request did not): there the client, not the provider, was the limit`;
}

export type LimitVerdict = "throttled" | "slow" | "throttled and slow" | "neither";

/**
 * Rate limits told apart from saturation: a target that answered 429 or asked for a pause with
 * Retry-After was throttled (it refused work); one whose latency climbed without throughput was slow
 * (it took the work and fell behind). Both can be true.
 */
export function limitVerdict(points: readonly LoadPoint[]): { verdict: LimitVerdict; sentence: string } {
  const throttledStages = points.filter((point) => point.rateLimited > 0 || point.retryAfter > 0);
  const saturatedAt = saturationStage(points);
  const throttled = throttledStages.length > 0;
  const slow = saturatedAt !== null;
  const verdict: LimitVerdict = throttled && slow ? "throttled and slow" : throttled ? "throttled" : slow ? "slow" : "neither";
  const parts: string[] = [];
  if (throttled) {
    const refusals = throttledStages.reduce((sum, point) => sum + point.rateLimited, 0);
    const asks = throttledStages.reduce((sum, point) => sum + point.retryAfter, 0);
    parts.push(`throttled: ${refusals} answers 429 and ${asks} with Retry-After, from stage ${throttledStages[0]!.stage}`);
  }
  if (slow) parts.push(`slow: saturated at stage ${saturatedAt} (no significant throughput gain, the provider's own time per request up)`);
  const heldBack = clientLimits(points);
  if (heldBack.length > 0) parts.push(describeClientLimits(heldBack));
  const slowedClient = clientSlowdowns(points);
  if (slowedClient.length > 0) parts.push(describeClientSlowdowns(slowedClient));
  if (parts.length === 0) parts.push("neither throttled nor saturated at the loads sent");
  return { verdict, sentence: parts.join("; ") };
}

/**
 * One target's judgement in words, as the command line and the Compare page both say it: where it
 * saturated (or that it did not), where the client was the limit, and whether it was throttled.
 */
export function describeLoadJudgement(points: readonly LoadPoint[], stageName: (stage: number) => string): string {
  const saturatedAt = saturationStage(points);
  const parts = [
    saturatedAt !== null
      ? `saturated at ${stageName(saturatedAt)}: throughput stopped growing while the provider's own time per request rose`
      : judgedPoints(points).length > 1
        ? "not saturated at the loads sent"
        : "fewer than two stages judged, so no saturation judged",
  ];
  const heldBack = clientLimits(points);
  if (heldBack.length > 0) parts.push(describeClientLimits(heldBack, stageName));
  const slowedClient = clientSlowdowns(points);
  if (slowedClient.length > 0) parts.push(describeClientSlowdowns(slowedClient, stageName));
  const verdict = limitVerdict(points);
  parts.push(verdict.verdict === "throttled" || verdict.verdict === "throttled and slow" ? verdict.sentence.split("; ")[0]! : "not throttled (no 429, no Retry-After)");
  return parts.join("; ");
}
