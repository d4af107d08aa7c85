// The run room: the runner (runner.ts) and one attempt, retries, deadlines, resuming, the call of each
// target (targets.ts) with its credentials, and the checks before a run (connection limits, the sandbox).
export * from "./answer-urls";
export * from "./attempt";
export * from "./attempt-deadlines";
export * from "./auth-headers";
export * from "./connection-limits";
export * from "./resume-plan";
export * from "./retry";
export * from "./runner";
export * from "./sandbox-health";
export * from "./targets";
export * from "./types";
