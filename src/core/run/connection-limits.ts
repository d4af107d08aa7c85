// A browser opens at most six HTTP/1.1 connections to one host; requests beyond that wait inside the
// browser, and the wait counts in their measured latency and TTFT. This module tells, before a run, which
// servers a scenario would send more than six requests at once over HTTP/1.1, and after a run, from
// Resource Timing samples, which requests did wait for a connection. No DOM: the run feature reads the
// samples and shows the warnings.
import { max } from "d3-array";
import { peakInFlight } from "../load/stages";
import { BROWSER_SANDBOX_URL_OPTIONS, SANDBOX_URL_SCHEME, sandboxEndpointUrl } from "../endpoints/sandbox-url";
import type { Scenario } from "../scenario/types";
import { isProviderTarget } from "../scenario/scenario-target";

/** Chromium's, Firefox's and Safari's limit of HTTP/1.1 connections per host. */
export const BROWSER_HTTP1_CONNECTIONS_PER_HOST = 6;

/**
 * A request is counted as queued when it must have waited at least this long for a free connection.
 * Shorter waits happen without any queueing to speak of: the runner starts the next request as soon as
 * the previous one's answer is complete, which can be a moment before the browser has read its last bytes.
 */
export const QUEUEING_NOTICE_MS = 10;

export interface OriginLoad {
  /** `http://127.0.0.1:8787` */
  origin: string;
  targetIds: string[];
  /** The most requests the scenario keeps in flight to this origin at once. */
  maxInFlight: number;
}

/**
 * Requests in flight per server origin at the run's peak (core/load/stages.ts: a sweep's largest level, an
 * open loop's in-flight cap, Infinity without one): min(the run's total, the per-target peak × the
 * targets on that origin). Hugging Face provider targets are left out: they go to https hosts (HTTP/2, where
 * requests share one connection). So are endpoints that cannot be resolved (a sandbox URL without a sandbox).
 */
export function plannedLoadPerOrigin(scenario: Pick<Scenario, "targets" | "run">, sandboxUrl: string | undefined): OriginLoad[] {
  const peak = peakInFlight(scenario);
  const targetsByOrigin = new Map<string, string[]>();
  for (const target of scenario.targets) {
    if (isProviderTarget(target) || target.endpointUrl === undefined) continue;
    const origin = originOf(target.endpointUrl, sandboxUrl);
    if (origin === null) continue;
    targetsByOrigin.set(origin, [...(targetsByOrigin.get(origin) ?? []), target.id]);
  }
  return [...targetsByOrigin].map(([origin, targetIds]) => ({
    origin,
    targetIds,
    maxInFlight: Math.min(peak.total, peak.perTarget * targetIds.length),
  }));
}

/** Origins that would get more requests at once than a browser sends over HTTP/1.1; plain http is always HTTP/1.1 in a browser. */
export function originsOverBrowserLimit(loads: readonly OriginLoad[]): OriginLoad[] {
  return loads.filter((load) => load.origin.startsWith("http:") && load.maxInFlight > BROWSER_HTTP1_CONNECTIONS_PER_HOST);
}

/** Where the browser sends a target's requests: sandbox profiles each on their own host, as the app runs them. */
function originOf(endpointUrl: string, sandboxUrl: string | undefined): string | null {
  const isSandbox = endpointUrl.startsWith(SANDBOX_URL_SCHEME);
  if (isSandbox && !sandboxUrl) return null;
  return safeOrigin(isSandbox ? sandboxEndpointUrl(endpointUrl, sandboxUrl!, BROWSER_SANDBOX_URL_OPTIONS) : endpointUrl);
}

/** The few fields of a PerformanceResourceTiming entry this check needs (times in ms, performance.now() scale). */
export interface ResourceTimingSample {
  /** The request URL (the entry's `name`). */
  url: string;
  startTime: number;
  responseEnd: number;
  /** "http/1.1", "h2", …; empty when the server sends no Timing-Allow-Origin header. */
  nextHopProtocol: string;
}

export interface ObservedQueueing {
  origin: string;
  protocol: string;
  requests: number;
  /** Requests that waited at least QUEUEING_NOTICE_MS for a connection. */
  queuedRequests: number;
  longestWaitMs: number;
}

/**
 * Which HTTP/1.1 origins made requests wait for a connection. Resource Timing hides the wait itself from
 * cross-origin pages unless the server allows it (Timing-Allow-Origin), so it is derived from what is always
 * there, start and end: a request started while six earlier ones to the same origin were still in flight
 * could only be sent once enough of them had ended. That gives a lower bound of its wait, exact when the
 * browser serves its queue in order.
 */
export function observedQueueing(samples: readonly ResourceTimingSample[], origins: ReadonlySet<string>): ObservedQueueing[] {
  const byOrigin = new Map<string, ResourceTimingSample[]>();
  for (const sample of samples) {
    const origin = safeOrigin(sample.url);
    if (origin === null || !origins.has(origin)) continue;
    byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), sample]);
  }
  const result: ObservedQueueing[] = [];
  for (const [origin, originSamples] of byOrigin) {
    const protocol = originSamples.find((sample) => sample.nextHopProtocol !== "")?.nextHopProtocol ?? (origin.startsWith("http:") ? "http/1.1" : "");
    if (!/^http\/1/.test(protocol)) continue;
    const waits = connectionWaitsMs(originSamples, BROWSER_HTTP1_CONNECTIONS_PER_HOST);
    const queued = waits.filter((waitMs) => waitMs >= QUEUEING_NOTICE_MS);
    if (queued.length === 0) continue;
    result.push({ origin, protocol, requests: originSamples.length, queuedRequests: queued.length, longestWaitMs: max(queued)! });
  }
  return result;
}

/** For each request, in start order, the least time it must have waited for one of `connections` connections. */
export function connectionWaitsMs(samples: readonly Pick<ResourceTimingSample, "startTime" | "responseEnd">[], connections: number): number[] {
  const ordered = [...samples].sort((a, b) => a.startTime - b.startTime);
  // Ends of the requests started so far and not yet ended, ascending: about `concurrency` long at most.
  let inFlightEnds: number[] = [];
  return ordered.map(({ startTime, responseEnd }) => {
    inFlightEnds = inFlightEnds.filter((end) => end > startTime);
    // It gets a connection once no more than connections − 1 of those ahead of it are still going.
    const mustEnd = inFlightEnds.length - (connections - 1);
    const waitMs = mustEnd > 0 ? inFlightEnds[mustEnd - 1]! - startTime : 0;
    inFlightEnds.splice(sortedIndex(inFlightEnds, responseEnd), 0, responseEnd);
    return waitMs;
  });
}

function sortedIndex(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
