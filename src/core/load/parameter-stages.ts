// A sweep over a request parameter (run.parameterSweep, docs/workloads.md "Reasoning effort"): the run's
// one stage, at its load, repeated once per level, each stage's requests sent with the parameter at its
// level. A stage is the one definition of a sweep's step, so records, summaries per stage, the command
// line's report and the Compare page group a parameter sweep's levels as they group a load sweep's.
// Light on purpose: stages.ts imports it, and the first screen reaches stages.ts (level-rows.ts summarises).
import type { RequestRecord } from "../record/record";
import type { Scenario } from "../scenario/types";
import type { Stage } from "./stages";

/** The run's stages with a parameter sweep's levels: one stage per level, each at the load of `base`. */
export function withParameterLevels(scenario: Pick<Scenario, "run">, base: Stage): Stage[] {
  const sweep = scenario.run.parameterSweep;
  if (sweep === undefined) return [base];
  return sweep.levels.map((level, index) => ({ ...base, index, label: `${sweep.parameter} ${level}`, parameters: { [sweep.parameter]: level }, level }));
}

/** What a record of each stage says of the effort it asked for. */
type StageRecordFields = Pick<RequestRecord, "reasoningEffort">;

/**
 * The record fields a stage adds: the reasoning effort its requests asked for (the sweep's level, or the
 * scenario's own `parameters.reasoning_effort`); null when the run asks for none, so the records of every
 * other run are built as they were. Looked up per record, after the request is measured.
 */
export function stageRecordFields(scenario: Pick<Scenario, "run" | "parameters">): ((stage: number) => StageRecordFields | undefined) | null {
  const sweep = scenario.run.parameterSweep;
  if (sweep !== undefined) {
    const byStage = sweep.levels.map((level): StageRecordFields => ({ reasoningEffort: level }));
    return (stage) => byStage[stage];
  }
  const effort = scenario.parameters.reasoning_effort;
  if (typeof effort !== "string") return null;
  const fields: StageRecordFields = { reasoningEffort: effort };
  return () => fields;
}
