// Import runs into History: file pickers (several files, or a folder) and a drop zone for run bundles, the
// command line's --jsonl records files, vLLM, AIPerf and GuideLLM per-request exports, and Artillery's report
// (core/io/imports/run-file.ts tells them apart). Files are imported one at a time (run-import-queue.ts) with
// progress; a broken file is refused with the line and field, nothing of it is kept, and the rest go on.
import { useId } from "react";
import { ImportedNotice, ImportProgressLine, RefusedFiles } from "./run-import-notices";
import { RunImportZone } from "./run-import-zone";
import { useRunImport } from "./use-run-import";

export function RunImport() {
  const inputId = useId();
  const { state, importFiles } = useRunImport();
  return (
    <section className="run-import" aria-labelledby={`${inputId}-title`}>
      <RunImportZone inputId={inputId} busy={state.kind === "reading"} onFiles={importFiles} />
      <div aria-live="polite">
        {state.kind === "reading" ? <ImportProgressLine progress={state.progress} /> : null}
        {state.kind === "done" ? <ImportedNotice outcomes={state.outcomes} skipped={state.skipped} /> : null}
      </div>
      {state.kind !== "idle" ? <RefusedFiles outcomes={state.kind === "reading" ? state.progress.outcomes : state.outcomes} /> : null}
    </section>
  );
}
