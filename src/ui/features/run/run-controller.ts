// The one run in progress, held outside React: pages subscribe to it (useSyncExternalStore), so a
// run keeps going, and keeps its numbers, while the user moves between pages.
import type { RequestRecord } from "../../../core/record";
import type { RunProgress } from "../../../core/runner";
import type { Scenario } from "../../../core/scenario";
import type { ProviderBenchDb, RunStatus } from "../../../store/db";
import { createRecordSink, type RecordSinkOptions } from "../../../store/record-sink";
import { createRun, finishRun } from "../../../store/queries";
import { headlineFromSummary, withoutStoredSummary } from "../../../store/run-headline";
import type * as RunMachinery from "./run-machinery";
import { usesSandbox } from "../../lib/sandbox-health";

export type RunPhase = "idle" | "checking" | "running" | "finished";

/** Why a run could not start or did not finish; request errors are records, not problems. */
export interface RunProblem {
  kind: "token-missing" | "sandbox-down" | "already-running" | "failed" | "storage";
  message: string;
}

export interface RunSnapshot {
  phase: RunPhase;
  runId: string | null;
  scenario: Scenario | null;
  scenarioId: string | null;
  replayOfRunId: string | null;
  /** The sandbox URL the run used, for messages. */
  sandboxUrl: string | null;
  /** Wall clock when the run started, epoch ms. */
  startedAt: number | null;
  progress: RunProgress | null;
  /** Every record of the current run so far; a new array each time it grows. */
  records: RequestRecord[];
  /** The run row's status: running, then completed, aborted or failed. */
  status: RunStatus | null;
  problem: RunProblem | null;
  /** A Hugging Face provider answered 401 or 403: the token is wrong or lacks the permission. */
  tokenRejected: boolean;
}

export interface StartRequest {
  scenario: Scenario;
  /** The saved or bundled scenario it came from. */
  scenarioId: string | null;
  /** Set when this run replays an earlier one (same spec), to compare the two afterwards. */
  replayOfRunId?: string | null;
}

export interface RunControllerDeps {
  db: ProviderBenchDb;
  loadMachinery(): Promise<typeof RunMachinery>;
  readAccessToken(): string | null;
  resolveSandboxUrl(): string;
  isSandboxUp(sandboxUrl: string): Promise<boolean>;
  appVersion: string;
  /** Libraries other than @huggingface/inference (whose version comes with the machinery). */
  libraryVersions: Record<string, string>;
  userAgent: string;
  /** Where pagehide / visibilitychange are heard, to flush records before the page goes away. */
  pageEvents?: { window: Window; document: Document } | undefined;
  /** Holds a lock while a run is driven, so another tab starting up does not call it interrupted. */
  holdRunLock?(runId: string, until: Promise<unknown>): void;
  /** How often subscribers hear about new records at most; about four times a second. */
  publishIntervalMs?: number;
  sinkOptions?: Omit<RecordSinkOptions, "onError">;
  newRunId?(): string;
}

export interface RunController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): RunSnapshot;
  /** Resolves with the final snapshot once the run has ended (or could not start). */
  start(request: StartRequest): Promise<RunSnapshot>;
  /** Stops at once; what was measured stays, in the view and in the database. */
  abort(): void;
}

const IDLE: RunSnapshot = {
  phase: "idle",
  runId: null,
  scenario: null,
  scenarioId: null,
  replayOfRunId: null,
  sandboxUrl: null,
  startedAt: null,
  progress: null,
  records: [],
  status: null,
  problem: null,
  tokenRejected: false,
};

