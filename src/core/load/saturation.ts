// Where a target saturates in a sweep, judged with intervals rather than by eye (docs/metrics.md,
// "Saturation"): the first level at which more offered load bought no significant throughput while
// the effective latency rose significantly. A level the client itself did not keep in flight (a closed
// loop that fell behind: a busy browser, a slow event loop) was never offered: there the client is the
// limit, and the provider is not judged at that level.
import type { SummaryRow } from "../stats";
import { intervalEnds } from "../intervals";

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
}

/**
 * Below this share of the level asked, the client held the load back. A closed loop loses only the time
 * between one answer and the next send (well under a millisecond in Node); a fifth of every slot is the
 * client's own doing, whatever the provider does.
 */
export const CLIENT_HELD_SHARE = 0.8;

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

/**
 * A target's point at a stage, from its summary row and, when known, when its requests ended and how
 * many of them were in flight, asked and held.
 */
export function loadPoint(
  stage: number,
  row: SummaryRow,
  completionTimes?: readonly number[],
  inFlight: { offered: number | null; held: number | null } = { offered: null, held: null },
): LoadPoint {
  return {
    stage,
    throughput: row.requestsPerSecond,
    throughputHalfWidth: throughputHalfWidth(row.requestsPerSecond, row.okRequests, completionTimes),
    effectiveLatencyP50: row.effectiveLatencyMs.p50,
    effectiveLatencyCi95: intervalEnds(row.effectiveLatencyMs.ci95.p50),
    latencyP50: row.latencyMs.p50,
    ttftP50: row.ttftMs.p50,
    rateLimited: row.failedAttemptsByKind.rate_limited ?? 0,
    retryAfter: row.retryAfterAttempts,
    requests: row.requests,
    offeredInFlight: inFlight.offered,
    heldInFlight: inFlight.held,
  };
}

/** The client kept markedly fewer requests in flight than the stage asked for: that load was never offered. */
export function clientLimited(point: LoadPoint): boolean {
  return point.offeredInFlight !== null && point.heldInFlight !== null && point.heldInFlight < CLIENT_HELD_SHARE * point.offeredInFlight;
}

/**
 * Whether going from `lower` to `higher` offered load saturated the target: the throughput gain's 95%
 * interval reaches 0 (its half-width is that of a difference of two independent estimates), and the
 * higher stage's median effective latency interval lies wholly above the lower one's.
 */
export function saturatedBetween(lower: LoadPoint, higher: LoadPoint): boolean {
  if (lower.throughput === null || higher.throughput === null) return false;
  if (lower.throughputHalfWidth === null || higher.throughputHalfWidth === null) return false;
  if (lower.effectiveLatencyCi95 === null || higher.effectiveLatencyCi95 === null) return false;
  const gain = higher.throughput - lower.throughput;
  const gainHalfWidth = Math.hypot(lower.throughputHalfWidth, higher.throughputHalfWidth);
  const throughputFlat = gain - gainHalfWidth <= 0;
  const latencyRose = higher.effectiveLatencyCi95[0] > lower.effectiveLatencyCi95[1];
  return throughputFlat && latencyRose;
}

/** A stage whose load the client did not keep in flight: what it held of what was asked. */
export interface ClientLimit {
  stage: number;
  held: number;
  offered: number;
}

/** The stages the client held back, in order of offered load. */
export function clientLimits(points: readonly LoadPoint[]): ClientLimit[] {
  return points.filter(clientLimited).map((point) => ({ stage: point.stage, held: point.heldInFlight!, offered: point.offeredInFlight! }));
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
  const kept = limits.map((limit) => `${limit.held.toFixed(1)} of the ${limit.offered} asked at ${stageName(limit.stage)}`).join(", ");
  return `the client kept in flight only ${kept}: there the client, not the provider, was the limit, and the provider is not judged`;
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
  if (slow) parts.push(`slow: saturated at stage ${saturatedAt} (no significant throughput gain, effective latency up)`);
  const heldBack = clientLimits(points);
  if (heldBack.length > 0) parts.push(describeClientLimits(heldBack));
  if (parts.length === 0) parts.push("neither throttled nor saturated at the loads sent");
  return { verdict, sentence: parts.join("; ") };
}
