// The calls of a parameter sweep's stages (core/load/parameter-stages.ts): per stage, each target's call
// made with the scenario's parameters and the stage's level on top, before the clock starts, so a
// request's call is a lookup and nothing of the level is merged while it is measured.
import { plannedStages } from "../load";
import type { Scenario, ScenarioTarget } from "../scenario";
import type { TargetCall } from "./targets";

export type StageCalls = ReadonlyMap<number, ReadonlyMap<string, TargetCall>>;

/** Per stage that sets parameters, each target's call; null when no stage sets any (every other run). */
export function createStageCalls(scenario: Scenario, makeCall: (target: ScenarioTarget, scenario: Scenario) => TargetCall): StageCalls | null {
  const stages = plannedStages(scenario).filter((stage) => stage.parameters !== undefined);
  if (stages.length === 0) return null;
  return new Map(
    stages.map((stage) => {
      const staged: Scenario = { ...scenario, parameters: { ...scenario.parameters, ...stage.parameters } };
      return [stage.index, new Map(scenario.targets.map((target) => [target.id, makeCall(target, staged)]))];
    }),
  );
}

/** The scenario as its first stage sends it (a parameter sweep's first level set): what a snippet shows. */
export function firstStageScenario(scenario: Scenario): Scenario {
  const parameters = plannedStages(scenario)[0]?.parameters;
  return parameters === undefined ? scenario : { ...scenario, parameters: { ...scenario.parameters, ...parameters } };
}
