// The kill switch around scenario validation. The core renders templates within counted limits; what a
// single built-in can still allocate at once, or a limit missed, is caught here: validation runs in a
// worker thread with a heap ceiling and a deadline, and is terminated past either.
import { Worker } from "node:worker_threads";
import { TEMPLATE_LIMITS } from "../core/template";
import type { ScenarioCheck, ScenarioOverrides } from "./scenario-check";

export interface WorkerBounds {
  timeoutMs: number;
  maxHeapMb: number;
}

/** Well past the core's own time limit, so the core's clearer message comes first when it can. */
export const VALIDATION_WORKER_BOUNDS: WorkerBounds = { timeoutMs: TEMPLATE_LIMITS.maxMs + 7_000, maxHeapMb: 1024 };

/**
 * The worker's module: beside this one. Run from TypeScript sources (tsx), a worker thread does not
 * inherit tsx's loader, so a small entry imports the module through tsx's API. The packaged command
 * (scripts/build-cli.ts) ships it as scenario-worker.js beside the bundle.
 */
function workerEntry(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith(".ts")) return { entry: new URL("./scenario-worker.js", import.meta.url), eval: false };
  const module = new URL("./scenario-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  return { entry: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(module)}, ${JSON.stringify(import.meta.url)}));`, eval: true };
}

/** A check that the worker could not finish: reported against the template, the only costly part. */
export class ValidationStopped extends Error {}

export function checkScenarioInWorker(text: string, overrides: ScenarioOverrides, bounds: WorkerBounds = VALIDATION_WORKER_BOUNDS): Promise<ScenarioCheck> {
  return new Promise((resolve, reject) => {
    const { entry, eval: isCode } = workerEntry();
    const worker = new Worker(entry, {
      eval: isCode,
      workerData: { text, overrides },
      resourceLimits: { maxOldGenerationSizeMb: bounds.maxHeapMb },
    });
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(
      () => settle(() => reject(new ValidationStopped(`inputs.template: validating the scenario took longer than ${bounds.timeoutMs / 1000} s and was stopped`))),
      bounds.timeoutMs,
    );
    worker.once("message", (check: ScenarioCheck) => settle(() => resolve(check)));
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new ValidationStopped(`inputs.template: validating the scenario needed more than ${bounds.maxHeapMb} MB and was stopped`)
            : error,
        ),
      ),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`the validation worker exited (code ${code}) without an answer`))));
  });
}
