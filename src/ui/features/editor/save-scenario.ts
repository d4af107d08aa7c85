// Where the editor's Save puts a valid scenario: over the saved scenario it was opened from, or as a new
// saved scenario (a bundled one is read-only, a draft has no row yet). Returns the saved scenario's key.
import type { Scenario } from "../../../core/scenario";
import type { ProviderBenchDb } from "../../../store/db";
import { saveScenario, updateSavedScenario } from "../../../store/queries";
import { savedScenarioId, savedScenarioKey } from "../../lib/scenario-keys";

export async function saveFromEditor(db: ProviderBenchDb, scenario: Scenario, openedFrom: string | null): Promise<string> {
  const savedId = savedScenarioId(openedFrom);
  const stored = savedId !== null ? await updateSavedScenario(db, savedId, scenario) : await saveScenario(db, scenario);
  return savedScenarioKey(stored.id);
}
