// The run's clock: monotonic milliseconds for durations, the wall clock for dates. Injected, so a test can
// stand in for it. And the one wait on a timer that an abort ends (retries' backoff, the pacer's coarse wait).

export interface Clock {
  /** Monotonic milliseconds, for durations. */
  now(): number;
  /** Wall clock, epoch milliseconds. */
  epochMs(): number;
  /**
   * The wall-clock time of a monotonic reading, where the clock knows it exactly (a clock the threads of
   * a run share: every thread then maps its readings alike). Without it a run maps its readings from a
   * pair of readings, one of each, which a thread paused between the two would set apart.
   */
  epochAt?(mono: number): number;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  epochMs: () => Date.now(),
};

/** setTimeout keeps delays in 32 bits: anything longer fires at once, so a longer wait ends here (retries refuse one before). */
const MAX_TIMER_MS = 2 ** 31 - 1;

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
    }, Math.min(ms, MAX_TIMER_MS));
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
