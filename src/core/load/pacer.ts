// Sends arrivals at their scheduled times. Every time is absolute (the stage's start + the arrival's
// offset), never "sleep a gap after the last send", so a late wake-up delays one send and never shifts
// the ones after it: the schedule cannot drift, and a late send shows as its own queueMs.
import { abortableSleep, type Clock } from "../measure";

/** The pacer's view of time: a monotonic clock and a wait until a point on it. Injectable, so tests run on virtual time. */
export interface PacerClock {
  now(): number;
  /** Resolves at `atMs` or soon after; at once when the signal aborts. */
  waitUntil(atMs: number, signal: AbortSignal): Promise<void>;
}

/** A scheduled arrival: when it is due (monotonic ms) and what it carries. */
export interface Arrival<T> {
  atMs: number;
  item: T;
}

/**
 * Timers wake late by up to a millisecond or so (and a browser may clamp them further), so the timer
 * is set this much early and the rest of the wait yields to the event loop until the time comes: I/O
 * still runs meanwhile, and the send goes out within a fraction of a millisecond of its time.
 */
export const TIMER_LEAD_MS = 1.5;

/** setImmediate where there is one (Node), else a message through a channel (browsers): a turn of the event loop, without timer clamping. */
function nextTurn(): Promise<void> {
  if (typeof globalThis.setImmediate === "function") return new Promise((resolve) => globalThis.setImmediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function systemPacerClock(clock: Clock): PacerClock {
  return {
    now: () => clock.now(),
    async waitUntil(atMs, signal) {
      const coarseMs = atMs - clock.now() - TIMER_LEAD_MS;
      if (coarseMs > 0 && !signal.aborted) await abortableSleep(coarseMs, signal);
      while (clock.now() < atMs && !signal.aborted) await nextTurn();
    },
  };
}

/**
 * Hands each arrival to `send` at its time, in order. Arrivals already due (the loop was busy) go out
 * at once, one after the other, each keeping its own scheduled time. Stops when the arrivals end or
 * the signal aborts.
 */
export async function pace<T>(arrivals: Iterable<Arrival<T>>, clock: PacerClock, signal: AbortSignal, send: (arrival: Arrival<T>) => void): Promise<void> {
  for (const arrival of arrivals) {
    if (signal.aborted) return;
    if (clock.now() < arrival.atMs) await clock.waitUntil(arrival.atMs, signal);
    if (signal.aborted) return;
    send(arrival);
  }
}

/**
 * Several arrival streams (one per target) as one, in time order; ties keep the streams' order. Each
 * stream is sorted; a handful of streams makes a linear scan cheaper than a heap.
 */
export function* mergeArrivals<T>(streams: Iterable<Arrival<T>>[]): Generator<Arrival<T>> {
  const iterators = streams.map((stream) => stream[Symbol.iterator]());
  const heads = iterators.map((iterator) => iterator.next());
  for (;;) {
    let earliest = -1;
    for (let index = 0; index < heads.length; index++) {
      const head = heads[index]!;
      if (head.done) continue;
      if (earliest < 0 || head.value.atMs < (heads[earliest]!.value as Arrival<T>).atMs) earliest = index;
    }
    if (earliest < 0) return;
    yield heads[earliest]!.value as Arrival<T>;
    heads[earliest] = iterators[earliest]!.next();
  }
}
