// Listens to the browser's Resource Timing while a run goes, so that afterwards the run page can say
// whether requests waited inside the browser for one of its six HTTP/1.1 connections to a server.
// Held outside React next to the run controller: a run keeps being watched while the user is on other pages.
import { observedQueueing, plannedLoadPerOrigin, type ObservedQueueing } from "../../../core/run/connection-limits";
import type { RunController } from "../../../session/run-controller";
import { observeResourceSamples, type ResourceSamples } from "../../../session/resource-samples";

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

export function watchConnectionQueueing(controller: RunController): ConnectionWatch {
  const listeners = new Set<() => void>();
  let result: RunQueueing | null = null;
  let watching: { runId: string; origins: Set<string>; samples: ResourceSamples } | null = null;

  controller.subscribe(() => {
    const snapshot = controller.getSnapshot();
    if (snapshot.phase === "running" && snapshot.runId && snapshot.scenario && watching?.runId !== snapshot.runId) {
      const origins = new Set(plannedLoadPerOrigin(snapshot.scenario, snapshot.sandboxUrl ?? undefined).map((load) => load.origin));
      const samples = observeResourceSamples(origins);
      if (samples === null) return;
      watching = { runId: snapshot.runId, origins, samples };
    } else if (snapshot.phase === "finished" && watching && watching.runId === snapshot.runId) {
      const samples = watching.samples.take();
      watching.samples.disconnect();
      result = { runId: watching.runId, origins: observedQueueing(samples, watching.origins) };
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
