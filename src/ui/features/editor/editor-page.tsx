// The scenario editor: a form and the raw JSON of the same scenario, side by side and in sync both ways,
// checked as you type; Save stores it, Save and run stores it and starts its run.
import { useCallback, useEffect, useMemo, useState } from "react";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { Notice } from "../../components/ui/notice";
import { savedScenarioId } from "../../lib/scenario-keys";
import { BasicsSection } from "./basics-section";
import { isPlainObject, setAt, type DraftValue, type FieldPath } from "./draft-paths";
import { writeDraft } from "./drafts";
import { EditorContext, type EditorContextValue } from "./editor-context";
import { ErrorSummary } from "./error-summary";
import { InputsSection } from "./inputs-section";
import { JsonField } from "./json-field";
import { useTaskCatalogue } from "./load-task-catalogue";
import { ParametersSection } from "./parameters-section";
import { RunSettingsSection } from "./run-settings-section";
import { TargetsSection } from "./targets-section";
import { useDraftValidation } from "./use-draft-validation";
import { useEditorSave } from "./use-editor-save";
import "./editor.css";

export interface EditorPageProps {
  initial: DraftValue;
  /** The `bundled:…` or `saved:…` scenario it was opened from; null for a new draft. */
  scenarioKey: string | null;
  /** The unsaved draft it edits, kept in this tab until saved. */
  draftId: string | null;
}

export function EditorPage({ initial, scenarioKey, draftId }: EditorPageProps) {
  const [draft, setDraft] = useState<DraftValue>(initial);
  const validation = useDraftValidation(draft);
  const { save, saving, saveFailure, savedDraft } = useEditorSave(draft, validation, scenarioKey, draftId);
  const catalogue = useTaskCatalogue();
  const update = useCallback((path: FieldPath, value: unknown) => setDraft((current) => setAt(current, path, value)), []);
  const context = useMemo<EditorContextValue>(() => ({ draft, update, errors: validation.errors }), [draft, update, validation.errors]);

  useEffect(() => {
    if (draftId !== null) writeDraft(draftId, draft);
  }, [draft, draftId]);

  const tasks = useMemo(() => (catalogue.state === "loaded" ? catalogue.catalogue.catalogueTasks() : null), [catalogue]);
  const task = typeof draft.task === "string" ? draft.task : "";
  const exampleModels = tasks?.find((entry) => entry.id === task)?.exampleModels ?? [];
  const openedFromSaved = savedScenarioId(scenarioKey) !== null;
  const readOnlySource = scenarioKey !== null && !openedFromSaved;

  const title = scenarioKey === null ? "New comparison" : `Edit: ${typeof draft.name === "string" && draft.name !== "" ? draft.name : scenarioKey}`;
  const canSave = validation.state === "valid" && !saving;
  return (
    <EditorContext.Provider value={context}>
      <div className="page editor-page">
        <header className="page-header">
          <div>
            <h1>{title}</h1>
            {readOnlySource ? <p className="lead">A bundled scenario is read-only: saving keeps your version as a new scenario.</p> : null}
          </div>
          <div className="page-actions">
            <button type="button" className="button" disabled={!canSave} onClick={() => void save(false)}>
              {openedFromSaved ? "Save" : "Save as new scenario"}
            </button>
            <button type="button" className="button button-primary" disabled={!canSave} onClick={() => void save(true)} data-testid="editor-save-and-run">
              Save and run
            </button>
          </div>
        </header>
        {saveFailure !== null ? <DatabaseErrorNotice action="save the scenario" message={saveFailure} /> : null}
        {savedDraft === draft ? <Notice tone="success">Saved.</Notice> : null}
        <ErrorSummary validation={validation} />
        <div className="editor-columns">
          {/* Not a <form>: the template editor inside holds forms of its own, and forms do not nest. */}
          <div className="editor-form" role="form" aria-label="Scenario form">
            <BasicsSection tasks={tasks} />
            <TargetsSection exampleModels={exampleModels} />
            <InputsSection />
            <ParametersSection task={task} />
            <RunSettingsSection />
          </div>
          <section className="editor-json" aria-label="The scenario as JSON" id="editor-json">
            <JsonField
              path={[]}
              label="Scenario JSON"
              rows={30}
              accept={(value) => (isPlainObject(value) ? null : "a scenario is a JSON object ({ … })")}
              hint="Edit here or in the form: each follows the other."
            />
          </section>
        </div>
      </div>
    </EditorContext.Provider>
  );
}
