// Listens to the browser's Resource Timing while a run goes, so that afterwards the run page can say
// whether requests waited inside the browser for one of its six HTTP/1.1 connections to a server.
// Held outside React next to the run controller: a run keeps being watched while the user is on other pages.
import {
  observedQueueing,
  plannedLoadPerOrigin,
  type ObservedQueueing,
  type ResourceTimingSample,
} from "../../../core/run/connection-limits";
import type { RunController } from "../../../session/run-controller";

export interface RunQueueing {
  runId: string;
  /** HTTP/1.1 origins whose requests waited for a connection; empty when none did. */
  origins: ObservedQueueing[];
}

export interface ConnectionWatch {
  subscribe(listener: () => void): () => void;
  /** What the last finished run showed; null before any run ends. */
  getSnapshot(): RunQueueing | null;
}

/** Enough to see queueing, which shows from the first requests; bounds memory on runs of millions. */
const MAX_SAMPLES = 20_000;

export function watchConnectionQueueing(controller: RunController): ConnectionWatch {
  const listeners = new Set<() => void>();
  let result: RunQueueing | null = null;
  let watching: {
    runId: string;
    origins: Set<string>;
    /** performance.now() when the run began: the sandbox health check before it is not one of its requests. */
    startedAt: number;
    observer: PerformanceObserver;
    samples: ResourceTimingSample[];
  } | null = null;

  const collect = (entries: PerformanceEntryList): void => {
    if (!watching) return;
    for (const entry of entries as PerformanceResourceTiming[]) {
      if (watching.samples.length >= MAX_SAMPLES) return;
      if (entry.initiatorType !== "fetch" || entry.startTime < watching.startedAt || !watching.origins.has(originOf(entry.name))) continue;
      watching.samples.push({ url: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd, nextHopProtocol: entry.nextHopProtocol });
    }
  };

  controller.subscribe(() => {
    const snapshot = controller.getSnapshot();
    if (snapshot.phase === "running" && snapshot.runId && snapshot.scenario && watching?.runId !== snapshot.runId) {
      if (typeof PerformanceObserver === "undefined") return;
      const origins = new Set(plannedLoadPerOrigin(snapshot.scenario, snapshot.sandboxUrl ?? undefined).map((load) => load.origin));
      // An observer, not performance.getEntriesByType: the page's buffer keeps only the first 250 entries.
      const observer = new PerformanceObserver((list) => collect(list.getEntries()));
      watching = { runId: snapshot.runId, origins, startedAt: performance.now(), observer, samples: [] };
      observer.observe({ type: "resource" });
    } else if (snapshot.phase === "finished" && watching && watching.runId === snapshot.runId) {
      collect(watching.observer.takeRecords());
      watching.observer.disconnect();
      result = { runId: watching.runId, origins: observedQueueing(watching.samples, watching.origins) };
      watching = null;
      for (const listener of listeners) listener();
    }
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => result,
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}
