// A browser request's HTTP phases, from Resource Timing: the browser's fetch shows the page nothing of the
// socket, but it records each request's connect, TLS, request and response times in a
// PerformanceResourceTiming entry at the body's end, in full only when the server sends
// `Timing-Allow-Origin` (cross-origin without it, the detailed times are 0 and the phases stay null).
// The definitions are the command line's (src/core/measure/http-phases.ts, docs/metrics.md "HTTP phases").
import type { WireEvents, WireEventsSource } from "../core/measure";

/** The fields of a PerformanceResourceTiming this module reads (hand-made ones in tests). */
export interface ResourceTimingLike {
  readonly name: string;
  readonly initiatorType: string;
  readonly startTime: number;
  readonly domainLookupStart: number;
  readonly connectStart: number;
  readonly secureConnectionStart: number;
  readonly connectEnd: number;
  readonly requestStart: number;
  readonly responseStart: number;
  readonly responseEnd: number;
}

/** How long a request waits for its entry after its answer was read; the entry comes at the body's end. */
export const ENTRY_WAIT_MS = 100;
/**
 * How far an entry's start may be from the request's t0 and still be its own. t0 is taken right before
 * fetch() is called and the entry starts inside that call, so the two differ by the clock's coarsening;
 * the closest one wins, since many requests of a run share one URL.
 */
export const START_TOLERANCE_MS = 20;
/** Entries kept unclaimed at most (the app's own files, lookups, entries whose request gave up waiting). */
const MAX_UNCLAIMED = 512;

/**
 * The WireEvents an entry records, on its own clock (performance.now(), the browser's run clock), or null
 * when the server did not allow them to be seen: without `Timing-Allow-Origin` requestStart and
 * responseStart are 0. Like the command line's connector, connect runs from the name lookup to the TCP
 * connection (TLS apart); a connection reused has no connect (connectStart equals connectEnd).
 */
export function wireEventsOfEntry(entry: ResourceTimingLike): WireEvents | null {
  if (entry.requestStart <= 0 || entry.responseStart <= 0) return null;
  const reused = entry.connectEnd === entry.connectStart;
  const tls = !reused && entry.secureConnectionStart > 0;
  const connectedAt = tls ? entry.secureConnectionStart : entry.connectEnd;
  const lookupStart = entry.domainLookupStart > 0 ? entry.domainLookupStart : entry.connectStart;
  return {
    connectionReused: reused,
    connectMs: reused ? null : Math.max(0, connectedAt - lookupStart),
    tlsMs: tls ? Math.max(0, entry.connectEnd - entry.secureConnectionStart) : null,
    requestSentAt: entry.requestStart,
    headersAt: entry.responseStart,
    // The network's last byte, which the page may read later: the client's own share of the latency.
    bodyEndAt: entry.responseEnd > 0 ? entry.responseEnd : null,
  };
}

/** Where entries come from: a PerformanceObserver in the browser, a test's hand in unit tests. */
export type EntryFeed = (onEntries: (entries: readonly ResourceTimingLike[]) => void) => void;

interface Waiter {
  url: string;
  t0: number;
  resolve(entry: ResourceTimingLike | null): void;
}

export interface ResourceTimingSourceOptions {
  waitMs?: number;
  setTimer?(callback: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/**
 * A WireEventsSource over a feed of entries: a request takes the entry of its URL whose start is closest to
 * its t0 (within START_TOLERANCE_MS), already there or arriving within `waitMs`; else its phases stay null.
 * Two requests to one URL started within the clock's coarsening may swap entries: both are of one target.
 */
export function createResourceTimingSource(feed: EntryFeed, options: ResourceTimingSourceOptions = {}): WireEventsSource {
  const waitMs = options.waitMs ?? ENTRY_WAIT_MS;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const unclaimed: ResourceTimingLike[] = [];
  const waiters = new Set<Waiter>();

  feed((entries) => {
    for (const entry of entries) {
      if (entry.initiatorType !== "fetch") continue;
      const waiter = closest(waiters, entry.name, (candidate) => candidate.url, (candidate) => candidate.t0, entry.startTime);
      if (waiter) {
        waiters.delete(waiter);
        waiter.resolve(entry);
        continue;
      }
      unclaimed.push(entry);
      if (unclaimed.length > MAX_UNCLAIMED) unclaimed.shift();
    }
  });

  return async (url, t0) => {
    const name = absoluteUrl(url);
    const found = closest(unclaimed, name, (entry) => entry.name, (entry) => entry.startTime, t0);
    let entry: ResourceTimingLike | null;
    if (found) {
      unclaimed.splice(unclaimed.indexOf(found), 1);
      entry = found;
    } else {
      entry = await new Promise<ResourceTimingLike | null>((resolve) => {
        const waiter: Waiter = {
          url: name,
          t0,
          resolve: (value) => {
            clearTimer(timer);
            resolve(value);
          },
        };
        const timer = setTimer(() => {
          waiters.delete(waiter);
          resolve(null);
        }, waitMs);
        waiters.add(waiter);
      });
    }
    return entry ? wireEventsOfEntry(entry) : null;
  };
}

/** The item of `url` whose start is closest to `start`, within START_TOLERANCE_MS. */
function closest<T>(items: Iterable<T>, url: string, nameOf: (item: T) => string, startOf: (item: T) => number, start: number): T | null {
  let best: T | null = null;
  let bestDistance = START_TOLERANCE_MS;
  for (const item of items) {
    if (nameOf(item) !== url) continue;
    const distance = Math.abs(startOf(item) - start);
    if (distance <= bestDistance) {
      best = item;
      bestDistance = distance;
    }
  }
  return best;
}

/** Entries are named by the absolute URL; the library may hand fetch a relative one only in tests. */
function absoluteUrl(url: string): string {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return url;
  }
}

let pageSource: WireEventsSource | null | undefined;

/**
 * The page's one source, made on first use: a PerformanceObserver sees every resource entry whether or not
 * the Resource Timing buffer has room, so the buffer is never read; it is cleared whenever it fills
 * (`resourcetimingbufferfull`), so a long run keeps no growing list of entries. Null where the browser
 * records no resource entries (and in Node, whose fetch shows no entries to the page).
 */
export function browserWireEventsSource(): WireEventsSource | null {
  if (pageSource !== undefined) return pageSource;
  const supported =
    typeof PerformanceObserver !== "undefined" && typeof window !== "undefined" && (PerformanceObserver.supportedEntryTypes ?? []).includes("resource");
  if (!supported) return (pageSource = null);
  performance.addEventListener("resourcetimingbufferfull", () => performance.clearResourceTimings());
  pageSource = createResourceTimingSource((onEntries) => {
    new PerformanceObserver((list) => onEntries(list.getEntries() as PerformanceResourceTiming[])).observe({ type: "resource" });
  });
  return pageSource;
}
