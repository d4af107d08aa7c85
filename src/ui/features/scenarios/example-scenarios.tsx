// The bundled example scenarios that match the search: read-only, each with a copy to save, an export
// and a share link.
import type { Scenario } from "../../../core/scenario";
import { BUNDLED_SCENARIOS } from "./bundled-scenarios";
import { ExportButton } from "./export-button";
import { ScenarioCard } from "./scenario-card";
import { matchesSearch } from "./scenario-search";
import { ShareLinkButton } from "./share-link-button";

export function ExampleScenarios({ query, onSaveCopy }: { query: string; onSaveCopy: (scenario: Scenario) => void }) {
  const bundled = BUNDLED_SCENARIOS.filter((entry) => entry.scenario === null || matchesSearch(entry.scenario, query));
  return (
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
                  <button type="button" className="button" onClick={() => onSaveCopy(entry.scenario!)}>
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
  );
}
