// The one run in progress, held outside any view framework: views subscribe to it, so a run keeps going,
// and keeps its numbers, while the user moves between pages. It strings together the steps of a run:
// preflight, the run row, the record wiring, the page lifecycle and the throttled publishing.
import { describeError } from "../core/text/describe-error";
import { redactText } from "../core/measure/secrets";
import type { Clock } from "../core/measure/clock";
import type { ProviderBenchDb, RunStatus } from "../store/db";
import type { RecordSinkOptions } from "../store/record-sink";
import { flushWhenPageHides, type PageEvents } from "./page-lifecycle";
import { preflight } from "./preflight";
import { throttlePublishing, type Timers } from "./publisher";
import { wireRecords } from "./record-wiring";
import { prepareResume, type ResumedRun } from "./resume-run";
import { createRunRow, finishRunRow } from "./run-row";
import type * as RunMachinery from "./run-machinery";
import { IDLE_SNAPSHOT, type RunProblem, type RunSnapshot, type StartRequest } from "./run-snapshot";
import { putRunBlob, storedInputFileReader } from "../store/blobs";

export interface RunControllerDeps {
  db: ProviderBenchDb;
  loadMachinery(): Promise<typeof RunMachinery>;
  readAccessToken(): string | null;
  /** Keys of endpoints by origin (Settings), each sent to its own origin only. */
  readEndpointKeys?(): Readonly<Record<string, string>>;
  resolveSandboxUrl(): string;
  /**
   * Each sandbox profile on its own `<profile>.localhost` host (core/endpoints/sandbox-url.ts), so the browser's six
   * connections per host are six per simulated provider. The app sets it; Node tests cannot resolve those names.
   */
  sandboxHostPerProfile?: boolean;
  /** The sandbox health check's fetch; the global one when not given. */
  fetch?: typeof fetch;
  /**
   * Reads a file input that is not in the blobs table (`sha256:` refs are read there): the app reads the
   * bundled scenarios' assets from the dashboard. Without it only stored files can be read.
   */
  readInputFile?(path: string): Promise<Blob>;
  appVersion: string;
  /** Libraries other than @huggingface/inference (whose version comes with the machinery). */
  libraryVersions: Record<string, string>;
  userAgent: string;
  /** Where pagehide / visibilitychange are heard, to flush records before the page goes away. */
  pageEvents?: PageEvents | undefined;
  /** Holds a lock while a run is driven, so another tab starting up does not call it interrupted. */
  holdRunLock?(runId: string, until: Promise<unknown>): void;
  /** How often subscribers hear about new records at most; about four times a second. */
  publishIntervalMs?: number;
  sinkOptions?: RecordSinkOptions;
  newRunId?(): string;
  /** Wall-clock times of the run row (its start and end); the system clock when not given. */
  clock?: Clock;
  timers?: Timers;
}

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
    const { scenario } = request;
    const sandboxUrl = deps.resolveSandboxUrl();
    const base: RunSnapshot = {
      ...IDLE_SNAPSHOT,
      phase: "checking",
      scenario,
      scenarioId: request.scenarioId,
      replayOfRunId: request.replayOfRunId ?? null,
      sandboxUrl,
    };
    setSnapshot(base);
    const stopBefore = (problem: RunProblem): RunSnapshot => {
      setSnapshot({ ...base, phase: "finished", problem });
      return snapshot;
    };

    let machinery: typeof RunMachinery;
    try {
      machinery = await deps.loadMachinery();
    } catch (error) {
      return stopBefore({ kind: "failed", message: `Could not load the runner: ${describeError(error)}` });
    }
    const clock = deps.clock ?? machinery.systemClock;
    const accessToken = deps.readAccessToken() || undefined;
    const endpointKeys = deps.readEndpointKeys?.() ?? {};
    const checked = await preflight(scenario, { machinery, accessToken, sandboxUrl, fetch: deps.fetch ?? globalThis.fetch.bind(globalThis), endpointKeys, sandboxHostPerProfile: deps.sandboxHostPerProfile === true });
    if (!checked.ok) return stopBefore(checked.problem);

    const runId = request.resumeRunId ?? deps.newRunId?.() ?? crypto.randomUUID();
    const startedAt = clock.epochMs();
    let resumed: ResumedRun | null = null;
    if (request.resumeRunId !== undefined) {
      try {
        const prepared = await prepareResume(deps.db, machinery, request.resumeRunId, scenario, checked.inputCount);
        if ("problem" in prepared) return stopBefore({ kind: "failed", message: prepared.problem });
        resumed = prepared;
      } catch (error) {
        return stopBefore({ kind: "storage", message: `Could not read the run to resume: ${describeError(error)}` });
      }
    }
    const progressAtStart = machinery.emptyProgress(resumed?.plan.remaining ?? checked.planned);
    try {
      if (resumed === null) await createRunRow(deps.db, {
        runId,
        scenario,
        scenarioId: request.scenarioId,
        replayOfRunId: request.replayOfRunId ?? null,
        startedAt,
        planned: progressAtStart.planned,
        appVersion: deps.appVersion,
        libraryVersions: { ...deps.libraryVersions, "@huggingface/inference": machinery.inferenceLibraryVersion },
        userAgent: deps.userAgent,
      });
    } catch (error) {
      return stopBefore({ kind: "storage", message: `Could not save the run: ${describeError(error)}` });
    }

    const targetOrder = scenario.targets.map((target) => target.id);
    const wiring = wireRecords({
      db: deps.db,
      accumulator: new machinery.SummaryAccumulator(machinery.valueSettingsOf(scenario), machinery.summaryOptionsOf(scenario)),
      targetOrder,
      providerTargetIds: new Set(machinery.targetsNeedingToken(scenario).map((target) => target.id)),
      sinkOptions: deps.sinkOptions,
    });
    for (const record of resumed?.kept ?? []) wiring.onStoredRecord(record);
    const running: RunSnapshot = { ...base, phase: "running", runId, startedAt, progress: progressAtStart, status: "running" };
    let progress = progressAtStart;
    const current = (): RunSnapshot => ({
      ...running,
      progress,
      recentRecords: wiring.recentRecords(),
      summary: wiring.summarize(),
      tokenRejected: wiring.tokenRejected(),
      problem: wiring.storageProblem(),
    });
    const publisher = throttlePublishing(() => setSnapshot(current()), publishIntervalMs, deps.timers);

    const controller = new AbortController();
    abortController = controller;
    const stopListening = flushWhenPageHides(deps.pageEvents, wiring.flush);
    controller.signal.addEventListener("abort", wiring.flush, { once: true });
    publisher.now();

    const runPromise = machinery.runScenario({
      runId,
      scenario,
      accessToken,
      endpointKeys: { byOrigin: endpointKeys },
      sandboxUrl,
      sandboxHostPerProfile: deps.sandboxHostPerProfile === true,
      signal: controller.signal,
      ...(resumed ? { resume: resumed.plan } : {}),
      // The browser's fetch shows no phases; Resource Timing does where the server allows (docs/metrics.md).
      wireEventsSource: machinery.browserWireEventsSource() ?? undefined,
      // Input files: the person's own from the blobs table, bundled assets from the dashboard; binary
      // outputs (images, speech) into the blobs table, held by this run.
      readInputFile: storedInputFileReader(deps.db, (path) => deps.readInputFile?.(path) ?? Promise.reject(new Error(`file not found: ${path}`))),
      outputBlobSink: async (ref, blob) => {
        await putRunBlob(deps.db, runId, blob, ref.mime);
      },
      onRecord: (record) => {
        wiring.onRecord(record);
        publisher.schedule();
      },
      onProgress: (next) => {
        progress = next;
        publisher.schedule();
      },
    });
    deps.holdRunLock?.(runId, runPromise.catch(() => undefined));

    let status: Exclude<RunStatus, "running">;
    let failure: string | null = null;
    try {
      const result = await runPromise;
      status = result.status;
      progress = result.progress;
    } catch (error) {
      status = "failed";
      failure = redactText(describeError(error), [...(accessToken ? [accessToken] : []), ...Object.values(endpointKeys)]);
    }
    abortController = null;
    stopListening();
    await wiring.close();
    publisher.cancel();
    const final = current();
    let endProblem: RunProblem | null = null;
    try {
      await finishRunRow(deps.db, runId, {
        status,
        finishedAt: clock.epochMs(),
        summary: { statsVersion: machinery.STATS_VERSION, rows: final.summary },
        everyRecordStored: wiring.storageProblem() === null,
        errorMessage: failure,
      });
    } catch (error) {
      endProblem = { kind: "storage", message: `Could not save the run's end: ${describeError(error)}` };
    }
    const problem: RunProblem | null = failure !== null ? { kind: "failed", message: failure } : (final.problem ?? endProblem);
    setSnapshot({ ...final, phase: "finished", status, problem });
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
