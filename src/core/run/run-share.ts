// A runner's share of a run that several runners send at once, each on its own event loop (the command
// line's --workers): which planned requests and arrivals are its own, and its part of every limit.
import type { Arrival } from "../load";
import type { PlannedRequest } from "./types";

/**
 * A runner's share of a run sent by `count` runners at once, each on its own event loop (the command
 * line's --workers). It sends the planned requests and open-loop arrivals whose place in their target's
 * sequence (repetition × inputs + input; a warm-up's number) is `index` modulo `count`, with its part of
 * every limit (concurrency, per-target concurrency, maxInFlight, maxQueue: the parts add up to the whole).
 * Every runner paces the same arrivals from the same absolute times: `stageStart` gives each stage one
 * start, agreed between the runners on a clock they share.
 */
export interface RunShare {
  index: number;
  count: number;
  stageStart?(stageIndex: number, now: number): number;
}

/** Whether a planned request is this share's (every request is exactly one share's). */
export function inShare(planned: PlannedRequest, inputCount: number, share: RunShare | undefined): boolean {
  if (share === undefined) return true;
  return requestSequence(planned, inputCount) % share.count === share.index;
}

/** A planned request's place in its target's sequence: repetition × inputs + input, or a warm-up's number. */
export function requestSequence(planned: PlannedRequest, inputCount: number): number {
  return planned.warmup ? planned.repetition : planned.repetition * inputCount + planned.inputIndex;
}

/** A share's part of a limit: the parts of all shares add up to the limit (Infinity stays Infinity). */
export function shareOfLimit(limit: number, share: RunShare | undefined): number {
  if (share === undefined || !Number.isFinite(limit)) return limit;
  return Math.floor(limit / share.count) + (share.index < limit % share.count ? 1 : 0);
}

/** The arrivals that are this share's, in their time order. */
export function* arrivalsInShare(arrivals: Iterable<Arrival<PlannedRequest>>, inputCount: number, share: RunShare): Generator<Arrival<PlannedRequest>> {
  for (const arrival of arrivals) if (inShare(arrival.item, inputCount, share)) yield arrival;
}
