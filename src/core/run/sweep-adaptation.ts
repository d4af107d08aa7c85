// What an adaptive sweep learns between its stages, from their summaries: an auto sweep's open-loop
// rates once its synchronous and maximum-throughput passes are measured, and (stopWhenSaturated) which
// targets have saturated and sit the rest of the sweep out.
import type { Scenario } from "../scenario";
import { autoRateStages, nextCapacityStages, offeredLoadOrder, saturationStage, stageSummariesFor, type StageSummaries, targetLoadPoints, type Stage } from "../load";

/** The summaries a sweep or a capacity search reads of its own stages; null when the run is neither (nothing adapts). */
export function sweepSummaries(scenario: Scenario): StageSummaries | null {
  return scenario.run.load?.findCapacity !== undefined || scenario.run.load?.sweep !== undefined ? stageSummariesFor(scenario) : null;
}

/** After a capacity search's round has run (its last stage so far): adds the next round's stages (capacity-stages.ts). */
export function adaptCapacitySearch(summaries: StageSummaries, scenario: Scenario, ran: Stage, stages: Stage[]): void {
  if (scenario.run.load?.findCapacity === undefined || ran.index !== stages.at(-1)?.index) return;
  stages.push(...nextCapacityStages(summaries, scenario, stages));
}

/**
 * After a stage of a sweep has run: adds an auto sweep's rate stages to `stages` once its second pass
 * is done, and adds to `saturated` the targets judged saturated over the stages run so far.
 */
export function adaptSweep(summaries: StageSummaries, scenario: Scenario, ran: Stage, stages: Stage[], saturated: Set<string>): void {
  const load = scenario.run.load;
  if (load?.sweep === undefined) return;
  // An auto sweep knows its rates once the synchronous and maximum-throughput passes are measured.
  if (load.sweep.over === "auto" && ran.index === 1) {
    stages.push(...autoRateStages(2, load.sweep.rates, measuredPasses(summaries, ran.targetIds)));
  }
  if (load.stopWhenSaturated) {
    for (const targetId of saturatedBy(summaries, scenario, stages)) saturated.add(targetId);
  }
}

/** Each target's throughput at the synchronous pass (stage 0) and the maximum-throughput pass (stage 1). */
function measuredPasses(summaries: StageSummaries, targetIds: string[]): Map<string, { synchronous: number; maximum: number }> {
  const synchronous = summaries.rows(0, targetIds) ?? [];
  const maximum = summaries.rows(1, targetIds) ?? [];
  const measured = new Map<string, { synchronous: number; maximum: number }>();
  for (const targetId of targetIds) {
    const low = synchronous.find((row) => row.targetId === targetId)?.requestsPerSecond ?? null;
    const high = maximum.find((row) => row.targetId === targetId)?.requestsPerSecond ?? null;
    // A target with no successful request in either pass has no rate to aim at: it sits the rates out.
    if (low !== null && high !== null) measured.set(targetId, { synchronous: low, maximum: Math.max(low, high) });
  }
  return measured;
}

/** Targets judged saturated over the stages run so far, in order of offered load. */
function saturatedBy(summaries: StageSummaries, scenario: Scenario, stages: readonly Stage[]): string[] {
  const ran = new Set(summaries.stages());
  const order = offeredLoadOrder(scenario, stages.length).filter((stage) => ran.has(stage));
  return scenario.targets.map((target) => target.id).filter((targetId) => saturationStage(targetLoadPoints(summaries, stages, order, targetId)) !== null);
}
