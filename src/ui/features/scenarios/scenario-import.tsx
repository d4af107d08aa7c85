// Adds a scenario from a JSON file (chosen or dropped) or pasted text; it is stored only once it validates.
import { useId, useState, type ChangeEvent, type DragEvent } from "react";
import { describeError } from "../../../core/text/describe-error";
import type { Scenario, ScenarioError } from "../../../core/scenario/types";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { Notice } from "../../components/ui/notice";
import { ScenarioErrorList } from "./scenario-error-list";
import { parseScenarioTextOffThread } from "../../lib/validate-off-thread";

interface ScenarioImportProps {
  onValid: (scenario: Scenario) => Promise<void>;
}

type ImportState =
  | { kind: "idle" }
  | { kind: "checking"; source: string }
  | { kind: "invalid"; source: string; errors: ScenarioError[] }
  | { kind: "saved"; name: string }
  | { kind: "not-stored"; name: string; message: string };

export function ScenarioImport({ onValid }: ScenarioImportProps) {
  const [pasted, setPasted] = useState("");
  const [state, setState] = useState<ImportState>({ kind: "idle" });
  const fileInputId = useId();
  const textAreaId = useId();

  const accept = async (text: string, source: string): Promise<boolean> => {
    setState({ kind: "checking", source });
    // Off the main thread: a hostile template is stopped there while the page stays usable.
    const result = await parseScenarioTextOffThread(text);
    if (!result.ok) {
      setState({ kind: "invalid", source, errors: result.errors });
      return false;
    }
    try {
      await onValid(result.scenario);
    } catch (error) {
      // Valid, but the database refused it (quota, closed by another tab): the text stays in the field.
      setState({ kind: "not-stored", name: result.scenario.name, message: describeError(error) });
      return false;
    }
    setState({ kind: "saved", name: result.scenario.name });
    return true;
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    await accept(await file.text(), file.name);
    // Choosing the same file again after fixing it must fire change again.
    input.value = "";
  };

  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent<HTMLElement>): void => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDrop = async (event: DragEvent<HTMLElement>): Promise<void> => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    // One at a time, so each file's errors are shown under its own name.
    for (const file of files) {
      if (!(await accept(await file.text(), file.name))) break;
    }
  };

  return (
    <section
      className={`card scenario-import${dragging ? " drop-target" : ""}`}
      aria-labelledby="import-heading"
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void onDrop(event)}
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
      {state.kind === "checking" ? <Notice tone="info">Checking {state.source}…</Notice> : null}
      {state.kind === "invalid" ? (
        <Notice tone="error" title={`Not saved: ${state.source} is not a valid scenario`}>
          <ScenarioErrorList errors={state.errors} />
        </Notice>
      ) : null}
      {state.kind === "not-stored" ? <DatabaseErrorNotice action={`save “${state.name}”`} message={state.message} /> : null}
      {state.kind === "saved" ? <Notice tone="success">Saved “{state.name}”. It is listed under Your scenarios.</Notice> : null}
    </section>
  );
}