export function createRunController(deps: RunControllerDeps): RunController {
  const publishIntervalMs = deps.publishIntervalMs ?? 250;
  const listeners = new Set<() => void>();
  let snapshot: RunSnapshot = IDLE;
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
      ...IDLE,
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
    const accessToken = deps.readAccessToken() || undefined;
    const needToken = machinery.targetsNeedingToken(scenario);
    if (needToken.length > 0 && !accessToken) {
      return stopBefore({
        kind: "token-missing",
        message: `${needToken.map((target) => target.id).join(", ")} call Hugging Face providers and need a Hugging Face token.`,
      });
    }
    if (usesSandbox(scenario) && !(await deps.isSandboxUp(sandboxUrl))) {
      return stopBefore({
        kind: "sandbox-down",
        message: `The sandbox is not answering at ${sandboxUrl}: start it with npm start or npm run sandbox (or set its URL in Settings).`,
      });
    }

    const expanded = machinery.expandInputs(scenario);
    if (!expanded.ok) return stopBefore({ kind: "failed", message: expanded.errors.map((error) => `${error.path}: ${error.message}`).join("; ") });
    const counts = machinery.countPlannedRequests(scenario, expanded.inputs.length);
    const runId = deps.newRunId?.() ?? crypto.randomUUID();
    const startedAt = Date.now();
    try {
      await createRun(deps.db, {
        id: runId,
        scenarioId: request.scenarioId,
        scenarioName: scenario.name,
        spec: scenario,
        status: "running",
        startedAt,
        finishedAt: null,
        planned: counts.measured + counts.warmup,
        appVersion: deps.appVersion,
        libraryVersions: { ...deps.libraryVersions, "@huggingface/inference": machinery.inferenceLibraryVersion },
        userAgent: deps.userAgent,
        headline: null,
        errorMessage: null,
        replayOfRunId: request.replayOfRunId ?? null,
      });
    } catch (error) {
      return stopBefore({ kind: "storage", message: `Could not save the run: ${describeError(error)}` });
    }

    const records: RequestRecord[] = [];
    let storageProblem: RunProblem | null = null;
    const sink = createRecordSink(deps.db.records, {
      ...deps.sinkOptions,
      onError: (error) => {
        storageProblem = { kind: "storage", message: `Some records could not be saved: ${describeError(error)}` };
      },
    });
    const running: RunSnapshot = {
      ...base,
      phase: "running",
      runId,
      startedAt,
      progress: { planned: counts.measured + counts.warmup, done: 0, attempts: 0, errors: 0, retries: 0, inFlight: 0, warmupPlanned: counts.warmup, elapsedMs: 0 },
      status: "running",
    };
    let progress = running.progress!;
    let tokenRejected = false;
    let publishTimer: ReturnType<typeof setTimeout> | null = null;
    const publish = (): void => {
      if (publishTimer !== null) clearTimeout(publishTimer);
      publishTimer = null;
      setSnapshot({ ...running, progress, records: records.slice(), tokenRejected, problem: storageProblem });
    };
    const schedulePublish = (): void => {
      publishTimer ??= setTimeout(publish, publishIntervalMs);
    };
    const providerTargetIds = new Set(machinery.targetsNeedingToken(scenario).map((target) => target.id));

    const controller = new AbortController();
    abortController = controller;
    const flushNow = (): void => void sink.flush();
    const onVisibilityChange = (): void => {
      if (deps.pageEvents?.document.visibilityState === "hidden") flushNow();
    };
    deps.pageEvents?.window.addEventListener("pagehide", flushNow);
    deps.pageEvents?.document.addEventListener("visibilitychange", onVisibilityChange);
    controller.signal.addEventListener("abort", flushNow, { once: true });
    publish();

    const runPromise = machinery.runScenario({
      runId,
      scenario,
      accessToken,
      sandboxUrl,
      signal: controller.signal,
      onRecord: (record) => {
        sink.write(record);
        records.push(record);
        if ((record.httpStatus === 401 || record.httpStatus === 403) && providerTargetIds.has(record.targetId)) tokenRejected = true;
        schedulePublish();
      },
      onProgress: (next) => {
        progress = next;
        schedulePublish();
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
      failure = redact(describeError(error), accessToken);
    }
    abortController = null;
    deps.pageEvents?.window.removeEventListener("pagehide", flushNow);
    deps.pageEvents?.document.removeEventListener("visibilitychange", onVisibilityChange);
    await sink.close();
    const headline = headlineFromSummary(machinery.summarize(records, scenario.targets.map((target) => target.id)));
    try {
      await finishRun(deps.db, runId, {
        status,
        finishedAt: Date.now(),
        // A summary over records that did not all reach the database would not match what the Compare
        // page reads back: that run's summary is computed from its stored records instead.
        headline: storageProblem === null ? headline : withoutStoredSummary(headline),
        errorMessage: failure,
      });
    } catch (error) {
      storageProblem ??= { kind: "storage", message: `Could not save the run's end: ${describeError(error)}` };
    }
    if (publishTimer !== null) clearTimeout(publishTimer);
    const problem: RunProblem | null = failure !== null ? { kind: "failed", message: failure } : storageProblem;
    setSnapshot({ ...running, phase: "finished", status, progress, records: records.slice(), tokenRejected, problem });
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

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A token must never reach the screen or the database, even inside a library's error text. */
function redact(text: string, accessToken: string | undefined): string {
  return accessToken ? text.split(accessToken).join("[redacted]") : text;
}
