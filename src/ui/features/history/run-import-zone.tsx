// Where run files come in: a drop zone (files, or folders opened) with a picker for files and one for a
// folder, both disabled while an import is under way.
import { useId, useState, type DragEvent, type InputHTMLAttributes } from "react";
import { droppedFiles } from "./dropped-files";

/** The folder picker's attributes, which React's input type does not name. */
const FOLDER_PICKER = { webkitdirectory: "", directory: "" } as Record<string, string>;

interface RunImportZoneProps {
  /** The files picker's id; the zone's title is `${inputId}-title`. */
  inputId: string;
  busy: boolean;
  onFiles(files: readonly File[]): void;
}

export function RunImportZone({ inputId, busy, onFiles }: RunImportZoneProps) {
  const folderInputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    void droppedFiles(event.dataTransfer).then((files) => {
      if (files.length > 0) onFiles(files);
    });
  };
  return (
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
        <FilePicker
          id={inputId}
          testId="run-import-input"
          label={busy ? "Importing…" : "Choose files…"}
          disabled={busy}
          onFiles={onFiles}
          attributes={{ multiple: true, accept: ".gz,.json,.jsonl,application/json,application/gzip" }}
        />
        <FilePicker id={folderInputId} testId="run-import-folder" label="Choose a folder…" disabled={busy} onFiles={onFiles} attributes={FOLDER_PICKER} />
      </div>
    </div>
  );
}

interface FilePickerProps {
  id: string;
  testId: string;
  label: string;
  disabled: boolean;
  onFiles(files: readonly File[]): void;
  /** What kind of picker: several files of some types, or a folder. */
  attributes: InputHTMLAttributes<HTMLInputElement> | Record<string, string>;
}

/** A hidden file input and the button-like label that opens it. */
function FilePicker({ id, testId, label, disabled, onFiles, attributes }: FilePickerProps) {
  return (
    <>
      <input
        id={id}
        className="visually-hidden-file"
        type="file"
        {...attributes}
        data-testid={testId}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          if (files.length > 0) onFiles(files);
          // The same file chosen again (after fixing it) must fire a change again.
          event.target.value = "";
        }}
      />
      <label className="button" htmlFor={id}>
        {label}
      </label>
    </>
  );
}
