// The example scenarios shipped in scenarios/*.json, their fields checked when the app is built
// (scripts/bundled-scenarios-plugin.ts), not their templates: the first screen carries neither zod nor a
// template engine; a run checks its inputs before it starts.
import shippedFiles from "virtual:bundled-scenarios";
import type { Scenario, ScenarioError } from "../../../core/scenario";
import { isProviderTarget } from "../../../core/scenario/scenario-target";
import { BUNDLED_KEY_PREFIX } from "../../lib/scenario-keys";

export interface BundledScenario {
  /** `bundled:<file name without .json>`: stable across releases, used in links and run rows. */
  key: string;
  fileName: string;
  scenario: Scenario | null;
  /** Set when a shipped file does not validate: shown, not hidden, so it gets fixed. */
  errors: ScenarioError[];
}

/** What the build's plugin gives for each file: the file as shipped and checkScenarioShape's verdict on it. */
interface ShippedScenarioFile {
  fileName: string;
  json: unknown;
  scenario: Scenario | null;
  errors: ScenarioError[];
}

const files = shippedFiles as readonly ShippedScenarioFile[];

export const BUNDLED_SCENARIOS: readonly BundledScenario[] = files
  .map(({ fileName, scenario, errors }): BundledScenario => ({
    key: `${BUNDLED_KEY_PREFIX}${fileName.replace(/\.json$/, "")}`,
    fileName,
    scenario,
    errors,
  }))
  // Ones that run without a token first: a first visit should be able to press Run and see numbers.
  .sort((a, b) => Number(needsToken(a)) - Number(needsToken(b)) || a.fileName.localeCompare(b.fileName));

function needsToken(bundled: BundledScenario): boolean {
  return bundled.scenario?.targets.some(isProviderTarget) ?? false;
}

export function findBundledScenario(key: string): BundledScenario | undefined {
  return BUNDLED_SCENARIOS.find((bundled) => bundled.key === key);
}

/** A bundled scenario's file as shipped, before defaults are filled in: what the editor opens. */
export function bundledScenarioJson(key: string): unknown {
  const fileName = findBundledScenario(key)?.fileName;
  return files.find((file) => file.fileName === fileName)?.json;
}
