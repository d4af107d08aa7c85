// A capacity search's policy, for one target (docs/capacity.md): given the levels tried so far and how each
// fared against the SLO, the next level to try or why the search is over. A coarse ramp (each level the
// last times `growth`) until a level does not meet the SLO, then bisection between the highest level that
// met it and the lowest above that did not, until they are within `resolution`. Pure: no clock, no server.
import type { CapacityObjective, FindCapacity } from "../scenario";
import { intervalEnds, wilsonInterval95, type SummaryRow } from "../stats";

/**
 * How a level fared: its intervals wholly within every limit (meets), one wholly beyond its limit (fails),
 * or neither (undecided: an interval straddles a limit, or there are too few values for one).
 */
export type LevelVerdict = "meets" | "fails" | "undecided";

export interface ObjectiveJudgement {
  objective: CapacityObjective;
  value: number | null;
  ci95: [number, number] | null;
  verdict: LevelVerdict;
}

/** One level tried for one target: the stage it ran as and what it measured. */
export interface CapacityTrial {
  level: number;
  stage: number;
  verdict: LevelVerdict;
  objectives: ObjectiveJudgement[];
  requests: number;
  /** Failed and dropped requests / requests sent (dropped ones included). */
  failureRate: number | null;
  /** Successful requests per second over the stage. */
  throughput: number | null;
  /** Requests per second that met the per-request SLO (capacityGoodputSlo or the scenario's slo); null without one. */
  goodput: number | null;
}

export type CapacityStop =
  /** The meeting level and the failing one above it are within the resolution. */
  | "resolved"
  /** The highest level allowed (`max`) met the SLO: the capacity is at least that. */
  | "max-level"
  /** The first level did not meet the SLO: lower `start`. */
  | "first-level-fails"
  /** A level's failures exceeded maxErrorRate: the target is not loaded further. */
  | "errors"
  /** maxLevels levels were tried. */
  | "level-limit"
  /** The run ended (aborted, interrupted) before the search did. */
  | "unfinished";

export type CapacityStep = { kind: "level"; level: number; longer: boolean } | { kind: "done"; stop: CapacityStop };

export type CapacityOver = "rate" | "concurrency";

type SearchLimits = Pick<FindCapacity, "start" | "max" | "growth" | "resolution" | "maxLevels" | "maxErrorRate">;

/** A level's stage judged against the objectives: each objective's interval against its limit. */
export function judgeLevel(row: SummaryRow, objectives: readonly CapacityObjective[]): { verdict: LevelVerdict; objectives: ObjectiveJudgement[]; failureRate: number | null } {
  const sent = row.requests + row.droppedRequests;
  const failed = row.failedRequests + row.droppedRequests;
  const failureRate = sent === 0 ? null : failed / sent;
  const judged = objectives.map((objective): ObjectiveJudgement => {
    if (objective.kind === "failureRate") {
      const ci95 = wilsonInterval95(failed, sent);
      return { objective, value: failureRate, ci95, verdict: within(ci95, objective.limit) };
    }
    const distribution = row[objective.metric];
    // Nothing came back to measure: no level of service at all.
    if (distribution.count === 0) return { objective, value: null, ci95: null, verdict: "fails" };
    const ci95 = intervalEnds(distribution.ci95[objective.percentile]);
    return { objective, value: distribution[objective.percentile], ci95, verdict: within(ci95, objective.limit) };
  });
  const verdict: LevelVerdict = judged.some((one) => one.verdict === "fails") ? "fails" : judged.every((one) => one.verdict === "meets") ? "meets" : "undecided";
  return { verdict, objectives: judged, failureRate };
}

function within(ci95: [number, number] | null, limit: number): LevelVerdict {
  if (ci95 === null) return "undecided";
  if (ci95[1] <= limit) return "meets";
  return ci95[0] > limit ? "fails" : "undecided";
}

/** Each level's latest trial: a level tried again for longer is judged by the longer run. */
export function latestTrials(trials: readonly CapacityTrial[]): CapacityTrial[] {
  const byLevel = new Map<number, CapacityTrial>();
  for (const trial of trials) byLevel.set(trial.level, trial);
  return [...byLevel.values()].sort((a, b) => a.level - b.level);
}

/** The highest level whose intervals met the SLO, and the lowest above it that did not (null when none). */
export function capacityBracket(trials: readonly CapacityTrial[]): { meets: CapacityTrial | null; fails: CapacityTrial | null } {
  const latest = latestTrials(trials);
  const meets = latest.filter((trial) => trial.verdict === "meets").at(-1) ?? null;
  const fails = latest.find((trial) => trial.verdict !== "meets" && (meets === null || trial.level > meets.level)) ?? null;
  return { meets, fails };
}

/**
 * The next step of one target's search. `canLengthen`: whether a level can be run again for longer (a stage
 * sized by duration or requests can; one sized by the scenario's inputs cannot): an undecided level is tried
 * once more at twice the size, so its interval can narrow enough to decide.
 */
export function nextCapacityStep(limits: SearchLimits, over: CapacityOver, trials: readonly CapacityTrial[], canLengthen: boolean): CapacityStep {
  const start = levelOf(over, Math.min(limits.start, limits.max));
  const last = trials.at(-1);
  if (last === undefined) return { kind: "level", level: start, longer: false };
  if (last.failureRate !== null && last.failureRate > limits.maxErrorRate) return { kind: "done", stop: "errors" };
  if (trials.length >= limits.maxLevels) return { kind: "done", stop: "level-limit" };
  const triedBefore = trials.slice(0, -1).some((trial) => trial.level === last.level);
  if (last.verdict === "undecided" && canLengthen && !triedBefore) return { kind: "level", level: last.level, longer: true };
  const { meets, fails } = capacityBracket(trials);
  if (fails === null) {
    // Still ramping: every level so far met the SLO.
    if (meets === null || meets.level >= limits.max) return { kind: "done", stop: "max-level" };
    return { kind: "level", level: rampLevel(over, meets.level, limits), longer: false };
  }
  if (meets === null) return { kind: "done", stop: "first-level-fails" };
  if (resolved(over, meets.level, fails.level, limits.resolution)) return { kind: "done", stop: "resolved" };
  return { kind: "level", level: midLevel(over, meets.level, fails.level), longer: false };
}

function levelOf(over: CapacityOver, value: number): number {
  return over === "concurrency" ? Math.max(1, Math.round(value)) : Number(value.toPrecision(6));
}

function rampLevel(over: CapacityOver, level: number, limits: SearchLimits): number {
  const next = Math.min(limits.max, levelOf(over, level * limits.growth));
  return over === "concurrency" ? Math.max(next, Math.min(limits.max, level + 1)) : next;
}

function resolved(over: CapacityOver, low: number, high: number, resolution: number): boolean {
  return (over === "concurrency" && high - low <= 1) || high / low - 1 <= resolution;
}

function midLevel(over: CapacityOver, low: number, high: number): number {
  return over === "concurrency" ? Math.floor((low + high) / 2) : Number(((low + high) / 2).toPrecision(6));
}
