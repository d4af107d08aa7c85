// Importing many run files (a folder of nightly bundles): one at a time, in name order, each in its own
// import, so a bad file is reported by name and the others go on; what was stored stays stored.
import { describeError } from "../../../core/text";
import { NotARunFile } from "../../../core/io/imports";

/** What became of one file; `notARun`: a file of ours that is not a run (the nightly script's summary), left out rather than refused. */
export type FileOutcome<T> = { fileName: string; ok: true; value: T } | { fileName: string; ok: false; message: string; notARun?: true };

export interface ImportProgress<T> {
  /** Files finished so far (imported or refused). */
  done: number;
  total: number;
  /** The file being read now; null once all are done. */
  current: string | null;
  outcomes: FileOutcome<T>[];
}

/** Names a run file can have: bundles (.gz), records (.jsonl), other tools' exports (.json). */
const RUN_FILE_NAME = /\.(gz|json|jsonl)$/i;

/** The files of a folder or a drop worth trying, in name order (night-01 before night-02), and those left out. */
export function runFilesOf<F extends { name: string }>(files: readonly F[]): { files: F[]; skipped: string[] } {
  const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  return { files: sorted.filter((file) => RUN_FILE_NAME.test(file.name)), skipped: sorted.filter((file) => !RUN_FILE_NAME.test(file.name)).map((file) => file.name) };
}

/** Imports the files one after another, reporting progress after each; never throws for a file's failure. */
export async function importFilesInTurn<F extends { name: string }, T>(
  files: readonly F[],
  importOne: (file: F) => Promise<T>,
  onProgress: (progress: ImportProgress<T>) => void,
): Promise<FileOutcome<T>[]> {
  const outcomes: FileOutcome<T>[] = [];
  for (const file of files) {
    onProgress({ done: outcomes.length, total: files.length, current: file.name, outcomes: [...outcomes] });
    try {
      outcomes.push({ fileName: file.name, ok: true, value: await importOne(file) });
    } catch (error) {
      outcomes.push({ fileName: file.name, ok: false, message: describeError(error), ...(error instanceof NotARunFile ? { notARun: true as const } : {}) });
    }
  }
  onProgress({ done: outcomes.length, total: files.length, current: null, outcomes: [...outcomes] });
  return outcomes;
}
