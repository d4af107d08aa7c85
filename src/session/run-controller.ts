// The one run in progress, held outside any view framework: views subscribe to it, so a run keeps going,
// and keeps its numbers, while the user moves between pages. A run goes through its stages in turn:
// prepared (preflight, the run row), live (records wired, snapshots published), driven, and ended.
import { watchBrowserClient } from "./browser-client";
import { driveRun } from "./drive-run";
import { endRun } from "./end-run";
import { startLiveRun } from "./live-run";
import { prepareRun } from "./prepare-run";
import { systemTimers } from "./publisher";
import type { RunControllerDeps } from "./run-controller-deps";
import { IDLE_SNAPSHOT, type RunSnapshot, type StartRequest } from "./run-snapshot";

export type { RunControllerDeps } from "./run-controller-deps";

export interface RunController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): RunSnapshot;
  /** Resolves with the final snapshot once the run has ended (or could not start). */
  start(request: StartRequest): Promise<RunSnapshot>;
  /** Stops at once; what was measured stays, in the view and in the database. */
  abort(): void;
}

export function createRunController(deps: RunControllerDeps): RunController {
  const publishIntervalMs = deps.publishIntervalMs ?? 250;
  const listeners = new Set<() => void>();
  let snapshot: RunSnapshot = IDLE_SNAPSHOT;
  let abortController: AbortController | null = null;

  const setSnapshot = (next: RunSnapshot): void => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const start = async (request: StartRequest): Promise<RunSnapshot> => {
    if (snapshot.phase === "checking" || snapshot.phase === "running") {
      return { ...snapshot, problem: { kind: "already-running", message: "A run is already in progress: abort it or wait for it to finish." } };
    }
    const sandboxUrl = deps.resolveSandboxUrl();
    const base: RunSnapshot = {
      ...IDLE_SNAPSHOT,
      phase: "checking",
      scenario: request.scenario,
      scenarioId: request.scenarioId,
      replayOfRunId: request.replayOfRunId ?? null,
      sandboxUrl,
    };
    setSnapshot(base);
    const prepared = await prepareRun(deps, request, sandboxUrl);
    if ("problem" in prepared) {
      setSnapshot({ ...base, phase: "finished", problem: prepared.problem });
      return snapshot;
    }

    const { runId, startedAt, progressAtStart } = prepared;
    const controller = new AbortController();
    abortController = controller;
    const clientWatch = watchBrowserClient(request.scenario, sandboxUrl, () => prepared.clock.now(), deps.timers ?? systemTimers);
    const live = startLiveRun(deps, {
      scenario: request.scenario,
      prepared,
      running: { ...base, phase: "running", runId, startedAt, progress: progressAtStart, status: "running" },
      publish: setSnapshot,
      publishIntervalMs,
      signal: controller.signal,
    });
    const outcome = await driveRun(deps, { request, prepared, live, sandboxUrl, signal: controller.signal });
    abortController = null;
    try {
      setSnapshot(await endRun(deps.db, prepared, live, outcome, clientWatch));
    } finally {
      clientWatch.stop();
    }
    return snapshot;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start,
    abort() {
      abortController?.abort(new DOMException("aborted by the user", "AbortError"));
    },
  };
}
