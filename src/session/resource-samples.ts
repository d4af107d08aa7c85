// The browser's Resource Timing entries of a run's requests, as they come (a PerformanceObserver: the
// page's buffer keeps only the first 250): what tells, after the run, which requests waited for one of
// the browser's connections (core/run/connection-limits.ts). Read by the run's certificate (browser-client.ts)
// and the Run page's notice.
import type { ResourceTimingSample } from "../core/run/connection-limits";

/** Enough to see queueing, which shows from the first requests; bounds memory on runs of millions. */
const MAX_SAMPLES = 20_000;

export interface ResourceSamples {
  /** The samples so far, the observer's pending entries taken first. */
  take(): ResourceTimingSample[];
  disconnect(): void;
}

/** Fetches to `origins` from now on; null where the browser has no PerformanceObserver (Node tests). */
export function observeResourceSamples(origins: ReadonlySet<string>): ResourceSamples | null {
  if (typeof PerformanceObserver === "undefined" || typeof performance === "undefined") return null;
  // The sandbox's health check before the run is not one of its requests.
  const startedAt = performance.now();
  const samples: ResourceTimingSample[] = [];
  const collect = (entries: PerformanceEntryList): void => {
    for (const entry of entries as PerformanceResourceTiming[]) {
      if (samples.length >= MAX_SAMPLES) return;
      if (entry.initiatorType !== "fetch" || entry.startTime < startedAt || !origins.has(originOf(entry.name))) continue;
      samples.push({ url: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd, nextHopProtocol: entry.nextHopProtocol });
    }
  };
  const observer = new PerformanceObserver((list) => collect(list.getEntries()));
  observer.observe({ type: "resource" });
  return {
    take() {
      collect(observer.takeRecords());
      return samples;
    },
    disconnect: () => observer.disconnect(),
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}
