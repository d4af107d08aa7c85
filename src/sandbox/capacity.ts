// A profile's capacity: how many of its requests are served at once; the others wait their turn.
import type { ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { Profile } from "./profiles";
import type { ProfileRuntime } from "./sandbox-state";

/**
 * Counts the request open until its response closes, and holds it while the profile serves its
 * capacity: it starts (its timeline from then) when a served one ends.
 */
export function admitToCapacity(
  profile: Profile,
  runtime: ProfileRuntime,
  response: ServerResponse,
  arrivedAtMs: number,
  start: (startedAtMs: number) => void,
): void {
  runtime.open++;
  runtime.peakOpen = Math.max(runtime.peakOpen, runtime.open);
  let served = false;
  let waitingTurn: (() => void) | null = null;
  response.once("close", () => {
    runtime.open--;
    if (waitingTurn !== null) runtime.waiting.splice(runtime.waiting.indexOf(waitingTurn), 1);
    if (!served) return;
    runtime.serving--;
    runtime.waiting.shift()?.();
  });
  const serve = (startedAtMs: number): void => {
    served = true;
    waitingTurn = null;
    runtime.serving++;
    start(startedAtMs);
  };
  if (profile.capacity === undefined || runtime.serving < profile.capacity) return serve(arrivedAtMs);
  waitingTurn = () => serve(performance.now());
  runtime.waiting.push(waitingTurn);
}
