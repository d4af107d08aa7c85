// A capacity search's answer in words and as JSON, said alike by the command line (its table, --summary,
// analyze --json), the bundle's readers and the Compare page.
import { describeCapacityObjective } from "../scenario";
import { formatMs, formatPercent, formatRequestsPerSecond } from "../text";
import type { CapacityResult } from "./capacity-stages";
import type { CapacityOver, CapacityStop, CapacityTrial, ObjectiveJudgement } from "./capacity-search";
import { formatRate } from "./stages";

/** A level as a person reads it: "rate 12.5/s", "concurrency 8". */
export function describeCapacityLevel(over: CapacityOver, level: number): string {
  return over === "rate" ? `rate ${formatRate(level)}` : `concurrency ${level}`;
}

const STOPS: Record<CapacityStop, string> = {
  resolved: "bisected to the resolution",
  "max-level": "the highest level allowed (max) met the SLO: the capacity is at least that",
  "first-level-fails": "the first level did not meet the SLO: lower start",
  errors: "a level's failures passed maxErrorRate: not loaded further",
  "level-limit": "maxLevels levels tried",
  unfinished: "the run ended before the search did",
};

/** Why the search ended, and where the answer lies: "between concurrency 8 (met) and concurrency 9 (not met); bisected to the resolution". */
export function describeCapacityStop(result: CapacityResult): string {
  const level = (trial: CapacityTrial): string => describeCapacityLevel(result.over, trial.level);
  const bracket =
    result.atCapacity !== null && result.firstFailing !== null
      ? `between ${level(result.atCapacity)} (met) and ${level(result.firstFailing)} (${result.firstFailing.verdict === "fails" ? "failed" : "undecided"}); `
      : "";
  return `${bracket}${STOPS[result.stop]}`;
}

/** An objective's figure at a level with its interval: "ttftMs.p95<=500: 412 ms [380 ms, 470 ms]". */
export function describeObjectiveJudgement(judgement: ObjectiveJudgement): string {
  const format = judgement.objective.kind === "failureRate" ? formatPercent : formatMs;
  const interval = judgement.ci95 === null ? "no interval" : `[${format(judgement.ci95[0])}, ${format(judgement.ci95[1])}]`;
  return `${describeCapacityObjective(judgement.objective)}: ${format(judgement.value)} ${interval}`;
}

/** The throughput and goodput at the answer: "12.3/s, goodput 12.1/s". */
export function describeCapacityRates(trial: CapacityTrial): string {
  return `${formatRequestsPerSecond(trial.throughput)}, goodput ${formatRequestsPerSecond(trial.goodput)}`;
}

/** One target's answer as the JSON the command line writes (`capacity` in --summary and analyze --json). */
export function capacityToJson(result: CapacityResult, label: string): Record<string, unknown> {
  const objectives = (trial: CapacityTrial): Record<string, unknown>[] =>
    trial.objectives.map((one) => ({ objective: describeCapacityObjective(one.objective), value: one.value, ci95: one.ci95, verdict: one.verdict }));
  const trialJson = (trial: CapacityTrial): Record<string, unknown> => ({
    level: trial.level,
    stage: trial.stage,
    verdict: trial.verdict,
    requests: trial.requests,
    failureRate: trial.failureRate,
    throughput: trial.throughput,
    goodput: trial.goodput,
    objectives: objectives(trial),
  });
  return {
    targetId: result.targetId,
    target: label,
    over: result.over,
    capacity: result.capacity,
    atCapacity: result.atCapacity === null ? null : trialJson(result.atCapacity),
    firstFailing: result.firstFailing === null ? null : { level: result.firstFailing.level, verdict: result.firstFailing.verdict },
    stop: result.stop,
    statement: describeCapacityStop(result),
    levels: result.trials.map(trialJson),
  };
}
