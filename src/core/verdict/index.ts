// The verdict room: comparisons in plain words and a ranking (verdict.ts), and what changed between two runs.
export * from "./run-changes";
export * from "./verdict";
