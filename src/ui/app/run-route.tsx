// The run page for the scenario named in the address (or none: then the current or last run). The app
// composes three features here: the scenarios' lookup by key, the run page, and compare's live summary.
import { DatabaseErrorNotice } from "../components/database-error-notice";
import { LiveSummary } from "../features/compare";
import { RunPage } from "../features/run/run-page";
import { DRAFT_KEY, useScenarioByKey } from "../features/scenarios";
import { getConnectionWatch } from "./run-launcher";

export function RunRoute({ scenarioKey }: { scenarioKey: string | null }) {
  const lookup = useScenarioByKey(scenarioKey);
  if (scenarioKey !== null && lookup.state === "loading") return <p className="page empty">Loading the scenario…</p>;
  if (scenarioKey !== null && lookup.state === "error") {
    return (
      <div className="page">
        <h1>The scenario could not be read</h1>
        <DatabaseErrorNotice action="read this scenario" message={lookup.message} />
      </div>
    );
  }
  if (scenarioKey !== null && lookup.state === "missing") {
    return (
      <div className="page">
        <h1>Scenario not found</h1>
        <p className="empty">
          {scenarioKey === DRAFT_KEY ? (
            <>The shared draft is no longer in this tab: open its share link again (and save it on the Scenarios page to keep it). </>
          ) : (
            <>
              No scenario <code>{scenarioKey}</code> in this browser.{" "}
            </>
          )}
          <a href="#/">Pick one on the Scenarios page</a>.
        </p>
      </div>
    );
  }
  return (
    <RunPage
      selected={scenarioKey !== null && lookup.state === "found" ? { key: scenarioKey, scenario: lookup.scenario } : null}
      connectionWatch={getConnectionWatch()}
      LiveSummary={LiveSummary}
    />
  );
}
