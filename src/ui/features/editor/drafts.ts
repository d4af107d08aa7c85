// Unsaved drafts, kept in this tab's sessionStorage so a reload does not lose them, each under an id the
// editor's address carries (`#/edit?draft=<id>`). Anything that wants a scenario opened for editing
// without saving it first (a share link, the task picker) calls openDraftInEditor.
import { navigate, routes } from "../../lib/hash-route";
import { isPlainObject, type DraftValue } from "./draft-paths";

const STORAGE_PREFIX = "providerbench:draft:";

export function createDraft(value: DraftValue): string {
  const draftId = crypto.randomUUID();
  writeDraft(draftId, value);
  return draftId;
}

export function readDraft(draftId: string): DraftValue | null {
  try {
    const text = sessionStorage.getItem(`${STORAGE_PREFIX}${draftId}`);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeDraft(draftId: string, value: DraftValue): void {
  try {
    sessionStorage.setItem(`${STORAGE_PREFIX}${draftId}`, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the draft still lives in the open page.
  }
}

export function discardDraft(draftId: string): void {
  sessionStorage.removeItem(`${STORAGE_PREFIX}${draftId}`);
}

/** Opens `value` (scenario JSON, valid or not) in the editor as an unsaved draft. */
export function openDraftInEditor(value: DraftValue): void {
  navigate(routes.editDraft(createDraft(value)));
}
