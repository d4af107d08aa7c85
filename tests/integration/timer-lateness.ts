// How late this process's timers fire while a task runs: on a busy machine a stalled event loop delays
// an in-process server's answers and the client's reading alike, so a test's late bound allows that much
// more. Added to an upper bound, or taken from a lower bound only where the stall itself moves the
// measured start later (a deadline that runs from before t0): early is still wrong.
import { monitorEventLoopDelay } from "node:perf_hooks";

/** Runs `task` while measuring the longest event-loop delay seen, in ms. */
export async function withTimerLateness<T>(task: () => Promise<T>): Promise<{ result: T; lateMs: number }> {
  const delays = monitorEventLoopDelay({ resolution: 5 });
  delays.enable();
  try {
    const result = await task();
    return { result, lateMs: delays.max / 1e6 };
  } finally {
    delays.disable();
  }
}
