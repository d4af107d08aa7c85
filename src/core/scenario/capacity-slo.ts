// The service-level objective a capacity search holds each level to (docs/capacity.md): written as
// "ttftMs.p95<=500,itlMs.p95<=50,failureRate<=1%", or a preset by name. Where slo.ts says what one request
// must meet, this says what a level's percentiles must: `ttftMs.p95` is the summary's own p95 of `ttftMs`
// (the same name, the same figure, the same interval), and the per-request SLO of the goodput it reports
// is read from the same limits (capacityGoodputSlo), so "good" means what slo.ts says it means.
import { z } from "zod";
import type { Slo } from "./slo";

/** The per-request times an objective may bound: the summary's distributions of the same names. */
export const CAPACITY_TIME_METRICS = ["ttftMs", "itlMs", "latencyMs", "effectiveLatencyMs", "timeToSecondTokenMs"] as const;
export type CapacityTimeMetric = (typeof CAPACITY_TIME_METRICS)[number];

/** The percentiles an objective may name: the summary's, whose 95% intervals it has. */
export const CAPACITY_PERCENTILES = ["p50", "p90", "p95", "p99", "p999"] as const;
export type CapacityPercentile = (typeof CAPACITY_PERCENTILES)[number];

export type CapacityObjective =
  /** The level's `percentile` of `metric` at most `limit` ms. */
  | { kind: "percentile"; metric: CapacityTimeMetric; percentile: CapacityPercentile; limit: number }
  /** Failed requests / requests at most `limit` (a share, 0.01 for 1%). */
  | { kind: "failureRate"; limit: number };

/**
 * Named objectives. MLPerf Inference's server scenario for Llama-2-70B holds TTFT p99 ≤ 2 s and TPOT p99
 * ≤ 200 ms, its interactive one 450 ms and 40 ms; MLPerf's TPOT is our ITL (docs/metrics.md).
 */
export const CAPACITY_PRESETS: Readonly<Record<string, string>> = {
  "mlperf-llama2-70b-server": "ttftMs.p99<=2000,itlMs.p99<=200",
  "mlperf-interactive": "ttftMs.p99<=450,itlMs.p99<=40",
};

const OBJECTIVE = /^([A-Za-z]+)(?:\.(p\d+))?\s*<=\s*(\d+(?:\.\d+)?)(%?)$/;

/** The objectives a spec (or a preset's name) asks for, or the reason it cannot be read, naming the part. */
export function parseCapacitySlo(spec: string): { objectives: CapacityObjective[] } | { error: string } {
  const text = CAPACITY_PRESETS[spec.trim()] ?? spec;
  const parts = text.split(",").map((part) => part.trim()).filter((part) => part !== "");
  if (parts.length === 0) return { error: `needs at least one objective, such as "ttftMs.p95<=500", or a preset (${Object.keys(CAPACITY_PRESETS).join(", ")})` };
  const objectives: CapacityObjective[] = [];
  for (const part of parts) {
    const objective = parseObjective(part);
    if ("error" in objective) return objective;
    objectives.push(objective);
  }
  return { objectives };
}

function parseObjective(part: string): CapacityObjective | { error: string } {
  const match = OBJECTIVE.exec(part);
  if (match === null) return { error: `"${part}" is not <metric>.<percentile><=<limit> (ttftMs.p95<=500) nor failureRate<=<share> (failureRate<=1%)` };
  const [, name, percentile, number, percent] = match as unknown as [string, string, string | undefined, string, string];
  const value = Number(number) / (percent === "%" ? 100 : 1);
  if (name === "failureRate") {
    if (percentile !== undefined || value > 1) return { error: `"${part}": failureRate takes a share (0.01 or 1%), without a percentile` };
    return { kind: "failureRate", limit: value };
  }
  if (!(CAPACITY_TIME_METRICS as readonly string[]).includes(name)) return { error: `"${part}": ${name} is not one of ${CAPACITY_TIME_METRICS.join(", ")}, failureRate` };
  if (percentile === undefined || !(CAPACITY_PERCENTILES as readonly string[]).includes(percentile)) {
    return { error: `"${part}": ${name} needs a percentile, one of ${CAPACITY_PERCENTILES.join(", ")}` };
  }
  if (percent === "%" || !(value > 0)) return { error: `"${part}": the limit is a number of milliseconds above 0` };
  return { kind: "percentile", metric: name as CapacityTimeMetric, percentile: percentile as CapacityPercentile, limit: value };
}

/** An objective as written: "ttftMs.p95<=500", "failureRate<=1%". */
export function describeCapacityObjective(objective: CapacityObjective): string {
  return objective.kind === "failureRate" ? `failureRate<=${Number((objective.limit * 100).toPrecision(6))}%` : `${objective.metric}.${objective.percentile}<=${objective.limit}`;
}

/**
 * What one request must meet to count toward the goodput reported at a level: the time limits slo.ts can
 * say of one request (TTFT, latency counted from when the request was due), each the tightest the
 * objectives name. Null when they name none (ITL alone, failure rate alone): then no goodput.
 */
export function capacityGoodputSlo(objectives: readonly CapacityObjective[]): Slo | null {
  const tightest = (metrics: readonly CapacityTimeMetric[]): number | undefined => {
    const limits = objectives.flatMap((objective) => (objective.kind === "percentile" && metrics.includes(objective.metric) ? [objective.limit] : []));
    return limits.length === 0 ? undefined : Math.min(...limits);
  };
  const maxTtftMs = tightest(["ttftMs"]);
  const maxLatencyMs = tightest(["latencyMs", "effectiveLatencyMs"]);
  if (maxTtftMs === undefined && maxLatencyMs === undefined) return null;
  return { ...(maxTtftMs !== undefined ? { maxTtftMs } : {}), ...(maxLatencyMs !== undefined ? { maxLatencyMs } : {}) };
}

/** run.load.findCapacity: search each target's highest level that meets `slo` (docs/capacity.md). */
export const findCapacitySchema = z.strictObject({
  /** The objectives ("ttftMs.p95<=500,itlMs.p95<=50,failureRate<=1%") or a preset's name (CAPACITY_PRESETS). */
  slo: z.string().superRefine((spec, context) => {
    const parsed = parseCapacitySlo(spec);
    if ("error" in parsed) context.addIssue({ code: "custom", message: parsed.error });
  }),
  /** The first level: a rate (open loop) or a concurrency (closed loop). */
  start: z.number().positive("must be positive").max(100_000).default(1),
  /** The highest level tried: the ramp stops there, and the answer is "at least this". */
  max: z.number().positive("must be positive").max(100_000).default(1024),
  /** Each ramp level is the last one times this, until one fails. */
  growth: z.number().min(1.1, "must be at least 1.1").max(100).default(2),
  /** Bisection stops when the failing level is within this share above the meeting one (0.1: 10%). */
  resolution: z.number().min(0.001, "must be at least 0.001").max(1).default(0.1),
  /** Levels tried per target at most, ramp and bisection together. */
  maxLevels: z.number().int().min(1, "must be at least 1").max(64).default(16),
  /** A level whose failed requests exceed this share ends the target's search at once: a server failing so is not loaded further. */
  maxErrorRate: z.number().min(0).max(1).default(0.5),
});

export type FindCapacity = z.output<typeof findCapacitySchema>;
