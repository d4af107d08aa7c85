// The run room: the runner (runner.ts, composed of its stages: prepare-run, request-plan, run-stages with
// the closed and open loops, send-request, run-records, run-progress) and one attempt, retries, deadlines,
// resuming, the call of each target (targets.ts) with its credentials, and the checks before a run
// (connection limits, the sandbox).
export * from "./answer-urls";
export * from "./attempt";
export * from "./attempt-deadlines";
export * from "./auth-headers";
export * from "./connection-limits";
export * from "./prepare-run";
export * from "./request-plan";
export * from "./resume-plan";
export * from "./retry";
export * from "./run-options";
export * from "./run-progress";
export * from "./run-records";
export * from "./run-share";
export * from "./runner";
export * from "./sandbox-health";
export * from "./synthetic-prompts";
export * from "./output-length-parameters";
export * from "./targets";
export * from "./target-parameters";
export * from "./stage-calls";
export * from "./types";
export * from "./tool-loop";
export * from "./hub-tokenizer";
