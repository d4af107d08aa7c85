// Retry policy: which failures are retried, and how long to wait before the next attempt.
import type { RequestRecord } from "./record";
import type { RetryPolicy } from "./scenario";

export function isRetryable(record: RequestRecord, retry: RetryPolicy): boolean {
  return record.errorKind !== null && retry.retryOn.includes(record.errorKind);
}

/**
 * Exponential backoff with full jitter, capped at maxDelayMs; a server's Retry-After is honoured in full
 * when it asks for longer (retrying sooner only earns another 429).
 */
export function backoffDelayMs(retry: RetryPolicy, attempt: number, retryAfterMs: number | null, random: () => number): number {
  const exponential = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  const jittered = exponential * random();
  return retryAfterMs === null ? jittered : Math.max(jittered, retryAfterMs);
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
