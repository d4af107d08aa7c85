// Looks up a scenario by its key: `bundled:<file>`, `saved:<id>` or the shared draft (`draft:shared`).
import type { Scenario } from "../../../core/scenario";
import { getSavedScenario } from "../../../store/queries";
import { useAppDb } from "../../lib/app-db";
import { BUNDLED_KEY_PREFIX, savedScenarioId } from "../../lib/scenario-keys";
import { useLiveRead } from "../../lib/use-live-read";
import { findBundledScenario } from "./bundled-scenarios";
import { DRAFT_KEY, draftScenario } from "./draft-scenario";

export type ScenarioLookup = { state: "loading" } | { state: "missing" } | { state: "error"; message: string } | { state: "found"; scenario: Scenario };

export function useScenarioByKey(key: string | null): ScenarioLookup {
  const db = useAppDb();
  const savedId = savedScenarioId(key);
  // null marks "looked, not there".
  const saved = useLiveRead(async () => (savedId ? ((await getSavedScenario(db, savedId)) ?? null) : null), [db, savedId]);
  const draft = useLiveRead(async () => (key === DRAFT_KEY ? draftScenario() : null), [key]);
  if (key === null) return { state: "missing" };
  if (key === DRAFT_KEY) {
    if (draft.state !== "loaded") return draft;
    return draft.value ? { state: "found", scenario: draft.value } : { state: "missing" };
  }
  if (key.startsWith(BUNDLED_KEY_PREFIX)) {
    const bundled = findBundledScenario(key)?.scenario;
    return bundled ? { state: "found", scenario: bundled } : { state: "missing" };
  }
  if (saved.state !== "loaded") return saved;
  return saved.value ? { state: "found", scenario: saved.value.spec } : { state: "missing" };
}
