// The person's saved scenarios that match the search, each with its own actions, and below them the way
// to add more (a file or pasted JSON).
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { SavedScenarioCard } from "./saved-scenario-card";
import { ScenarioImport } from "./scenario-import";
import { matchesSearch } from "./scenario-search";
import type { ScenarioLibrary } from "./use-scenario-library";

export function SavedScenarios({ query, library }: { query: string; library: ScenarioLibrary }) {
  const { saved } = library;
  const savedList = saved.state === "loaded" ? saved.value : [];
  const shownSaved = savedList.filter((stored) => matchesSearch(stored.spec, query));
  return (
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
            onRename={(name) => library.rename(stored, name)}
            onDuplicate={() => library.saveCopy(stored.spec)}
            onDelete={() => library.remove(stored)}
          />
        ))}
      </div>
      <ScenarioImport onValid={library.save} />
    </section>
  );
}
