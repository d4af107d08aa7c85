// Scenario text plus the command line's overrides, validated together: what the validation worker runs.
import { type Scenario, type ScenarioError, parseScenarioText, validateScenario } from "../core/scenario";
import { applyLoadOverrides, type LoadOverrides } from "./load-flags";

export interface ScenarioOverrides {
  concurrency: number | undefined;
  repetitions: number | undefined;
  /** The load flags (absent: the file's run.load as it is). */
  load?: LoadOverrides;
}

export type ScenarioCheck =
  | { kind: "ok"; scenario: Scenario }
  | { kind: "invalid-file"; errors: ScenarioError[] }
  | { kind: "invalid-overrides"; errors: ScenarioError[] };

export function checkScenario(text: string, overrides: ScenarioOverrides): ScenarioCheck {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) return { kind: "invalid-file", errors: parsed.errors };
  const overridden = {
    ...parsed.scenario,
    run: {
      ...parsed.scenario.run,
      ...(overrides.concurrency === undefined ? {} : { concurrency: overrides.concurrency }),
      ...(overrides.repetitions === undefined ? {} : { repetitions: overrides.repetitions }),
      ...(overrides.load === undefined ? {} : { load: applyLoadOverrides(parsed.scenario.run.load, overrides.load) }),
      ...(overrides.load?.parameterSweep === undefined ? {} : { parameterSweep: overrides.load.parameterSweep }),
    },
  };
  // Overrides go through the same validation as the file (e.g. concurrency bounds).
  const validated = validateScenario(overridden);
  return validated.ok ? { kind: "ok", scenario: validated.scenario } : { kind: "invalid-overrides", errors: validated.errors };
}
