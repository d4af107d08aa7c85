// The first screen: the bundled example scenarios, the user's saved ones, and a way to add more.
import { useState } from "react";
import { getAppDb, type StoredScenario } from "../../../store/db";
import { deleteSavedScenario, listSavedScenarios, saveScenario } from "../../../store/queries";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { describeError } from "../../../core/describe-error";
import { useLiveRead } from "../../lib/use-live-read";
import { BUNDLED_SCENARIOS, SAVED_KEY_PREFIX } from "./bundled-scenarios";
import { ScenarioCard } from "./scenario-card";
import { ScenarioImport } from "./scenario-import";

export function ScenariosPage() {
  const db = getAppDb();
  const saved = useLiveRead(() => listSavedScenarios(db), [db]);
  const [deleteFailure, setDeleteFailure] = useState<{ name: string; message: string } | null>(null);
  const remove = (stored: StoredScenario): void => {
    setDeleteFailure(null);
    deleteSavedScenario(db, stored.id).catch((error: unknown) => setDeleteFailure({ name: stored.name, message: describeError(error) }));
  };
  return (
    <div className="page">
      <h1>Scenarios</h1>
      <p className="lead">
        A scenario sends the same inputs to several providers. Pick one and run it; the sandbox ones run without a token.
      </p>
      <section aria-labelledby="bundled-heading">
        <h2 id="bundled-heading">Examples</h2>
        <div className="card-grid">
          {BUNDLED_SCENARIOS.map((bundled) => (
            <ScenarioCard key={bundled.key} scenarioKey={bundled.key} scenario={bundled.scenario} errors={bundled.errors} fallbackName={bundled.fileName} />
          ))}
        </div>
      </section>
      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading">Your scenarios</h2>
        {saved.state === "error" ? <DatabaseErrorNotice action="list your saved scenarios" message={saved.message} /> : null}
        {deleteFailure ? <DatabaseErrorNotice action={`delete “${deleteFailure.name}”`} message={deleteFailure.message} /> : null}
        {saved.state === "loaded" && saved.value.length === 0 ? <p className="empty">None saved yet: load a file or paste JSON below.</p> : null}
        <div className="card-grid">
          {(saved.state === "loaded" ? saved.value : []).map((stored) => (
            <ScenarioCard
              key={stored.id}
              scenarioKey={`${SAVED_KEY_PREFIX}${stored.id}`}
              scenario={stored.spec}
              onDelete={() => remove(stored)}
            />
          ))}
        </div>
        <ScenarioImport onValid={async (scenario) => void (await saveScenario(db, scenario))} />
      </section>
    </div>
  );
}
