// The run's worker threads started, each told the whole run and which share of it is its own.
import { Worker } from "node:worker_threads";
import type { RunProgress, RunResult } from "../../core/run";
import type { WorkerSetup } from "./messages";

/** What every worker is told alike: the run and how to send it (a run may have no token or keys). */
export type RunSetup = Omit<WorkerSetup, "index" | "count" | "timeOrigin" | "stageStarts" | "accessToken" | "endpointKeys"> &
  Partial<Pick<WorkerSetup, "accessToken" | "endpointKeys">>;

/** One worker, and what it last said of its share. */
export interface WorkerState {
  worker: Worker;
  progress: RunProgress | null;
  result: RunResult | null;
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

/** Starts `count` workers; they share one clock (the main thread's origin) and one table of stage starts. */
export function spawnWorkers(count: number, run: RunSetup): WorkerState[] {
  const stageStarts = new SharedArrayBuffer(STAGE_SLOTS * BigInt64Array.BYTES_PER_ELEMENT);
  const { entry, eval: isCode } = workerEntry();
  const states: WorkerState[] = [];
  for (let index = 0; index < count; index++) {
    // Field by field: workerData is cloned, and the caller's options carry callbacks.
    const setup: WorkerSetup = {
      index,
      count,
      runId: run.runId,
      scenario: run.scenario,
      accessToken: run.accessToken,
      endpointKeys: run.endpointKeys,
      sandboxUrl: run.sandboxUrl,
      transport: run.transport,
      timeOrigin: performance.timeOrigin,
      stageStarts,
    };
    const worker = new Worker(entry, { eval: isCode, workerData: setup });
    states.push({ worker, progress: null, result: null });
  }
  return states;
}
