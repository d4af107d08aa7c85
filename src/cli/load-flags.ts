// The load flags of `run` (--rate, --arrival, --burstiness, --duration, --requests, --max-in-flight,
// --max-queue, --sweep, --find-capacity, --capacity-over): parsed into overrides of the scenario's run.load, then merged with the file's
// and validated with it, so a bad value gets the same error, naming run.load.<field>, as in a file.

import { parseParameterSweepFlag, type ParameterSweepOverride } from "./parameter-sweep-flag";

export const LOAD_FLAG_OPTIONS = {
  rate: { type: "string" },
  arrival: { type: "string" },
  burstiness: { type: "string" },
  duration: { type: "string" },
  requests: { type: "string" },
  "max-in-flight": { type: "string" },
  "max-queue": { type: "string" },
  sweep: { type: "string" },
  "find-capacity": { type: "string" },
  "capacity-over": { type: "string" },
} as const;

export const LOAD_FLAG_NAMES = Object.keys(LOAD_FLAG_OPTIONS) as (keyof typeof LOAD_FLAG_OPTIONS)[];

export const LOAD_FLAGS_USAGE = `load (run.load; see docs/metrics.md "Load"):
  --rate <per second>    an open loop: arrivals per second per target
  --arrival <kind>       constant, poisson (default) or gamma
  --burstiness <k>       gamma arrivals' shape: below 1 burstier than Poisson, above 1 more even
  --duration <time>      each stage lasts this long (30s, 500ms, 2m)
  --requests <n>         each stage sends n requests per target
  --max-in-flight <n>    open loop: at most n requests of a target in flight; more wait in its queue
  --max-queue <n>        open loop: at most n waiting per target; one more is recorded as dropped
  --sweep <levels>       concurrency=1,2,4,8 (closed loop), rate=1,2,5,10 (open loop), or auto[=<rates>]
                         (a synchronous pass, a max-throughput pass, then <rates> rates between; 4 by default);
                         or reasoning_effort=low,medium,high (run.parameterSweep: a stage per level, at the run's load)
  --find-capacity <slo>  each target's highest level meeting the SLO ("ttftMs.p95<=500,itlMs.p95<=50,failureRate<=1%",
                         or a preset: mlperf-llama2-70b-server, mlperf-interactive): a ramp, then bisection (docs/capacity.md)
  --capacity-over <x>    rate (an open loop; the default) or concurrency (a closed loop)`;

/** What the flags ask of run.load: the mode they imply (if any) and the fields they set. */
export interface LoadOverrides {
  mode: "closed" | "open" | null;
  fields: Record<string, unknown>;
  /** `--sweep reasoning_effort=…`: run.parameterSweep (parameter-sweep-flag.ts), not a field of run.load. */
  parameterSweep?: ParameterSweepOverride;
}

export const NO_LOAD_OVERRIDES: LoadOverrides = { mode: null, fields: {} };

type FlagValues = Partial<Record<(typeof LOAD_FLAG_NAMES)[number], string>>;

export function parseLoadFlags(values: FlagValues): LoadOverrides | { error: string } {
  const fields: Record<string, unknown> = {};
  let mode: LoadOverrides["mode"] = null;
  const number = (flag: keyof FlagValues, field: string): string | null => {
    const text = values[flag];
    if (text === undefined) return null;
    const value = Number(text);
    if (text.trim() === "" || !Number.isFinite(value)) return `--${flag} must be a number, got "${text}"`;
    fields[field] = value;
    return null;
  };
  for (const [flag, field] of [
    ["rate", "rate"],
    ["burstiness", "burstiness"],
    ["requests", "requests"],
    ["max-in-flight", "maxInFlight"],
    ["max-queue", "maxQueue"],
  ] as const) {
    const problem = number(flag, field);
    if (problem !== null) return { error: problem };
  }
  if (values.arrival !== undefined) fields.arrival = values.arrival;
  if (values.duration !== undefined) {
    const durationMs = parseDuration(values.duration);
    if (durationMs === null) return { error: `--duration must be a time such as 30s, 500ms or 2m, got "${values.duration}"` };
    fields.durationMs = durationMs;
  }
  // Settings only an open loop has imply one; a concurrency sweep implies a closed loop.
  if (["rate", "arrival", "burstiness", "maxInFlight", "maxQueue"].some((field) => field in fields)) mode = "open";
  const parameterSweep = values.sweep === undefined ? null : parseParameterSweepFlag(values.sweep);
  if (parameterSweep !== null && "error" in parameterSweep) return parameterSweep;
  if (parameterSweep !== null) return { mode, fields, parameterSweep };
  if (values.sweep !== undefined) {
    const sweep = parseSweep(values.sweep);
    if ("error" in sweep) return sweep;
    fields.sweep = sweep.sweep;
    mode = sweep.sweep.over === "concurrency" ? "closed" : "open";
  }
  const capacity = parseCapacityFlags(values);
  if ("error" in capacity) return capacity;
  if (capacity.slo !== null) {
    fields.findCapacity = { slo: capacity.slo };
    mode = capacity.mode ?? mode;
  }
  return { mode, fields };
}

