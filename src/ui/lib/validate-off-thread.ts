// Scenario validation for the page, run in a Web Worker with a deadline: the core renders templates within
// counted limits, and the worker is the kill switch for anything those limits miss. Where no Worker
// exists (happy-dom in tests), the same bounded validation runs in place, loaded on demand: the scenarios page
// is the first screen, and the template engine stays off it.
import type { ScenarioParseResult } from "../../core/scenario";

/** Well past the core's own time limit (TEMPLATE_LIMITS.maxMs, 3 s), so the core's clearer message comes first when it can. */
export const VALIDATION_TIMEOUT_MS = 10_000;

export function parseScenarioTextOffThread(text: string, timeoutMs = VALIDATION_TIMEOUT_MS): Promise<ScenarioParseResult> {
  if (typeof Worker === "undefined") return import("../../core/scenario/scenario-file").then((file) => file.parseScenarioText(text));
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./scenario-validation.worker.ts", import.meta.url), { type: "module" });
    const finish = (result: ScenarioParseResult): void => {
      clearTimeout(timer);
      worker.terminate();
      resolve(result);
    };
    const stopped = (why: string): ScenarioParseResult => ({ ok: false, errors: [{ path: "inputs.template", message: `validating the scenario ${why}` }] });
    const timer = setTimeout(() => finish(stopped(`took longer than ${timeoutMs / 1000} s and was stopped`)), timeoutMs);
    worker.onmessage = (event: MessageEvent<ScenarioParseResult>) => finish(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      finish(stopped(`failed and was stopped: ${event.message || "the worker crashed (out of memory?)"}`));
    };
    worker.postMessage(text);
  });
}
