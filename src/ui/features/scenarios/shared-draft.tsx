// A share link opened: the scenario from the fragment, checked whole (fields, then templates off the
// page's thread), shown as an unsaved draft to look over first (whose endpoints it calls), then run, save,
// or open in the editor as one of its drafts. Nothing is stored until Save.
import { useEffect, useState } from "react";
import { describeError } from "../../../core/text/describe-error";
import type { Scenario, ScenarioError } from "../../../core/scenario/types";
import { decodeSharePayload } from "../../../core/scenario/scenario-share";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { Notice } from "../../components/ui/notice";
import { ScenarioCard } from "./scenario-card";
import { ScenarioErrorList } from "./scenario-error-list";
import { DRAFT_KEY, setDraftScenario } from "./draft-scenario";
import { parseScenarioTextOffThread } from "../../lib/validate-off-thread";

type DraftState =
  | { kind: "opening" }
  | { kind: "invalid"; errors: ScenarioError[] }
  | { kind: "draft"; scenario: Scenario }
  | { kind: "saved"; name: string }
  | { kind: "not-stored"; scenario: Scenario; message: string };

interface SharedDraftProps {
  payload: string;
  onSave: (scenario: Scenario) => Promise<void>;
  /** Opens the scenario in the editor as one of its unsaved drafts (the app shell hands in the editor's). */
  onOpenInEditor: (scenario: Scenario) => void;
}

export function SharedDraft({ payload, onSave, onOpenInEditor }: SharedDraftProps) {
  const [state, setState] = useState<DraftState>({ kind: "opening" });
  useEffect(() => {
    let current = true;
    void (async () => {
      const decoded = await decodeSharePayload(payload);
      // The fields are checked; templates and checks are checked where a hostile one can be stopped.
      const checked = decoded.ok ? await parseScenarioTextOffThread(decoded.text) : decoded;
      if (!current) return;
      if (!checked.ok) return setState({ kind: "invalid", errors: checked.errors });
      setDraftScenario(checked.scenario);
      setState({ kind: "draft", scenario: checked.scenario });
    })();
    return () => {
      current = false;
    };
  }, [payload]);

  const save = async (scenario: Scenario): Promise<void> => {
    try {
      await onSave(scenario);
      setState({ kind: "saved", name: scenario.name });
    } catch (error) {
      setState({ kind: "not-stored", scenario, message: describeError(error) });
    }
  };

  return (
    <section aria-labelledby="shared-heading" className="shared-draft">
      <h2 id="shared-heading">Shared with you</h2>
      {state.kind === "opening" ? <p className="empty">Opening the shared scenario…</p> : null}
      {state.kind === "invalid" ? (
        <Notice tone="error" title="This link does not hold a valid scenario">
          <ScenarioErrorList errors={state.errors} />
        </Notice>
      ) : null}
      {state.kind === "saved" ? <Notice tone="success">Saved “{state.name}”. It is listed under Your scenarios.</Notice> : null}
      {state.kind === "not-stored" ? <DatabaseErrorNotice action={`save “${state.scenario.name}”`} message={state.message} /> : null}
      {state.kind === "draft" || state.kind === "not-stored" ? (
        <ScenarioCard
          scenarioKey={DRAFT_KEY}
          scenario={state.scenario}
          status="unsaved draft"
          editable={false}
          actions={
            <>
              <button type="button" className="button" onClick={() => onOpenInEditor(state.scenario)}>
                Open in the editor
              </button>
              <button type="button" className="button" onClick={() => void save(state.scenario)}>
                Save
              </button>
            </>
          }
        />
      ) : null}
    </section>
  );
}
