// A sweep's curves, per target: one point per stage (throughput, median latency, effective latency and
// TTFT), in order of offered load, with the stage where the target saturated. What the Compare page draws.
import type { RequestRecord } from "../record";
import type { Scenario } from "../scenario";
import { targetLoadPoints } from "./load-points";
import { clientLimits, clientSlowdowns, describeLoadJudgement, judgedPoints, limitVerdict, saturationStage, type ClientLimit, type LimitVerdict, type LoadPoint } from "./saturation";
import { StageSummaries } from "./stage-summaries";
import { offeredLoadOrder, plannedStages, type Stage } from "./stages";
import { capacityRounds, capacitySearchOf } from "./capacity-stages";

export interface CurvePoint extends LoadPoint {
  label: string;
}

export interface TargetCurve {
  targetId: string;
  points: CurvePoint[];
  /** The stage at which the target saturated (docs/metrics.md), or null. */
  saturatedAt: number | null;
  /** The stages whose load the client did not keep in flight: there the client, not the provider, was the limit. */
  clientLimits: ClientLimit[];
  /** The stages where the latency rose on the client's side only (clientSlowdowns): there too the client was the limit. */
  clientSlowdowns: number[];
  /** How many stages were judged (the client kept their load in flight). */
  judgedStages: number;
  verdict: LimitVerdict;
  sentence: string;
  /** The judgement in words, stages named with their labels (describeLoadJudgement): what the page and the command line say. */
  statement: string;
}

/** A stage's label from the scenario: its level, or for an auto sweep's later stages, their rank. */
export function stageLabel(scenario: Scenario, stage: number): string {
  const planned = plannedStages(scenario).find((candidate) => candidate.index === stage);
  if (planned) return planned.label;
  return scenario.run.load?.sweep?.over === "auto" ? `auto rate ${stage - 1}` : `stage ${stage}`;
}

/** `connectionShares`: a browser run's targets' shares of the connections to hosts they share (saturation.ts's connectionShares); none for the command line. */
export function loadCurves(records: Iterable<RequestRecord>, scenario: Scenario, connectionShares: ReadonlyMap<string, number> = new Map()): TargetCurve[] {
  const summaries = new StageSummaries();
  for (const record of records) summaries.add(record);
  const stages = summaries.stages();
  const order = offeredLoadOrder(scenario, Math.max(0, ...stages.map((stage) => stage + 1))).filter((stage) => stages.includes(stage));
  // A capacity search's stages are replayed from its records, and each target's run in order of its own level.
  const search = capacitySearchOf(scenario);
  const planned = search === null ? plannedStages(scenario) : capacityRounds(summaries, scenario);
  const labelOf = (stage: number): string => (search === null ? stageLabel(scenario, stage) : (planned.find((candidate) => candidate.index === stage)?.label ?? stageLabel(scenario, stage)));
  return scenario.targets.map((target) => {
    const targetOrder = search === null ? order : byLevel(planned, order, target.id);
    const points = targetLoadPoints(summaries, planned, targetOrder, target.id, connectionShares.get(target.id) ?? null).map((point) => ({ ...point, label: labelOf(point.stage) }));
    const verdict = limitVerdict(points);
    return {
      targetId: target.id,
      points,
      saturatedAt: saturationStage(points),
      clientLimits: clientLimits(points),
      clientSlowdowns: clientSlowdowns(points),
      judgedStages: judgedPoints(points).length,
      verdict: verdict.verdict,
      sentence: verdict.sentence,
      statement: describeLoadJudgement(points, (stage) => `stage ${stage} (${labelOf(stage)})`),
    };
  });
}

/** The stages that sent to a target, in order of the level each sent it at (a capacity search's stages run in search order). */
function byLevel(stages: readonly Stage[], order: readonly number[], targetId: string): number[] {
  const levelOf = (index: number): number => {
    const stage = stages.find((candidate) => candidate.index === index);
    if (stage === undefined) return Number.POSITIVE_INFINITY;
    return stage.load.mode === "open" ? (stage.load.rates.get(targetId) ?? Number.POSITIVE_INFINITY) : stage.load.perTarget;
  };
  return [...order].sort((a, b) => levelOf(a) - levelOf(b) || a - b);
}
