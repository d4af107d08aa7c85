// Everything a run needs that is heavy (the runner and @huggingface/inference): this module is only
// ever loaded with import() when a run starts, so the first screen does not carry it.
export { runScenario, countPlannedRequests } from "../../../core/runner";
export { expandInputs } from "../../../core/inputs";
export { targetsNeedingToken } from "../../../core/targets";
export { summarize } from "../../../core/stats";
export { version as inferenceLibraryVersion } from "@huggingface/inference/package.json";
