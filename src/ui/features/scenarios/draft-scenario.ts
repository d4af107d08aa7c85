// The scenario a share link opened: an unsaved draft the Run page can run by its key, kept in this tab's
// sessionStorage (as the editor keeps its drafts) so a reload of the Run page does not lose it. Nothing
// is stored in the database until the person saves it.
import type { Scenario } from "../../../core/scenario/types";

export const DRAFT_KEY = "draft:shared";
const STORAGE_KEY = "providerbench:shared-draft";

let draft: Scenario | null = null;

export function setDraftScenario(scenario: Scenario): void {
  draft = scenario;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(scenario));
  } catch {
    // Storage full or refused: the draft still lives in the open page.
  }
}

/**
 * The draft, from this page or (after a reload) from this tab's storage, checked again: storage is input too.
 * Async because the check is loaded on demand: it brings zod and every task's schema, which the first
 * screen (where this module is imported) does without.
 */
export async function draftScenario(): Promise<Scenario | null> {
  if (draft !== null) return draft;
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    if (text === null) return null;
    const { checkScenarioShape } = await import("../../../core/scenario/scenario");
    const checked = checkScenarioShape(JSON.parse(text));
    draft = checked.ok ? checked.scenario : null;
  } catch {
    return null;
  }
  return draft;
}
