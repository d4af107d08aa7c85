// The state of importing runs into History: the chosen files imported one at a time into the database,
// with the progress while they are read and what became of each once they are done.
import { useState } from "react";
import { version as appVersion } from "../../../../package.json";
import { toolName } from "../../../core/io/bundle/origin";
import { describeRecordsReport } from "../../../core/io/records-filter";
import { importRunFile } from "../../../store/run-bundle";
import { useAppDb } from "../../lib/app-db";
import { importFilesInTurn, runFilesOf, type FileOutcome, type ImportProgress } from "./run-import-queue";

export interface ImportedFile {
  runId: string;
  scenarioName: string;
  records: number;
  from: string;
  /** What the file repeated or lacked, in sentences. */
  notes: string[];
}

export type ImportState =
  | { kind: "idle" }
  | { kind: "reading"; progress: ImportProgress<ImportedFile> }
  | { kind: "done"; outcomes: FileOutcome<ImportedFile>[]; skipped: string[] };

export function useRunImport(): { state: ImportState; importFiles: (chosen: readonly File[]) => void } {
  const [state, setState] = useState<ImportState>({ kind: "idle" });
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
  return { state, importFiles };
}
