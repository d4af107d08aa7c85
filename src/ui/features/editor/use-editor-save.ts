// The editor's Save and Save and run: a valid draft stored (saveFromEditor), its unsaved copy in this
// tab discarded, then its run started or its saved scenario opened; a failure kept to be shown.
import { useState } from "react";
import { describeError } from "../../../core/text/describe-error";
import { useAppDb } from "../../lib/app-db";
import { navigate, routes } from "../../lib/hash-route";
import { useStartRun } from "../../lib/run-controller";
import type { DraftValue } from "./draft-paths";
import { discardDraft } from "./drafts";
import { saveFromEditor } from "./save-scenario";
import type { DraftValidation } from "./use-draft-validation";

export interface EditorSave {
  save(thenRun: boolean): Promise<void>;
  saving: boolean;
  saveFailure: string | null;
  /** The draft as last saved: while it is the draft on screen, the page says it is saved. */
  savedDraft: DraftValue | null;
}

export function useEditorSave(draft: DraftValue, validation: DraftValidation, scenarioKey: string | null, draftId: string | null): EditorSave {
  const db = useAppDb();
  const startRun = useStartRun();
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Saving over the scenario it was opened from stays on this page: say so, until the next edit.
  const [savedDraft, setSavedDraft] = useState<DraftValue | null>(null);

  const save = async (thenRun: boolean): Promise<void> => {
    if (validation.state !== "valid") return;
    setSaving(true);
    setSaveFailure(null);
    try {
      const savedKey = await saveFromEditor(db, validation.scenario, scenarioKey);
      if (draftId !== null) discardDraft(draftId);
      setSavedDraft(draft);
      if (thenRun) startRun(validation.scenario, savedKey);
      else navigate(routes.edit(savedKey));
    } catch (error) {
      setSaveFailure(describeError(error));
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, saveFailure, savedDraft };
}
