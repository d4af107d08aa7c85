// Drift: one profile made slower (or faster) from a given run on, so trends, change points and the
// regression gate can be tried without a token. `slow=+25%@8` multiplies every sampled delay of the `slow`
// profile (TTFT, gaps between tokens, task work) by 1.25 in runs 8, 9, …
//
// The sandbox does not guess which run it serves: whoever starts it says so (`--run-number 8`, or
// `runNumber` in-process; the nightly simulation starts one sandbox per night with that night's number,
// and a nightly CI job can pass its run counter): a request says which request of its run it is
// (core/endpoints/sandbox-request.ts), never which run. A drifted run is reproducible from its seed, its run number
// and the drift.
import { isProfileName, type ProfileName } from "./profiles";

export interface Drift {
  profile: ProfileName;
  /** What the profile's delays are multiplied by once drifted: 1.25 for +25%. */
  factor: number;
  /** The first run (counted from 1) that is drifted. */
  fromRun: number;
}

const DRIFT_ITEM = /^([a-z0-9-]+)=([+-]?\d+(?:\.\d+)?)%@(\d+)$/;

/** `slow=+25%@8[,fast=-10%@3]`, or the error naming the item that is wrong. */
export function parseDrifts(text: string): { drifts: Drift[] } | { error: string } {
  const drifts: Drift[] = [];
  for (const item of text.split(",").map((part) => part.trim())) {
    const match = DRIFT_ITEM.exec(item);
    if (match === null) return { error: `--drift: "${item}" is not <profile>=<±percent>%@<run> (e.g. slow=+25%@8)` };
    const [, profile = "", percentText = "", runText = ""] = match;
    if (!isProfileName(profile)) return { error: `--drift: "${profile}" is not a sandbox profile` };
    const percent = Number(percentText);
    if (!(percent > -100)) return { error: `--drift: ${item}: a profile cannot get ${percent}% slower (more than −100%)` };
    const fromRun = Number(runText);
    if (!Number.isSafeInteger(fromRun) || fromRun < 1) return { error: `--drift: ${item}: the run must be a whole number of at least 1` };
    if (drifts.some((known) => known.profile === profile)) return { error: `--drift: ${profile} is given twice` };
    drifts.push({ profile, factor: 1 + percent / 100, fromRun });
  }
  return { drifts };
}

/** What a profile's delays are multiplied by in run `runNumber`: the drift's factor from its run on, else 1. */
export function driftFactor(drifts: readonly Drift[], profile: ProfileName, runNumber: number): number {
  const drift = drifts.find((candidate) => candidate.profile === profile);
  return drift !== undefined && runNumber >= drift.fromRun ? drift.factor : 1;
}

/** The command-line options `--drift` and `--run-number` (the sandbox's own command and `npm start`), or the error. */
export const DRIFT_OPTIONS = { drift: { type: "string" }, "run-number": { type: "string" } } as const;

export function driftOptionsFrom(values: { drift?: string | undefined; "run-number"?: string | undefined }): { drift: Drift[]; runNumber: number } | { error: string } {
  const parsed = values.drift === undefined ? { drifts: [] } : parseDrifts(values.drift);
  if ("error" in parsed) return parsed;
  const runText = values["run-number"];
  const runNumber = runText === undefined ? 1 : Number(runText);
  if (runText !== undefined && (runText.trim() === "" || !Number.isSafeInteger(runNumber) || runNumber < 1)) {
    return { error: `--run-number must be a whole number of at least 1, got "${runText}"` };
  }
  return { drift: parsed.drifts, runNumber };
}
