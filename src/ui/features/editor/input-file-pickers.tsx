// A file of one's own for an input's file parts ({ "file": … }: a recording to transcribe, an image to
// classify): the bytes go to this browser's blobs table, named by their hash, and the input refers to them
// as "sha256:<hash>", so every run and replay of the scenario sends exactly these bytes.
import { useId, useState } from "react";
import { isInputFileRef } from "../../../core/tasks/task-io";
import { putInputFile } from "../../../store/blobs";
import { describeError } from "../../../core/text/describe-error";
import { useAppDb } from "../../lib/app-db";
import { useEditor } from "./editor-context";

type Path = readonly (string | number)[];

/** Where an input holds file parts: the input itself ({ file }) or one level down ({ image: { file }, question }). */
function filePartPaths(input: unknown, path: Path): Path[] {
  if (isInputFileRef(input)) return [path];
  if (typeof input !== "object" || input === null || Array.isArray(input)) return [];
  return Object.entries(input).flatMap(([key, value]) => (isInputFileRef(value) ? [[...path, key]] : []));
}

export function InputFilePickers({ input, index }: { input: unknown; index: number }) {
  const paths = filePartPaths(input, ["inputs", index]);
  if (paths.length === 0) return null;
  return (
    <div className="input-file-pickers">
      {paths.map((path) => (
        <FilePicker key={path.join(".")} path={path} label={`A file of your own for input ${index + 1}${path.length > 2 ? ` (${String(path[path.length - 1])})` : ""}`} />
      ))}
    </div>
  );
}

/**
 * Stores a chosen file and puts its `sha256:` name at `path`: as a file part (`{ "file": … }`), or with
 * `asPath` as the path itself (a field that names a file, such as a trace's `file`).
 */
export function FilePicker({ path, label, asPath = false }: { path: Path; label: string; asPath?: boolean }) {
  const { update } = useEditor();
  const db = useAppDb();
  const id = useId();
  const [state, setState] = useState<{ kind: "idle" } | { kind: "storing" } | { kind: "stored"; name: string; bytes: number } | { kind: "failed"; message: string }>({ kind: "idle" });
  const choose = async (file: File): Promise<void> => {
    setState({ kind: "storing" });
    try {
      const stored = await putInputFile(db, file, file.name, file.type || "application/octet-stream");
      update(path, asPath ? stored.file : { file: stored.file });
      setState({ kind: "stored", name: file.name, bytes: stored.bytes });
    } catch (error) {
      setState({ kind: "failed", message: describeError(error) });
    }
  };
  return (
    <div className="editor-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void choose(file);
        }}
      />
      <p className="hint" role="status">
        {state.kind === "storing" ? "Storing the file in this browser…" : null}
        {state.kind === "stored" ? `${state.name} (${state.bytes.toLocaleString("en-US")} bytes) is stored in this browser; the scenario now refers to it by its hash.` : null}
        {state.kind === "failed" ? `The file could not be stored: ${state.message}` : null}
      </p>
    </div>
  );
}
