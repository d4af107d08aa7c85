// What an import says as it goes and once it is done: the progress through the files, the runs imported
// (with links to them), the files left out, and a notice per file refused.
import { Notice } from "../../components/ui/notice";
import { routes } from "../../lib/hash-route";
import type { FileOutcome, ImportProgress } from "./run-import-queue";
import type { ImportedFile } from "./use-run-import";

/** "7 of 12 files imported, reading night-08.pbrun.json.gz…" with a progress bar; a single file just says it is being read. */
export function ImportProgressLine({ progress }: { progress: ImportProgress<ImportedFile> }) {
  if (progress.total === 1) return <p className="hint">Reading {progress.current}…</p>;
  return (
    <p className="hint" data-testid="run-import-progress">
      <progress value={progress.done} max={progress.total} aria-label="Files imported" /> {progress.done} of {progress.total} files done
      {progress.current !== null ? `, reading ${progress.current}…` : "."}
    </p>
  );
}

export function ImportedNotice({ outcomes: allOutcomes, skipped }: { outcomes: FileOutcome<ImportedFile>[]; skipped: string[] }) {
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

/** A notice per file that could not be imported, with why (files that are not runs are left out, not refused). */
export function RefusedFiles({ outcomes }: { outcomes: readonly FileOutcome<ImportedFile>[] }) {
  return outcomes.map((outcome, index) =>
    outcome.ok || outcome.notARun ? null : (
      <Notice key={`${index}:${outcome.fileName}`} tone="error" title={`${outcome.fileName} could not be imported`}>
        {outcome.message}
      </Notice>
    ),
  );
}
