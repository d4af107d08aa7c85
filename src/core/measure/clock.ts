// The run's clock: monotonic milliseconds for durations, the wall clock for dates. Injected, so a test can
// stand in for it.

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
