// Subscribers hear about a running run a few times a second at most, however fast its records arrive.

export interface Timers {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ThrottledPublisher {
  /** Publishes within `intervalMs`, once however many times it is asked meanwhile. */
  schedule(): void;
  /** Publishes at once (and drops a scheduled publication). */
  now(): void;
  /** Drops a scheduled publication. */
  cancel(): void;
}

export function throttlePublishing(publish: () => void, intervalMs: number, timers: Timers = systemTimers): ThrottledPublisher {
  let pending: unknown = null;
  const cancel = (): void => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  const now = (): void => {
    cancel();
    publish();
  };
  return {
    schedule() {
      pending ??= timers.setTimeout(now, intervalMs);
    },
    now,
    cancel,
  };
}
