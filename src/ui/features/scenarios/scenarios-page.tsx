// The first screen: the bundled example scenarios (read-only, forkable), the user's saved ones (rename,
// duplicate, export, share, delete with undo), a search over both, a way to add more, and the draft a
// share link opened.
import { useId, useState } from "react";
import { describeError } from "../../../core/text/describe-error";
import type { Scenario } from "../../../core/scenario";
import type { StoredScenario } from "../../../store/db";
import { deleteSavedScenario, listSavedScenarios, renameSavedScenario, restoreSavedScenario, saveScenario } from "../../../store/queries";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { Notice } from "../../components/ui/notice";
import { useAppDb } from "../../lib/app-db";
import { routes } from "../../lib/hash-route";
import { useLiveRead } from "../../lib/use-live-read";
import { BUNDLED_SCENARIOS } from "./bundled-scenarios";
import { ExportButton } from "./export-button";
import { SavedScenarioCard } from "./saved-scenario-card";
import { ScenarioCard } from "./scenario-card";
import { ScenarioImport } from "./scenario-import";
import { copyName, matchesSearch } from "./scenario-search";
import { ShareLinkButton } from "./share-link-button";
import { SharedDraft } from "./shared-draft";

interface ScenariosPageProps {
  /** A share link's payload: the scenario it holds is shown as a draft above the others. */
  sharedPayload?: string;
  /** Opens a shared draft in the editor (the app shell hands in the editor's drafts). */
  onOpenInEditor: (scenario: Scenario) => void;
}

export function ScenariosPage({ sharedPayload, onOpenInEditor }: ScenariosPageProps) {
  const db = useAppDb();
  const saved = useLiveRead(() => listSavedScenarios(db), [db]);
  const [failure, setFailure] = useState<{ action: string; message: string } | null>(null);
  const [deleted, setDeleted] = useState<StoredScenario | null>(null);
  const [query, setQuery] = useState("");
  const searchId = useId();
  const savedList = saved.state === "loaded" ? saved.value : [];
  const takenNames = savedList.map((stored) => stored.name);

  const attempt = (action: string, work: Promise<unknown>): void => {
    setFailure(null);
    work.catch((error: unknown) => setFailure({ action, message: describeError(error) }));
  };
  const saveCopy = (scenario: Scenario): void => {
    const name = copyName(scenario.name, takenNames);
    attempt(`save a copy of “${scenario.name}”`, saveScenario(db, { ...scenario, name }));
  };
  const remove = (stored: StoredScenario): void => {
    setDeleted(null);
    attempt(`delete “${stored.name}”`, deleteSavedScenario(db, stored.id).then(() => setDeleted(stored)));
  };
  const undoDelete = (stored: StoredScenario): void => {
    setDeleted(null);
    attempt(`restore “${stored.name}”`, restoreSavedScenario(db, stored));
  };

  const bundled = BUNDLED_SCENARIOS.filter((entry) => entry.scenario === null || matchesSearch(entry.scenario, query));
  const shownSaved = savedList.filter((stored) => matchesSearch(stored.spec, query));
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
      {sharedPayload !== undefined ? <SharedDraft payload={sharedPayload} onSave={async (scenario) => void (await saveScenario(db, scenario))} onOpenInEditor={onOpenInEditor} /> : null}
      <div className="form-row scenario-search">
        <label htmlFor={searchId}>Search scenarios</label>
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="name, task, provider, model…" />
      </div>
      {failure ? <DatabaseErrorNotice action={failure.action} message={failure.message} /> : null}
      {deleted ? (
        <Notice tone="info">
          Deleted “{deleted.name}”.{" "}
          <button type="button" className="button" onClick={() => undoDelete(deleted)}>
            Undo
          </button>
        </Notice>
      ) : null}
      <section aria-labelledby="bundled-heading">
        <h2 id="bundled-heading">Examples</h2>
        <p className="hint">Read-only: save a copy to change one.</p>
        {bundled.length === 0 ? <p className="empty">No example matches “{query}”.</p> : null}
        <div className="card-grid">
          {bundled.map((entry) => (
            <ScenarioCard
              key={entry.key}
              scenarioKey={entry.key}
              scenario={entry.scenario}
              errors={entry.errors}
              fallbackName={entry.fileName}
              status="example"
              actions={
                entry.scenario ? (
                  <>
                    <button type="button" className="button" onClick={() => saveCopy(entry.scenario!)}>
                      Save a copy
                    </button>
                    <ExportButton scenario={entry.scenario} />
                    <ShareLinkButton scenario={entry.scenario} />
                  </>
                ) : null
              }
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading">Your scenarios</h2>
        {saved.state === "error" ? <DatabaseErrorNotice action="list your saved scenarios" message={saved.message} /> : null}
        {saved.state === "loaded" && saved.value.length === 0 ? <p className="empty">None saved yet: save a copy of an example, load a file or paste JSON below.</p> : null}
        {savedList.length > 0 && shownSaved.length === 0 ? <p className="empty">None of your scenarios matches “{query}”.</p> : null}
        <div className="card-grid">
          {shownSaved.map((stored) => (
            <SavedScenarioCard
              key={stored.id}
              stored={stored}
              onRename={(name) => attempt(`rename “${stored.name}”`, renameSavedScenario(db, stored.id, name))}
              onDuplicate={() => saveCopy(stored.spec)}
              onDelete={() => remove(stored)}
            />
          ))}
        </div>
        <ScenarioImport onValid={async (scenario) => void (await saveScenario(db, scenario))} />
      </section>
    </div>
  );
}
