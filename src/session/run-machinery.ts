// Everything a run needs that is heavy (the runner, the statistics and @huggingface/inference): this
// module is only ever loaded with import() when a run starts, so the first screen does not carry it.
export { runScenario, countPlannedRequests, describeInputErrors, emptyProgress } from "../core/run";
export { expandInputs } from "../core/scenario";
export { targetsNeedingToken } from "../core/run";
export { SummaryAccumulator, STATS_VERSION } from "../core/stats";
export { valueSettingsOf } from "../core/stats";
export { summaryOptionsOf } from "../core/stats";
export { systemClock } from "../core/measure";
export { version as inferenceLibraryVersion } from "@huggingface/inference/package.json";
export { browserWireEventsSource } from "./resource-timing-phases";
export { ResumeLedger, resumeRefusal, supersededAbort } from "../core/run";
