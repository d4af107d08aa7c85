// Retry policy: which failures are retried, and how long to wait before the next attempt.
import type { RequestRecord } from "../record";
import type { RetryPolicy } from "../scenario";

export function isRetryable(record: RequestRecord, retry: RetryPolicy): boolean {
  return record.errorKind !== null && retry.retryOn.includes(record.errorKind);
}

/**
 * Exponential backoff with full jitter, capped at maxDelayMs; a server's Retry-After is honoured in full
 * when it asks for longer (retrying sooner only earns another 429). `planRetry` decides first whether
 * that Retry-After is within bounds at all.
 */
export function backoffDelayMs(retry: RetryPolicy, attempt: number, retryAfterMs: number | null, random: () => number): number {
  const exponential = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  const jittered = exponential * random();
  return retryAfterMs === null ? jittered : Math.max(jittered, retryAfterMs);
}

export type RetryPlan = { retry: true; delayMs: number } | { retry: false; refusal: string };

/**
 * The wait before the next attempt, bounded: a Retry-After longer than the policy's maxDelayMs (or than
 * what is left before a deadline, when one is given) is not waited for. The attempt then ends as
 * rate-limited, with what the server asked for in its message — a day's stall or a timer overflow
 * (`Retry-After: 1000000000` wraps setTimeout to 1 ms) is never the run's next step.
 */
export function planRetry(
  retry: RetryPolicy,
  attempt: number,
  retryAfterMs: number | null,
  random: () => number,
  remainingMs: number = Number.POSITIVE_INFINITY,
): RetryPlan {
  const ceilingMs = Math.min(retry.maxDelayMs, remainingMs);
  if (retryAfterMs !== null && retryAfterMs > ceilingMs) {
    const bound = remainingMs < retry.maxDelayMs ? `the ${formatSeconds(remainingMs)} left before the run's deadline` : `the policy's ${formatSeconds(retry.maxDelayMs)}`;
    return { retry: false, refusal: `asked to retry after ${formatSeconds(retryAfterMs)}, over ${bound}` };
  }
  return { retry: true, delayMs: Math.min(backoffDelayMs(retry, attempt, retryAfterMs, random), ceilingMs) };
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${seconds >= 1e6 ? seconds.toExponential(2) : Number(seconds.toFixed(3))} s`;
}
