// A parameter sweep's figures per level (run.parameterSweep): each stage's summary rows, with the
// scenario's prices so each level carries its cost. What the Compare page draws its curves from; the
// command line reads the same stage summaries as it runs (cli/parameter-sweep-report.ts).
import type { RequestRecord } from "../record";
import type { Scenario } from "../scenario/types";
import { SummaryAccumulator, valueSettingsOf, type SummaryRow } from "../stats";
import { StageSummaries } from "./stage-summaries";

/** One level of a parameter sweep: its stage, its level, and each target's summary row there. */
export interface LevelRows {
  stage: number;
  level: string;
  rows: SummaryRow[];
}

/** Summaries per stage whose rows carry the cost at the scenario's prices (a level is compared by it). */
export function pricedStageSummaries(scenario: Pick<Scenario, "targets" | "slo">): StageSummaries {
  return new StageSummaries(() => new SummaryAccumulator(valueSettingsOf(scenario)));
}

/**
 * A parameter sweep's summaries per level (the stage summaries a load sweep has, with the scenario's
 * prices, so each level carries its cost), in the sweep's order; [] for a run without one.
 */
export function parameterLevelRows(records: Iterable<RequestRecord>, scenario: Pick<Scenario, "run" | "targets" | "slo">): LevelRows[] {
  const sweep = scenario.run.parameterSweep;
  if (sweep === undefined) return [];
  const summaries = pricedStageSummaries(scenario);
  for (const record of records) summaries.add(record);
  return summaries.all(scenario.targets.map((target) => target.id)).map(({ stage, rows }) => ({ stage, level: sweep.levels[stage] ?? `stage ${stage}`, rows }));
}
