// Import runs into History: file pickers (several files, or a folder) and a drop zone for run bundles, the
// command line's --jsonl records files, vLLM, AIPerf and GuideLLM per-request exports, and Artillery's report
// (core/io/imports/run-file.ts tells them apart). Files are imported one at a time (run-import-queue.ts) with
// progress; a broken file is refused with the line and field, nothing of it is kept, and the rest go on.
import { useId, useState, type DragEvent } from "react";
import { version as appVersion } from "../../../../package.json";
import { toolName } from "../../../core/io/bundle/origin";
import { describeRecordsReport } from "../../../core/io/records-filter";
import { importRunFile } from "../../../store/run-bundle";
import { Notice } from "../../components/ui/notice";
import { routes } from "../../lib/hash-route";
import { droppedFiles } from "./dropped-files";
import { importFilesInTurn, runFilesOf, type FileOutcome, type ImportProgress } from "./run-import-queue";
import { useAppDb } from "../../lib/app-db";

interface ImportedFile {
  runId: string;
  scenarioName: string;
  records: number;
  from: string;
  /** What the file repeated or lacked, in sentences. */
  notes: string[];
}

type ImportState =
  | { kind: "idle" }
  | { kind: "reading"; progress: ImportProgress<ImportedFile> }
  | { kind: "done"; outcomes: FileOutcome<ImportedFile>[]; skipped: string[] };

/** The folder picker's attributes, which React's input type does not name. */
const FOLDER_PICKER = { webkitdirectory: "", directory: "" } as Record<string, string>;

export function RunImport() {
  const inputId = useId();
  const folderInputId = useId();
  const [state, setState] = useState<ImportState>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  const db = useAppDb();

  const importFiles = (chosen: readonly File[]): void => {
    const { files, skipped } = runFilesOf(chosen);
    setState({ kind: "reading", progress: { done: 0, total: files.length, current: files[0]?.name ?? null, outcomes: [] } });
    void importFilesInTurn(
      files,
      async (file): Promise<ImportedFile> => {
        const imported = await importRunFile(db, file, { fileName: file.name, appVersion });
        return {
          runId: imported.run.id,
          scenarioName: imported.run.scenarioName,
          records: imported.records,
          from: imported.run.origin === undefined ? "" : toolName(imported.run.origin.tool),
          notes: describeRecordsReport(imported.report),
        };
      },
      (progress) => {
        if (progress.current !== null) setState({ kind: "reading", progress });
      },
    ).then((outcomes) => setState({ kind: "done", outcomes, skipped }));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    void droppedFiles(event.dataTransfer).then((files) => {
      if (files.length > 0) importFiles(files);
    });
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
          Import runs
        </h2>
        <p className="hint">
          Drop files or a folder here, or choose them (a folder of nightly bundles imports at once): run bundles (<code>.pbrun.json.gz</code>, from another browser or <code>run --bundle</code>), records files
          (<code>run --jsonl</code>), or per-request exports of <code>vllm bench serve --save-detailed</code>, AIPerf (<code>profile_export.jsonl</code>) or
          GuideLLM (<code>benchmarks.json</code>), or Artillery’s report (<code>artillery run --output</code>) of a test from <code>export artillery</code>, read as a summary-level run.
        </p>
        <div className="form-row">
          <input
            id={inputId}
            className="visually-hidden-file"
            type="file"
            multiple
            data-testid="run-import-input"
            accept=".gz,.json,.jsonl,application/json,application/gzip"
            disabled={busy}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              if (files.length > 0) importFiles(files);
              // The same file chosen again (after fixing it) must fire a change again.
              event.target.value = "";
            }}
          />
          <label className="button" htmlFor={inputId}>
            {busy ? "Importing…" : "Choose files…"}
          </label>
          <input
            id={folderInputId}
            className="visually-hidden-file"
            type="file"
            {...FOLDER_PICKER}
            data-testid="run-import-folder"
            disabled={busy}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              if (files.length > 0) importFiles(files);
              event.target.value = "";
            }}
          />
          <label className="button" htmlFor={folderInputId}>
            Choose a folder…
          </label>
        </div>
      </div>
      <div aria-live="polite">
        {state.kind === "reading" ? <ImportProgressLine progress={state.progress} /> : null}
        {state.kind === "done" ? <ImportedNotice outcomes={state.outcomes} skipped={state.skipped} /> : null}
      </div>
      {state.kind !== "idle"
        ? (state.kind === "reading" ? state.progress.outcomes : state.outcomes).map((outcome, index) =>
            outcome.ok || outcome.notARun ? null : (
              <Notice key={`${index}:${outcome.fileName}`} tone="error" title={`${outcome.fileName} could not be imported`}>
                {outcome.message}
              </Notice>
            ),
          )
        : null}
    </section>
  );
}

/** "7 of 12 files imported, reading night-08.pbrun.json.gz…" with a progress bar; a single file just says it is being read. */
function ImportProgressLine({ progress }: { progress: ImportProgress<ImportedFile> }) {
  if (progress.total === 1) return <p className="hint">Reading {progress.current}…</p>;
  return (
    <p className="hint" data-testid="run-import-progress">
      <progress value={progress.done} max={progress.total} aria-label="Files imported" /> {progress.done} of {progress.total} files done
      {progress.current !== null ? `, reading ${progress.current}…` : "."}
    </p>
  );
}

function ImportedNotice({ outcomes: allOutcomes, skipped }: { outcomes: FileOutcome<ImportedFile>[]; skipped: string[] }) {
  // Files recognised as not runs were never meant to be imported: listed with those left out by name, not counted.
  const notRuns = allOutcomes.flatMap((outcome) => (!outcome.ok && outcome.notARun ? [`${outcome.fileName} (${outcome.message})`] : []));
  const outcomes = allOutcomes.filter((outcome) => outcome.ok || !outcome.notARun);
  const imported = outcomes.flatMap((outcome) => (outcome.ok ? [{ fileName: outcome.fileName, ...outcome.value }] : []));
  const skippedText = (
    <>
      {skipped.length > 0 ? <p className="hint">Left out, not run files by their names: {skipped.join(", ")}.</p> : null}
      {notRuns.length > 0 ? (
        <p className="hint" data-testid="run-import-not-runs">
          Left out: {notRuns.join(", ")}.
        </p>
      ) : null}
    </>
  );
  if (imported.length === 0) return skippedText;
  const line = (file: (typeof imported)[number]) => (
    <>
      {file.fileName}: {file.records} records of <a href={routes.compare(file.runId)}>{file.scenarioName}</a>
      {file.from ? ` (from ${file.from})` : ""}.{file.notes.map((note) => ` ${note}`).join("")}
    </>
  );
  return (
    <>
      <Notice tone="success" title="Imported">
        {outcomes.length === 1 ? (
          line(imported[0]!)
        ) : (
          <>
            <span data-testid="run-import-count">
              {imported.length} of {outcomes.length} files imported
            </span>
            {" "}(<a href={routes.trends()}>see their trends</a>):
            <ul className="run-import-list">
              {imported.map((file) => (
                <li key={file.fileName}>{line(file)}</li>
              ))}
            </ul>
          </>
        )}
      </Notice>
      {skippedText}
    </>
  );
}
