// What `run`'s report is made of, gathered as the records come (a resumed file's first): the summary's
// statistics, and with run.load each stage and its records.
import { stageSummariesFor, type StageSummaries, type Stage } from "../core/load";
import type { Scenario } from "../core/scenario";
import { summaryOptionsOf, SummaryAccumulator, valueSettingsOf } from "../core/stats";

export interface RunTally {
  statistics: SummaryAccumulator;
  loadRecords: StageSummaries;
  stages: Stage[];
}

export function createRunTally(scenario: Scenario): RunTally {
  // A stage's rows carry what its kind of run compares by: a parameter sweep's levels their cost, a capacity search's its goodput.
  return { statistics: new SummaryAccumulator(valueSettingsOf(scenario), summaryOptionsOf(scenario)), loadRecords: stageSummariesFor(scenario), stages: [] };
}
