// The scenario a share link opened, held in memory only: an unsaved draft the Run page can run by its
// key. Nothing is stored until the person saves it; a reload goes back to the link, which still holds it.
import type { Scenario } from "../../../core/scenario";

export const DRAFT_KEY = "draft:shared";

let draft: Scenario | null = null;

export function setDraftScenario(scenario: Scenario): void {
  draft = scenario;
}

export function draftScenario(): Scenario | null {
  return draft;
}
