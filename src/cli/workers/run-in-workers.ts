// --workers N: the run's requests sent from N worker threads (run-worker.ts), each with its own event
// loop, undici pool and clock, each sending its share of every stage (core/run/run-share.ts, RunShare). Their
// records come back in batches stamped on one shared clock and are merged here in that order — a record
// is handed on once every worker has reported past its time — so the JSONL, the summary and the progress
// line are one run's, as on one thread. The order is the order the workers emitted their records (as one
// thread's file is): a worker that was kept off the processor emits late, and its records come late. What the main thread's files cannot take yet is not acknowledged,
// and the workers hold their requests' places until it is.
import { Worker } from "node:worker_threads";
import { type EndpointKeys, emitRecord, type RunProgress, type RunResult } from "../../core/run";
import type { RequestRecord } from "../../core/record";
import type { Scenario } from "../../core/scenario";
import type { Stage } from "../../core/load";
import type { TransportName } from "../args";
import type { FromWorker, ToWorker, WorkerSetup } from "./messages";
import { RecordMerge } from "./record-merge";

export interface WorkerRunOptions {
  workers: number;
  runId: string;
  scenario: Scenario;
  accessToken?: string | undefined;
  endpointKeys?: EndpointKeys | undefined;
  sandboxUrl: string;
  transport: { transport: TransportName; http2: boolean };
  signal: AbortSignal;
  onRecord(record: RequestRecord): unknown;
  onProgress?(progress: RunProgress): void;
  onStage?(stage: Stage): void;
}

/** Stages a run can agree starts for (a sweep's levels; slots are reused past it). */
const STAGE_SLOTS = 1024;

/**
 * The worker's module: beside this one (run-worker.js in the bundle, scripts/build-cli.ts). From the
 * TypeScript sources a worker does not inherit tsx's loader, so a small entry imports it through tsx's API.
 */
function workerEntry(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith(".ts")) return { entry: new URL("./run-worker.js", import.meta.url), eval: false };
  const module = new URL("./run-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  return { entry: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(module)}, ${JSON.stringify(import.meta.url)}));`, eval: true };
}

interface WorkerState {
  worker: Worker;
  progress: RunProgress | null;
  result: RunResult | null;
}

export function runInWorkers(options: WorkerRunOptions): Promise<RunResult> {
  const stageStarts = new SharedArrayBuffer(STAGE_SLOTS * BigInt64Array.BYTES_PER_ELEMENT);
  const { entry, eval: isCode } = workerEntry();
  const states: WorkerState[] = [];
  for (let index = 0; index < options.workers; index++) {
    const setup: WorkerSetup = {
      index,
      count: options.workers,
      runId: options.runId,
      scenario: options.scenario,
      accessToken: options.accessToken,
      endpointKeys: options.endpointKeys,
      sandboxUrl: options.sandboxUrl,
      transport: options.transport,
      timeOrigin: performance.timeOrigin,
      stageStarts,
    };
    const worker = new Worker(entry, { eval: isCode, workerData: setup });
    states.push({ worker, progress: null, result: null });
  }
  const tell = (state: WorkerState, message: ToWorker): void => state.worker.postMessage(message);

  return new Promise<RunResult>((resolve, reject) => {
    let settled = false;
    /** A record write the files have not finished (a file behind): acknowledgements wait for it. */
    let behind: Promise<unknown> | null = null;
    const abortAll = (): void => {
      for (const state of states) tell(state, { kind: "abort" });
    };
    options.signal.addEventListener("abort", abortAll, { once: true });
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener("abort", abortAll);
      for (const state of states) void state.worker.terminate();
      outcome();
    };
    const fail = (error: Error): void => {
      abortAll();
      finish(() => reject(error));
    };

    const deliver = (record: RequestRecord): void => {
      let returned: unknown;
      try {
        returned = options.onRecord(record);
      } catch {
        // As the runner does on one thread: a record the files cannot take becomes an error record.
        returned = emitRecord(options.onRecord, record);
      }
      if (returned instanceof Promise) {
        const wait: Promise<unknown> = returned.catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
        behind = wait;
        void wait.then(() => {
          if (behind === wait) behind = null;
        });
      }
    };

    const reportProgress = (): void => {
      if (!options.onProgress) return;
      const known = states.flatMap((state) => (state.progress === null ? [] : [state.progress]));
      if (known.length === 0) return;
      options.onProgress(combinedProgress(known));
    };

    const finishWhenAllDone = (): void => {
      if (states.some((state) => state.result === null)) return;
      const results = states.map((state) => state.result!);
      const combined: RunResult = {
        runId: options.runId,
        status: results.some((result) => result.status === "aborted") ? "aborted" : "completed",
        progress: combinedProgress(results.map((result) => result.progress)),
        startedAt: Math.min(...results.map((result) => result.startedAt)),
        finishedAt: Math.max(...results.map((result) => result.finishedAt)),
      };
      const settle = (): void => finish(() => resolve(combined));
      if (behind === null) settle();
      else void behind.then(settle);
    };

    const merge = new RecordMerge<RequestRecord>(states.length);
    for (const [index, state] of states.entries()) {
      state.worker.on("message", (message: FromWorker) => {
        if (settled) return;
        switch (message.kind) {
          case "records": {
            merge.add(index, message.records, message.times, message.watermark);
            if (message.progress !== null) state.progress = message.progress;
            merge.release(deliver);
            reportProgress();
            const ack = (): void => tell(state, { kind: "ack" });
            if (behind === null) ack();
            else void behind.then(ack);
            return;
          }
          case "stage":
            options.onStage?.(message.stage);
            return;
          case "done":
            state.result = message.result;
            state.progress = message.result.progress;
            merge.add(index, [], [], Infinity);
            merge.release(deliver);
            finishWhenAllDone();
            return;
          case "failed":
            fail(new Error(`a run worker failed: ${message.message}`));
            return;
        }
      });
      state.worker.once("error", fail);
      state.worker.once("exit", (code) => {
        if (!settled && state.result === null) fail(new Error(`a run worker exited (code ${code}) before its share was done`));
      });
    }
  });
}

