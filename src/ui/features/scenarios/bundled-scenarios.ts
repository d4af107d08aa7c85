// The example scenarios shipped in scenarios/*.json, checked once when the app loads (their fields, not
// their templates: the first screen carries no template engine; a run checks its inputs before it starts).
import { checkScenarioShape, isProviderTarget, type Scenario, type ScenarioError } from "../../../core/scenario";

export interface BundledScenario {
  /** `bundled:<file name without .json>`: stable across releases, used in links and run rows. */
  key: string;
  fileName: string;
  scenario: Scenario | null;
  /** Set when a shipped file does not validate: shown, not hidden, so it gets fixed. */
  errors: ScenarioError[];
}

const files = import.meta.glob<unknown>("../../../../scenarios/*.json", { eager: true, import: "default" });

export const BUNDLED_KEY_PREFIX = "bundled:";
export const SAVED_KEY_PREFIX = "saved:";

export const BUNDLED_SCENARIOS: readonly BundledScenario[] = Object.entries(files)
  .map(([path, json]): BundledScenario => {
    const fileName = path.slice(path.lastIndexOf("/") + 1);
    const result = checkScenarioShape(json);
    return {
      key: `${BUNDLED_KEY_PREFIX}${fileName.replace(/\.json$/, "")}`,
      fileName,
      scenario: result.ok ? result.scenario : null,
      errors: result.ok ? [] : result.errors,
    };
  })
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
  return Object.entries(files).find(([path]) => fileName !== undefined && path.endsWith(`/${fileName}`))?.[1];
}
