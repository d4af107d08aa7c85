// A parameter sweep's figures per level (run.parameterSweep): each stage's summary rows, with the
// scenario's prices so each level carries its cost. What the Compare page draws its curves from; the
// command line reads the same stage summaries as it runs (cli/parameter-sweep-report.ts).
import type { RequestRecord } from "../record";
import type { Scenario } from "../scenario/types";
import { valueSettingsOf, type SummaryRow } from "../stats";
import { capacityValueSettings } from "./capacity-stages";
import { StageSummaries } from "./stage-summaries";

/** One level of a parameter sweep: its stage, its level, and each target's summary row there. */
export interface LevelRows {
  stage: number;
  level: string;
  rows: SummaryRow[];
}

/**
 * A run's summaries per stage, each stage's rows counted with what its kind of run compares by: a parameter
 * sweep's with the scenario's prices (a level is compared by its cost), a capacity search's with its SLO
 * (goodput at each level: capacityValueSettings), a load sweep's as they always were.
 */
export function stageSummariesFor(scenario: Pick<Scenario, "targets" | "slo" | "run">): StageSummaries {
  return new StageSummaries(scenario.run.parameterSweep !== undefined ? valueSettingsOf(scenario) : capacityValueSettings(scenario));
}

/**
 * A parameter sweep's summaries per level (the stage summaries a load sweep has, with the scenario's
 * prices, so each level carries its cost), in the sweep's order; [] for a run without one.
 */
export function parameterLevelRows(records: Iterable<RequestRecord>, scenario: Pick<Scenario, "run" | "targets" | "slo">): LevelRows[] {
  const sweep = scenario.run.parameterSweep;
  if (sweep === undefined) return [];
  const summaries = stageSummariesFor(scenario);
  for (const record of records) summaries.add(record);
  return summaries.all(scenario.targets.map((target) => target.id)).map(({ stage, rows }) => ({ stage, level: sweep.levels[stage] ?? `stage ${stage}`, rows }));
}
