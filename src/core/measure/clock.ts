// The run's clock: monotonic milliseconds for durations, the wall clock for dates. Injected, so a test can
// stand in for it.

export interface Clock {
  /** Monotonic milliseconds, for durations. */
  now(): number;
  /** Wall clock, epoch milliseconds. */
  epochMs(): number;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  epochMs: () => Date.now(),
};
