// Looks up a scenario by its key: `bundled:<file>` or `saved:<id>`.
import { useLiveQuery } from "dexie-react-hooks";
import type { Scenario } from "../../../core/scenario";
import { getAppDb } from "../../../store/db";
import { getSavedScenario } from "../../../store/queries";
import { BUNDLED_KEY_PREFIX, SAVED_KEY_PREFIX, findBundledScenario } from "./bundled-scenarios";

export type ScenarioLookup = { state: "loading" } | { state: "missing" } | { state: "found"; scenario: Scenario };

export function useScenarioByKey(key: string | null): ScenarioLookup {
  const savedId = key?.startsWith(SAVED_KEY_PREFIX) ? key.slice(SAVED_KEY_PREFIX.length) : null;
  // useLiveQuery returns undefined while loading, so "not found" is told apart with null.
  const saved = useLiveQuery(async () => (savedId ? ((await getSavedScenario(getAppDb(), savedId)) ?? null) : null), [savedId]);
  if (key === null) return { state: "missing" };
  if (key.startsWith(BUNDLED_KEY_PREFIX)) {
    const bundled = findBundledScenario(key)?.scenario;
    return bundled ? { state: "found", scenario: bundled } : { state: "missing" };
  }
  if (saved === undefined) return { state: "loading" };
  return saved ? { state: "found", scenario: saved.spec } : { state: "missing" };
}
