// The first screen: the bundled example scenarios (read-only, forkable), the user's saved ones (rename,
// duplicate, export, share, delete with undo), a search over both, a way to add more, and the draft a
// share link opened.
import { useId, useState } from "react";
import type { Scenario } from "../../../core/scenario";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { Notice } from "../../components/ui/notice";
import { routes } from "../../lib/hash-route";
import { ExampleScenarios } from "./example-scenarios";
import { SavedScenarios } from "./saved-scenarios";
import { SharedDraft } from "./shared-draft";
import { useScenarioLibrary } from "./use-scenario-library";

interface ScenariosPageProps {
  /** A share link's payload: the scenario it holds is shown as a draft above the others. */
  sharedPayload?: string;
  /** Opens a shared draft in the editor (the app shell hands in the editor's drafts). */
  onOpenInEditor: (scenario: Scenario) => void;
}

export function ScenariosPage({ sharedPayload, onOpenInEditor }: ScenariosPageProps) {
  const library = useScenarioLibrary();
  const { failure, deleted } = library;
  const [query, setQuery] = useState("");
  const searchId = useId();
  return (
    <div className="page">
      <h1>Scenarios</h1>
      <p className="lead">
        A scenario sends the same inputs to several providers. Pick one and run it; the sandbox ones run without a token.
      </p>
      <p>
        <a className="button button-primary" href={routes.newComparison()} data-testid="new-comparison-link">
          New comparison
        </a>
      </p>
      {sharedPayload !== undefined ? <SharedDraft payload={sharedPayload} onSave={library.save} onOpenInEditor={onOpenInEditor} /> : null}
      <div className="form-row scenario-search">
        <label htmlFor={searchId}>Search scenarios</label>
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="name, task, provider, model…" />
      </div>
      {failure ? <DatabaseErrorNotice action={failure.action} message={failure.message} /> : null}
      {deleted ? (
        <Notice tone="info">
          Deleted “{deleted.name}”.{" "}
          <button type="button" className="button" onClick={() => library.undoDelete(deleted)}>
            Undo
          </button>
        </Notice>
      ) : null}
      <ExampleScenarios query={query} onSaveCopy={library.saveCopy} />
      <SavedScenarios query={query} library={library} />
    </div>
  );
}
