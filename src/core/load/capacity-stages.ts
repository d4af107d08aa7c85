// A capacity search run as stages (docs/capacity.md): each round's levels become stages (stages.ts,
// capacityStages), the stages' summaries become each target's trials, and the policy (capacity-search.ts)
// picks the next round. The runner calls nextCapacityStages between stages; the reports replay the same
// rounds from the records (capacityResults), so the answer needs nothing stored beside the records.
import type { RequestRecord } from "../record";
import { capacityGoodputSlo, parseCapacitySlo, type CapacityObjective, type FindCapacity, type Scenario } from "../scenario";
import { NO_VALUE_SETTINGS, valueSettingsOf, type ValueSettings } from "../stats";
import { capacityBracket, judgeLevel, nextCapacityStep, type CapacityOver, type CapacityStep, type CapacityStop, type CapacityTrial } from "./capacity-search";
import { StageSummaries } from "./stage-summaries";
import { capacityStages, plannedStages, stageSize, type Stage } from "./stages";

/** A level lengthened to decide is run at this many times the stage's size. */
const LONGER_FACTOR = 2;

export interface CapacitySearch {
  settings: FindCapacity;
  objectives: CapacityObjective[];
  over: CapacityOver;
}

/** The scenario's capacity search, or null when it asks for none. */
export function capacitySearchOf(scenario: Pick<Scenario, "run">): CapacitySearch | null {
  const load = scenario.run.load;
  const settings = load?.findCapacity;
  if (settings === undefined) return null;
  const parsed = parseCapacitySlo(settings.slo);
  // The schema refused an unreadable spec; a scenario built in code without it has no search.
  if ("error" in parsed) return null;
  return { settings, objectives: parsed.objectives, over: load!.mode === "open" ? "rate" : "concurrency" };
}

/**
 * The prices and SLO the stage summaries of a capacity search count goodput with: the scenario's own SLO,
 * or the one its objectives imply (capacityGoodputSlo); none without a search.
 */
export function capacityValueSettings(scenario: Pick<Scenario, "targets" | "slo" | "run">): ValueSettings {
  const search = capacitySearchOf(scenario);
  // Without a search, stage rows stay as they were: no SLO figures.
  if (search === null) return NO_VALUE_SETTINGS;
  const slo = scenario.slo ?? capacityGoodputSlo(search.objectives) ?? undefined;
  return valueSettingsOf({ targets: scenario.targets, slo });
}

/** One target's trials over the stages run so far, in the order they ran. */
export function capacityTrials(summaries: StageSummaries, stages: readonly Stage[], targetId: string, objectives: readonly CapacityObjective[]): CapacityTrial[] {
  return stages.flatMap((stage): CapacityTrial[] => {
    if (!stage.targetIds.includes(targetId)) return [];
    const row = summaries.rows(stage.index, [targetId])?.find((candidate) => candidate.targetId === targetId);
    if (row === undefined || row.requests + row.droppedRequests === 0) return [];
    const level = stage.load.mode === "open" ? stage.load.rates.get(targetId)! : stage.load.perTarget;
    const judged = judgeLevel(row, objectives);
    return [{ level, stage: stage.index, ...judged, requests: row.requests, throughput: row.requestsPerSecond, goodput: row.goodput }];
  });
}

function stepOf(search: CapacitySearch, trials: readonly CapacityTrial[], scenario: Pick<Scenario, "run">): CapacityStep {
  return nextCapacityStep(search.settings, search.over, trials, stageSize(scenario.run.load).kind !== "plan");
}

/**
 * After the last stage so far has run: the next round's stages (none when every target's search is over).
 * Targets lengthening an undecided level go in stages of their own, at LONGER_FACTOR times the size.
 */
export function nextCapacityStages(summaries: StageSummaries, scenario: Pick<Scenario, "run" | "targets">, stages: readonly Stage[]): Stage[] {
  const search = capacitySearchOf(scenario);
  if (search === null) return [];
  const plain = new Map<string, number>();
  const longer = new Map<string, number>();
  for (const target of scenario.targets) {
    const step = stepOf(search, capacityTrials(summaries, stages, target.id, search.objectives), scenario);
    if (step.kind === "level") (step.longer ? longer : plain).set(target.id, step.level);
  }
  const round = roundOf(stages);
  const next = plain.size === 0 ? [] : capacityStages(stages.length, round, search.over, plain);
  return longer.size === 0 ? next : [...next, ...capacityStages(stages.length + next.length, round, search.over, longer, LONGER_FACTOR)];
}

/** The round the next stages belong to: one more than the last stage's ("capacity search 3: …" is round 2). */
function roundOf(stages: readonly Stage[]): number {
  const match = /^capacity search (\d+)/.exec(stages.at(-1)?.label ?? "");
  return match === null ? stages.length : Number(match[1]);
}

/** One target's answer: the highest level that met the SLO, what it measured, and how the search ended. */
export interface CapacityResult {
  targetId: string;
  over: CapacityOver;
  /** The highest level whose intervals met every objective; null when none did. */
  capacity: number | null;
  /** That level's trial: its objectives' values and intervals, its throughput and goodput. */
  atCapacity: CapacityTrial | null;
  /** The lowest level above it that did not meet the SLO: the capacity lies between. Null when none did. */
  firstFailing: CapacityTrial | null;
  trials: CapacityTrial[];
  stop: CapacityStop;
}

/**
 * The stages a capacity search ran, replayed from its summaries: the first round (plannedStages), then
 * each next one as the runner chose it (the policy decides the same from the same records), until the
 * records end. What analyze and the Compare page read a run's levels from, with no stage list stored.
 */
export function capacityRounds(summaries: StageSummaries, scenario: Pick<Scenario, "run" | "targets">): Stage[] {
  const ran = new Set(summaries.stages());
  const stages = plannedStages(scenario);
  // A round whose stages all ran is followed by the next; a round the records end in was the last.
  while (stages.length > 0 && stages.slice(-1).every((stage) => ran.has(stage.index))) {
    const next = nextCapacityStages(summaries, scenario, stages);
    if (next.length === 0) break;
    stages.push(...next);
  }
  return stages;
}

/** Every target's answer from the stages the search ran and their summaries (counted with capacityValueSettings, for goodput). */
export function capacityResultsOf(summaries: StageSummaries, stages: readonly Stage[], scenario: Pick<Scenario, "run" | "targets">): CapacityResult[] {
  const search = capacitySearchOf(scenario);
  if (search === null) return [];
  return scenario.targets.map((target) => {
    const trials = capacityTrials(summaries, stages, target.id, search.objectives);
    const step = stepOf(search, trials, scenario);
    const { meets, fails } = capacityBracket(trials);
    return { targetId: target.id, over: search.over, capacity: meets?.level ?? null, atCapacity: meets, firstFailing: fails, trials, stop: step.kind === "done" ? step.stop : "unfinished" };
  });
}

/** Every target's answer, from the run's records alone (capacityRounds). */
export function capacityResults(records: Iterable<RequestRecord>, scenario: Pick<Scenario, "run" | "targets" | "slo">): CapacityResult[] {
  if (capacitySearchOf(scenario) === null) return [];
  const summaries = new StageSummaries(capacityValueSettings(scenario));
  for (const record of records) summaries.add(record);
  return capacityResultsOf(summaries, capacityRounds(summaries, scenario), scenario);
}
