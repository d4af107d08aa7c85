// Adds a scenario from a JSON file (chosen or dropped) or pasted text; it is stored only once it validates.
import { useId, useState, type ChangeEvent } from "react";
import type { Scenario } from "../../../core/scenario/types";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { Notice } from "../../components/ui/notice";
import { ScenarioErrorList } from "./scenario-error-list";
import { useScenarioDrop } from "./use-scenario-drop";
import { useScenarioImport, type ImportState } from "./use-scenario-import";

interface ScenarioImportProps {
  onValid: (scenario: Scenario) => Promise<void>;
}

export function ScenarioImport({ onValid }: ScenarioImportProps) {
  const [pasted, setPasted] = useState("");
  const { state, accept } = useScenarioImport(onValid);
  const drop = useScenarioDrop(async (file) => accept(await file.text(), file.name));
  const fileInputId = useId();
  const textAreaId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    await accept(await file.text(), file.name);
    // Choosing the same file again after fixing it must fire change again.
    input.value = "";
  };

  return (
    <section
      className={`card scenario-import${drop.dragging ? " drop-target" : ""}`}
      aria-labelledby="import-heading"
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
      data-testid="scenario-drop-zone"
    >
      <h3 id="import-heading">Add a scenario</h3>
      <div className="form-row">
        <label htmlFor={fileInputId} className="button">
          Load scenario file…
        </label>
        <input id={fileInputId} className="visually-hidden-file" type="file" accept=".json,application/json" onChange={(event) => void onFile(event)} />
        <span className="hint">A scenario JSON file (exported here, or as in the scenarios/ folder of the repository); or drop files on this box.</span>
      </div>
      <label htmlFor={textAreaId}>Or paste scenario JSON</label>
      <textarea
        id={textAreaId}
        className="code-input"
        rows={6}
        spellCheck={false}
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
        placeholder='{ "version": 1, "name": "…", "task": "chat-completion", "targets": [ … ], "inputs": [ … ] }'
      />
      <div className="form-row">
        <button
          type="button"
          className="button"
          disabled={pasted.trim() === "" || state.kind === "checking"}
          onClick={() => void accept(pasted, "the pasted text").then((saved) => saved && setPasted(""))}
        >
          Check and save
        </button>
      </div>
      <ImportOutcome state={state} />
    </section>
  );
}

/** Where the last scenario given is: being checked, invalid (with why), saved, or refused by the database. */
function ImportOutcome({ state }: { state: ImportState }) {
  return (
    <>
      {state.kind === "checking" ? <Notice tone="info">Checking {state.source}…</Notice> : null}
      {state.kind === "invalid" ? (
        <Notice tone="error" title={`Not saved: ${state.source} is not a valid scenario`}>
          <ScenarioErrorList errors={state.errors} />
        </Notice>
      ) : null}
      {state.kind === "not-stored" ? <DatabaseErrorNotice action={`save “${state.name}”`} message={state.message} /> : null}
      {state.kind === "saved" ? <Notice tone="success">Saved “{state.name}”. It is listed under Your scenarios.</Notice> : null}
    </>
  );
}
