// The summary `npm run simulate-nightly` writes beside its bundles (`nights.json`): each night's gate. It
// is not a run, but it sits in the folder a user imports, so it is told apart by its content and left
// out quietly rather than refused as a broken run.

export const NIGHTLY_SUMMARY_FILE_NAME = "nights.json";

export interface NightlyRegression {
  target: string;
  metric: string;
  change: string;
  allowed: string;
}

export interface NightResult {
  night: number;
  bundle: string;
  /** The command line's exit code: 0 ran (and passed the gate), 3 the gate failed, anything else a failure. */
  exitCode: number | null;
  gate: "baseline" | "passed" | "failed" | "error";
  regressions: NightlyRegression[];
}

export interface NightlySummary {
  drift: string | null;
  maxRegression: string;
  nights: NightResult[];
}

export function looksLikeNightlySummary(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "maxRegression" in value && "nights" in value && Array.isArray(value.nights);
}
