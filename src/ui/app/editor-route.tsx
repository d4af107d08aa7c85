// The editor for the scenario or draft named in the address: `#/edit/<bundled:…|saved:…>` or `#/edit?draft=<id>`.
// The app composes the two features here: the scenarios' lookup by key finds what the editor opens.
import type { Scenario } from "../../core/scenario";
import { DatabaseErrorNotice } from "../components/database-error-notice";
import { routes } from "../lib/hash-route";
import { BUNDLED_KEY_PREFIX } from "../lib/scenario-keys";
import { EditorPage, isPlainObject, readDraft, type DraftValue } from "../features/editor";
import { bundledScenarioJson, useScenarioByKey } from "../features/scenarios";

export function EditorRoute({ scenarioKey, draftId }: { scenarioKey: string | null; draftId: string | null }) {
  const lookup = useScenarioByKey(scenarioKey);
  if (scenarioKey === null) {
    const draft = draftId !== null ? readDraft(draftId) : null;
    if (draft === null) {
      return (
        <div className="page">
          <h1>Draft not found</h1>
          <p className="empty">
            This tab holds no such draft (drafts live in the tab until saved). <a href={routes.newComparison()}>Start a new comparison</a>.
          </p>
        </div>
      );
    }
    return <EditorPage key={draftId} initial={draft} scenarioKey={null} draftId={draftId} />;
  }
  if (lookup.state === "loading") return <p className="page empty">Loading the scenario…</p>;
  if (lookup.state === "error") {
    return (
      <div className="page">
        <h1>The scenario could not be read</h1>
        <DatabaseErrorNotice action="read this scenario" message={lookup.message} />
      </div>
    );
  }
  if (lookup.state === "missing") {
    return (
      <div className="page">
        <h1>Scenario not found</h1>
        <p className="empty">
          No scenario <code>{scenarioKey}</code> in this browser. <a href={routes.scenarios()}>Pick one on the Scenarios page</a>.
        </p>
      </div>
    );
  }
  return <EditorPage key={scenarioKey} initial={initialDraft(scenarioKey, lookup.scenario)} scenarioKey={scenarioKey} draftId={null} />;
}

/** A bundled scenario opens as its file reads; a saved one as it was stored. */
function initialDraft(scenarioKey: string, scenario: Scenario): DraftValue {
  const file = scenarioKey.startsWith(BUNDLED_KEY_PREFIX) ? bundledScenarioJson(scenarioKey) : undefined;
  return isPlainObject(file) ? file : (scenario as unknown as DraftValue);
}