/** The workers' progress as one run's: counts added up; the plan (every worker knows the whole) taken once. */
export function combinedProgress(parts: readonly RunProgress[]): RunProgress {
  const sum = (value: (progress: RunProgress) => number): number => parts.reduce((total, progress) => total + value(progress), 0);
  const outcomes = { ...parts[0]!.outcomes };
  for (const key of Object.keys(outcomes) as (keyof typeof outcomes)[]) outcomes[key] = sum((progress) => progress.outcomes[key]);
  const done = sum((progress) => progress.done);
  return {
    planned: Math.max(...parts.map((progress) => progress.planned), done),
    // A worker that has finished knows its own total; the run's is known once every worker's is.
    plannedIsEstimate: parts.some((progress) => progress.plannedIsEstimate),
    done,
    attempts: sum((progress) => progress.attempts),
    outcomes,
    inFlight: sum((progress) => progress.inFlight),
    warmupPlanned: Math.max(...parts.map((progress) => progress.warmupPlanned)),
    elapsedMs: Math.max(...parts.map((progress) => progress.elapsedMs)),
  };
}

/**
 * Why a scenario cannot be shared out over `workers` threads, or null. Every limit is divided between
 * the workers (core/run/run-share.ts, shareOfLimit), so each must be at least the number of workers; an adaptive
 * sweep decides its next stage from the stages' summaries, which no single worker holds.
 */
export function workersRefusal(scenario: Scenario, workers: number): string | null {
  const load = scenario.run.load;
  if (load?.sweep?.over === "concurrency" || load?.sweep?.over === "auto") return `--workers does not go with a sweep over ${load.sweep.over}: each level's limits and rates are the whole run's`;
  if (load?.stopWhenSaturated) return "--workers does not go with stopWhenSaturated: no single worker sees whether a target saturated";
  const limits: [string, number | undefined][] = [
    ["run.concurrency", load?.mode === "open" ? undefined : scenario.run.concurrency],
    ["run.perTargetConcurrency", load?.mode === "open" ? undefined : scenario.run.perTargetConcurrency],
    ["run.load.maxInFlight", load?.mode === "open" ? load.maxInFlight : undefined],
  ];
  for (const [field, value] of limits) {
    if (value !== undefined && value < workers) return `--workers ${workers}: ${field} is ${value}, and each worker needs at least one of it (use at most ${value} workers)`;
  }
  return null;
}
