// The verdict room: comparisons in plain words and a ranking (verdict.ts), the verdict per objective that
// the Compare page and `analyze` both show (objectives.ts), and what changed between two runs.
export * from "./objectives";
export * from "./run-changes";
export * from "./verdict";
