// What became of the measured requests of a run: the one definition of failed requests, failed attempts,
// retries, requests recovered by a retry and aborted requests, shared by the runner's progress counters
// and the summary, so the Run page, the CLI and every table give the same figures.
import type { RequestRecord } from "../record";

/**
 * A request is one planned (target, input, repetition); it has one or more attempts, and its outcome is
 * its last measured attempt. Warm-up attempts count in none of these.
 */
export interface RequestOutcomes {
  /** Requests whose last attempt succeeded. */
  okRequests: number;
  /** Requests whose last measured attempt failed (an abort is not a failure: see abortedRequests). */
  failedRequests: number;
  /** Every failed attempt, retried or not (aborted attempts excluded). */
  failedAttempts: number;
  /** Attempts after the first one of their request. */
  retries: number;
  /** Requests whose last attempt succeeded after an earlier attempt failed. */
  recoveredRequests: number;
  /**
   * Requests cut short by the user's abort before any attempt was measured: stopping a run is not the
   * provider failing. A request whose retry was cut short already failed, and stays failed.
   */
  abortedRequests: number;
  /**
   * Open-loop arrivals never sent: the target's in-flight cap was reached and its queue full. The client
   * refused them, so like aborted requests they are neither successful nor failed, and count in neither
   * rate; they are shown beside them, so a capped run never looks better than it was.
   */
  droppedRequests: number;
}

export function emptyRequestOutcomes(): RequestOutcomes {
  return { okRequests: 0, failedRequests: 0, failedAttempts: 0, retries: 0, recoveredRequests: 0, abortedRequests: 0, droppedRequests: 0 };
}

/** Measured requests that have an outcome other than aborted: the denominator of the failure rate. */
export function measuredRequests(outcomes: RequestOutcomes): number {
  return outcomes.okRequests + outcomes.failedRequests;
}

/** Measured attempts other than aborted ones: every failed attempt, and the one successful attempt of each request that succeeded. */
export function measuredAttempts(outcomes: RequestOutcomes): number {
  return outcomes.okRequests + outcomes.failedAttempts;
}

/** What a user with this retry policy sees: failedRequests / measured requests (aborted excluded); null when there are none. */
export function failureRate(outcomes: RequestOutcomes): number | null {
  const measured = measuredRequests(outcomes);
  return measured > 0 ? outcomes.failedRequests / measured : null;
}

/** How often the provider fails, whatever the retry policy made of it: failedAttempts / measured attempts; null when there are none. */
export function errorRate(outcomes: RequestOutcomes): number | null {
  const attempts = measuredAttempts(outcomes);
  return attempts > 0 ? outcomes.failedAttempts / attempts : null;
}

/**
 * Counts one measured attempt, in O(1) and without remembering requests, so a million records cost
 * nothing here. It rests on how the runner retries: only a failed (never an aborted) attempt is retried,
 * and attempt n + 1 of a request is recorded after attempt n. So every attempt numbered above 1 says
 * "the attempt before me failed": a measured retry takes over its request's outcome. A retry cut short
 * by stopping the run (aborted) measured nothing, so the request keeps the outcome of its last measured
 * attempt, a failure: a run stopped, or resumed (which does not send a request with a measured attempt
 * again, core/run/resume-plan.ts), never turns a failed request into an aborted one. While a run is going, a
 * failed attempt waiting for its retry counts as failed until the retry is recorded.
 */
export function addRequestOutcome(outcomes: RequestOutcomes, record: Pick<RequestRecord, "attempt" | "status" | "errorKind">): void {
  const isRetry = record.attempt > 1;
  if (isRetry) outcomes.retries += 1;
  if (isRetry && record.errorKind === "aborted") return;
  if (isRetry) outcomes.failedRequests -= 1;
  if (record.status === "ok") {
    outcomes.okRequests += 1;
    if (isRetry) outcomes.recoveredRequests += 1;
  } else if (record.errorKind === "aborted") {
    outcomes.abortedRequests += 1;
  } else if (record.errorKind === "dropped") {
    outcomes.droppedRequests += 1;
  } else {
    outcomes.failedAttempts += 1;
    outcomes.failedRequests += 1;
  }
}
