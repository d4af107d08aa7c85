// Import a run into History: a file picker and a drop zone for run bundles, the command line's --jsonl
// records files, and vLLM, AIPerf and GuideLLM per-request exports (core/imports/run-file.ts tells them
// apart). One file at a time; a broken file is refused with the line and field, and nothing is kept.
import { useId, useState, type DragEvent } from "react";
import { version as appVersion } from "../../../../package.json";
import { toolName } from "../../../core/bundle/origin";
import { describeError } from "../../../core/describe-error";
import { getAppDb } from "../../../store/db";
import { importRunFile } from "../../../store/run-bundle";
import { Notice } from "../../components/ui/notice";
import { routes } from "../../lib/hash-route";

type ImportState =
  | { kind: "idle" }
  | { kind: "reading"; fileName: string }
  | { kind: "done"; fileName: string; runId: string; scenarioName: string; records: number; from: string }
  | { kind: "failed"; fileName: string; message: string };

export function RunImport() {
  const inputId = useId();
  const [state, setState] = useState<ImportState>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);

  const importFile = (file: File): void => {
    setState({ kind: "reading", fileName: file.name });
    importRunFile(getAppDb(), file, { fileName: file.name, appVersion }).then(
      (imported) =>
        setState({
          kind: "done",
          fileName: file.name,
          runId: imported.run.id,
          scenarioName: imported.run.scenarioName,
          records: imported.records,
          from: imported.run.origin === undefined ? "" : toolName(imported.run.origin.tool),
        }),
      (error: unknown) => setState({ kind: "failed", fileName: file.name, message: describeError(error) }),
    );
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined) importFile(file);
  };
  const busy = state.kind === "reading";

  return (
    <section className="run-import" aria-labelledby={`${inputId}-title`}>
      <div
        className={`run-import-zone${dragging ? " run-import-zone-active" : ""}`}
        data-testid="run-import-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <h2 id={`${inputId}-title`} className="run-import-title">
          Import a run
        </h2>
        <p className="hint">
          Drop a file here or choose one: a run bundle (<code>.pbrun.json.gz</code>, from another browser or <code>run --bundle</code>), a records file
          (<code>run --jsonl</code>), or a per-request export of <code>vllm bench serve --save-detailed</code>, AIPerf (<code>profile_export.jsonl</code>) or
          GuideLLM (<code>benchmarks.json</code>).
        </p>
        <div className="form-row">
        <input
          id={inputId}
          className="visually-hidden-file"
          type="file"
          data-testid="run-import-input"
          accept=".gz,.json,.jsonl,application/json,application/gzip"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file !== undefined) importFile(file);
            // The same file chosen again (after fixing it) must fire a change again.
            event.target.value = "";
          }}
        />
        <label className="button" htmlFor={inputId}>
          {busy ? "Importing…" : "Choose a file…"}
        </label>
        </div>
      </div>
      <div aria-live="polite">
        {state.kind === "reading" ? <p className="hint">Reading {state.fileName}…</p> : null}
        {state.kind === "done" ? (
          <Notice tone="success" title="Imported">
            {state.fileName}: {state.records} records of <a href={routes.compare(state.runId)}>{state.scenarioName}</a>
            {state.from ? ` (from ${state.from})` : ""}.
          </Notice>
        ) : null}
      </div>
      {state.kind === "failed" ? (
        <Notice tone="error" title={`${state.fileName} could not be imported`}>
          {state.message}
        </Notice>
      ) : null}
    </section>
  );
}