/** --find-capacity and --capacity-over: the SLO, and the loop the search runs (null: the file's, or an open one). */
function parseCapacityFlags(values: FlagValues): { slo: string | null; mode: LoadOverrides["mode"] } | { error: string } {
  const over = values["capacity-over"];
  if (over !== undefined && over !== "rate" && over !== "concurrency") return { error: `--capacity-over must be rate or concurrency, got "${over}"` };
  if (over !== undefined && values["find-capacity"] === undefined) return { error: "--capacity-over goes with --find-capacity" };
  return { slo: values["find-capacity"] ?? null, mode: over === undefined ? null : over === "rate" ? "open" : "closed" };
}

/** `30s`, `500ms`, `2m`, `1.5s`: whole milliseconds, or null. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(text.trim());
  if (!match) return null;
  const scale = { ms: 1, s: 1000, m: 60_000 }[match[2] as "ms" | "s" | "m"];
  return Math.round(Number(match[1]) * scale);
}

function parseSweep(text: string): { sweep: { over: string; levels?: number[]; rates?: number } } | { error: string } {
  const [over, list] = text.split("=", 2) as [string, string | undefined];
  if (over === "auto") {
    if (list === undefined) return { sweep: { over } };
    const rates = Number(list);
    return Number.isInteger(rates) ? { sweep: { over, rates } } : { error: `--sweep auto=<rates> takes a whole number, got "${list}"` };
  }
  if (over !== "concurrency" && over !== "rate") return { error: `--sweep must be concurrency=<levels>, rate=<levels>, auto or reasoning_effort=<levels>, got "${text}"` };
  const levels = (list ?? "").split(",").map((level) => Number(level));
  if (list === undefined || list.trim() === "" || levels.some((level) => !Number.isFinite(level))) {
    return { error: `--sweep ${over}= takes a comma-separated list of numbers, got "${list ?? ""}"` };
  }
  return { sweep: { over, levels } };
}

/**
 * The file's run.load with the flags' on top. When the flags imply the other mode, only the stage size
 * (duration or requests) is kept from the file: the rest belongs to the mode left behind. A duration
 * replaces the file's requests and the other way round.
 */
export function applyLoadOverrides(fileLoad: Record<string, unknown> | undefined, overrides: LoadOverrides): Record<string, unknown> | undefined {
  if (overrides.mode === null && Object.keys(overrides.fields).length === 0) return fileLoad;
  // A capacity search searches rates unless told otherwise: a scenario without run.load gets an open loop.
  const base = fileLoad ?? { mode: "findCapacity" in overrides.fields ? "open" : "closed" };
  const mode = overrides.mode ?? (base.mode as string);
  const kept = mode === base.mode ? { ...base } : pick(base, ["durationMs", "requests", "stopWhenSaturated"]);
  if ("durationMs" in overrides.fields) delete kept.requests;
  if ("requests" in overrides.fields) delete kept.durationMs;
  // A sweep over rates sets the rates: a rate from the file would contradict it.
  if (overrides.fields.sweep !== undefined && (overrides.fields.sweep as { over: string }).over !== "concurrency") delete kept.rate;
  // A capacity search picks its own levels (the file's start, max and the like kept): no rate, no sweep.
  if (overrides.fields.findCapacity !== undefined) {
    delete kept.rate;
    delete kept.sweep;
    overrides = { ...overrides, fields: { ...overrides.fields, findCapacity: { ...(kept.findCapacity as object | undefined), ...(overrides.fields.findCapacity as object) } } };
  }
  return { ...kept, ...overrides.fields, mode };
}

function pick(object: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));
}
