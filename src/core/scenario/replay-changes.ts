// A replay with changes: a stored run's scenario with other targets, more repetitions or another
// concurrency, checked again as a whole, so a change that breaks it is an error at its field.
import { checkScenarioShape } from "./scenario";
import type { Scenario, ScenarioParseResult } from "./types";

export interface ReplayChanges {
  /** Ids of the run's targets to keep, in the run's order. */
  keepTargetIds: readonly string[];
  /** Targets to add (unchecked JSON: they are validated with the rest, errors at `targets[i]…`). */
  addedTargets: readonly unknown[];
  repetitions: number;
  concurrency: number;
}

export function scenarioWithChanges(spec: Scenario, changes: ReplayChanges): ScenarioParseResult {
  const kept = spec.targets.filter((target) => changes.keepTargetIds.includes(target.id));
  const changed = {
    ...spec,
    targets: [...kept, ...changes.addedTargets],
    run: { ...spec.run, repetitions: changes.repetitions, concurrency: changes.concurrency },
  };
  // The scenario's own rules apply (at least one target, unique ids, …), with their paths.
  return checkScenarioShape(changed);
}
