// Requests in flight over a run, from each attempt's start and end: how many really ran at once, which a
// closed loop asked for N can fall short of (time between one answer and the next send, slow clients).
import { sortFloat64 } from "./sort-float64";
import { describeWeighted, emptyDistribution, type Distribution } from "./distribution";

export const IN_FLIGHT_NO_INTERVAL = "the time-weighted level of one run: a description of what ran, not a sample, so no interval";

/**
 * Records start on the wall clock in whole milliseconds (startedAt) and end a measured latency later, so
 * an attempt that hands its slot to the next may seem to overlap it by up to a millisecond: an end less
 * than this before the next start is taken as the slot handed on, not as one more in flight.
 */
export const START_RESOLUTION_MS = 1;

/**
 * Time spent at each level: `msAtLevel[k]` is how long exactly k attempts were in flight, between the
 * first start and the last end. Starts and ends are sorted here (in place); an attempt counts from its
 * start to its end, and an end within START_RESOLUTION_MS after a start is taken first.
 */
export function inFlightLevels(starts: Float64Array, ends: Float64Array): { msAtLevel: Float64Array; spanMs: number } {
  if (starts.length !== ends.length) throw new RangeError("inFlightLevels: one end per start");
  const n = starts.length;
  if (n === 0) return { msAtLevel: new Float64Array(1), spanMs: 0 };
  sortFloat64(starts);
  sortFloat64(ends);
  const msAtLevel = new Float64Array(n + 1);
  let level = 0;
  let startIndex = 0;
  let endIndex = 0;
  let previousTime = starts[0]!;
  let highest = 0;
  while (endIndex < n) {
    const nextStart = startIndex < n ? starts[startIndex]! : Infinity;
    const nextEnd = ends[endIndex]!;
    // Ends first when within the clock's resolution of the next start (a slot handed on), unless nothing
    // is in flight (a zero-length attempt).
    const endFirst = nextEnd < nextStart || (nextEnd < nextStart + START_RESOLUTION_MS && level > 0);
    const time = Math.max(previousTime, endFirst ? nextEnd : nextStart);
    msAtLevel[level]! += time - previousTime;
    previousTime = time;
    if (endFirst) {
      level--;
      endIndex++;
    } else {
      level++;
      startIndex++;
      if (level > highest) highest = level;
    }
  }
  return { msAtLevel: msAtLevel.subarray(0, highest + 1), spanMs: ends[n - 1]! - starts[0]! };
}

/**
 * The time-weighted distribution of the number of attempts in flight: its mean is the average
 * concurrency over the span, its p50 the level held at least half of the time, its max the peak.
 * `count` is the number of attempts.
 */
export function inFlightDistribution(starts: Float64Array, ends: Float64Array): Distribution {
  const { msAtLevel, spanMs } = inFlightLevels(starts, ends);
  if (spanMs <= 0) return emptyDistribution();
  const levels = Float64Array.from(msAtLevel, (_, level) => level);
  return describeWeighted(levels, msAtLevel, starts.length, IN_FLIGHT_NO_INTERVAL);
}

/**
 * The mean number of attempts in flight from the first start to the last one: while a closed loop still
 * has requests to send it keeps its level in flight, unless the client itself falls behind (time between
 * one answer and the next send); after the last start it only drains, which says nothing of the client.
 * Null without a span between the first start and the last.
 */
export function meanInFlightWhileSending(starts: Float64Array, ends: Float64Array): number | null {
  if (starts.length !== ends.length) throw new RangeError("meanInFlightWhileSending: one end per start");
  let lastStart = -Infinity;
  for (const start of starts) lastStart = Math.max(lastStart, start);
  const endsBySending = Float64Array.from(ends, (end) => Math.min(end, lastStart));
  const { msAtLevel, spanMs } = inFlightLevels(Float64Array.from(starts), endsBySending);
  if (spanMs <= 0) return null;
  let levelMs = 0;
  msAtLevel.forEach((ms, level) => (levelMs += ms * level));
  return levelMs / spanMs;
}
