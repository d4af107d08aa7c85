// How late the page's main thread runs a timer through a run (the browser's certificate): the main
// thread is where the runner stamps t0 and the first token, so a timer that fires late says a timestamp
// taken then may be as late. One timer every SAMPLE_PERIOD_MS, off the requests' path (a subtraction and a
// push per tick); read at the run's end.
import { percentile } from "../core/stats/percentile";
import type { MainThreadLag } from "../core/validity/browser-validity";
import type { Timers } from "./publisher";

/** The timer's period: fine enough for a 10 ms threshold, 20 wake-ups a second. */
export const SAMPLE_PERIOD_MS = 50;
/** Samples kept: an hour at the period; a longer run keeps its first hour (its maximum still counts every tick). */
const MAX_SAMPLES = 72_000;

export interface MainThreadLagWatch {
  /** Stops the timer; the lag over the watch, null without a sample (a second call gets the first's). */
  stop(): MainThreadLag | null;
}

export function watchMainThreadLag(now: () => number, timers: Timers): MainThreadLagWatch {
  const lags: number[] = [];
  let maxMs = 0;
  let ticks = 0;
  let due = now() + SAMPLE_PERIOD_MS;
  let handle: unknown = null;
  let result: MainThreadLag | null | undefined;
  const tick = (): void => {
    const at = now();
    const lag = Math.max(0, at - due);
    ticks++;
    maxMs = Math.max(maxMs, lag);
    if (lags.length < MAX_SAMPLES) lags.push(lag);
    due = at + SAMPLE_PERIOD_MS;
    handle = timers.setTimeout(tick, SAMPLE_PERIOD_MS);
  };
  handle = timers.setTimeout(tick, SAMPLE_PERIOD_MS);
  return {
    stop() {
      if (result !== undefined) return result;
      timers.clearTimeout(handle);
      const sorted = Float64Array.from(lags).sort();
      result = sorted.length === 0 ? null : { resolutionMs: SAMPLE_PERIOD_MS, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs, samples: ticks };
      return result;
    },
  };
}
