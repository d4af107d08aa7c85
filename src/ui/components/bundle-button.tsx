// "Download bundle": the run as one .pbrun.json.gz file (store/run-bundle.ts) to import in another browser
// or read with `analyze`. The file is compressed as it is read; only the gzip is kept in memory.
import { useState } from "react";
import { BUNDLE_FILE_SUFFIX } from "../../core/io/bundle/format";
import { describeError } from "../../core/text/describe-error";
import type { StoredRun } from "../../store/db";
import { runBundleBlob } from "../../store/run-bundle";
import { downloadBlob, fileTimestamp, slugify } from "./download";
import { useAppDb } from "../lib/app-db";

/** `<scenario>_<run time>.pbrun.json.gz`. */
export function bundleFileName(run: Pick<StoredRun, "scenarioName" | "startedAt">): string {
  return `${slugify(run.scenarioName)}_${fileTimestamp(run.startedAt)}${BUNDLE_FILE_SUFFIX}`;
}

export function BundleButton({ run }: { run: StoredRun }) {
  const db = useAppDb();
  const [state, setState] = useState<{ kind: "idle" } | { kind: "writing" } | { kind: "failed"; message: string }>({ kind: "idle" });
  const download = (): void => {
    setState({ kind: "writing" });
    runBundleBlob(db, run.id).then(
      (blob) => {
        downloadBlob(bundleFileName(run), blob);
        setState({ kind: "idle" });
      },
      (error: unknown) => setState({ kind: "failed", message: describeError(error) }),
    );
  };
  // A bundle carries records, and the summary is computed again from them on import: a run whose summary
  // came from a file without records (Artillery's report) would arrive empty. Its own file travels instead.
  const summaryLevel = run.summary?.fromFile === true;
  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="bundle-button"
        disabled={run.status === "running" || state.kind === "writing" || summaryLevel}
        title={
          summaryLevel
            ? `A summary-level run has no records to bundle: share the file it was imported from${run.imported ? ` (${run.imported.fileName})` : ""}`
            : "The run as one file (scenario, every record, versions, where it ran), to import into another browser's History or read with the command line's analyze"
        }
        onClick={download}
      >
        {state.kind === "writing" ? "Writing bundle…" : "Download bundle"}
      </button>
      {state.kind === "failed" ? (
        <span className="text-error" role="alert">
          The bundle could not be written: {state.message}
        </span>
      ) : null}
    </>
  );
}
