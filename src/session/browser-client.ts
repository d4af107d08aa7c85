// The browser's certificate of a run (docs/metrics.md "Validity"): watched from the run's
// start to its end — the main thread's lateness (main-thread-lag.ts) and the requests that waited for one
// of the browser's connections (resource-samples.ts) — then judged with the summary's footing by core's
// pure judgeBrowserValidity, and stored with the run.
import { BROWSER_HTTP1_CONNECTIONS_PER_HOST, observedQueueing, plannedLoadPerOrigin } from "../core/run/connection-limits";
import type { Scenario } from "../core/scenario/types";
import type { SummaryRow } from "../core/stats/summary";
import { judgeBrowserValidity, type BrowserValidity, type ConnectionQueue } from "../core/validity/browser-validity";
import { loopKindOf, targetFootings } from "../core/validity/validity-figures";
import { watchMainThreadLag } from "./main-thread-lag";
import type { Timers } from "./publisher";
import { observeResourceSamples } from "./resource-samples";

export interface BrowserClientWatch {
  /** Stops watching; the certificate of the run over `rows` (a second call judges again, on the same figures). */
  certificate(rows: readonly SummaryRow[]): BrowserValidity;
  /** Stops watching without a certificate (a run whose end failed): the timer and the observer go. */
  stop(): void;
}

export function watchBrowserClient(scenario: Scenario, sandboxUrl: string, now: () => number, timers: Timers): BrowserClientWatch {
  const loads = plannedLoadPerOrigin(scenario, sandboxUrl || undefined);
  const origins = new Set(loads.map((load) => load.origin));
  // A browser speaks HTTP/1.1 to a plain-http origin: there its targets share six connections.
  const http1Origins = loads.filter((load) => load.origin.startsWith("http:")).map(({ origin, targetIds }) => ({ origin, targetIds }));
  const lag = watchMainThreadLag(now, timers);
  const resources = observeResourceSamples(origins);
  let queues: ConnectionQueue[] | null = null;
  const stop = (): ConnectionQueue[] => {
    lag.stop();
    if (queues === null) {
      const samples = resources?.take() ?? [];
      resources?.disconnect();
      queues = observedQueueing(samples, origins).map(({ origin, requests, queuedRequests, longestWaitMs }) => ({ origin, requests, queuedRequests, longestWaitMs }));
    }
    return queues;
  };
  return {
    stop: () => void stop(),
    certificate(rows) {
      const connectionQueues = stop();
      const mainThreadLag = lag.stop();
      return judgeBrowserValidity({
        loop: loopKindOf(scenario),
        mainThreadLag,
        connectionQueues,
        connectionsPerHost: BROWSER_HTTP1_CONNECTIONS_PER_HOST,
        http1Origins,
        targets: targetFootings(rows),
      });
    },
  };
}
