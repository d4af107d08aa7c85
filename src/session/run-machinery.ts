// Everything a run needs that is heavy (the runner, the statistics and @huggingface/inference): this
// module is only ever loaded with import() when a run starts, so the first screen does not carry it.
export { runScenario, countPlannedRequests, describeInputErrors, emptyProgress } from "../core/runner";
export { expandInputs } from "../core/inputs";
export { targetsNeedingToken } from "../core/targets";
export { SummaryAccumulator, STATS_VERSION } from "../core/stats";
export { valueSettingsOf } from "../core/value-summary";
export { summaryOptionsOf } from "../core/output-length";
export { systemClock } from "../core/measure";
export { version as inferenceLibraryVersion } from "@huggingface/inference/package.json";
export { browserWireEventsSource } from "./resource-timing-phases";
export { ResumeLedger, resumeRefusal, supersededAbort } from "../core/resume-plan";
