// A stored run and its records. The run row is live (status changes show at once); the records are
// read a chunk at a time, reporting progress, and again only when a running run ends, not on every
// batch written. A failed read is an error state, never an endless "loading".
// A run of more than LARGE_RUN_RECORDS is never read whole: its columns are (core/record/record-columns.ts),
// for the charts and the records table's filters, and the table reads the records in view a page at a time.
import { useEffect, useState } from "react";
import type { RequestRecord } from "../../../core/record";
import { recordColumns, type RecordColumns } from "../../../core/record/record-columns";
import type { ProviderBenchDb, StoredRun } from "../../../store/db";
import { countRecords, getRun, readRecordColumns, recordsOfRun, type RecordsReadProgress } from "../../../store/queries";
import { describeError } from "../../../core/text/describe-error";
import { useLiveRead } from "../../lib/use-live-read";
import { LARGE_RUN_RECORDS } from "./large-run";
import { useAppDb } from "../../lib/app-db";

export type StoredRunRead = { state: "loading" } | { state: "missing" } | { state: "error"; message: string } | { state: "loaded"; run: StoredRun };

export type RunData =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "error"; message: string }
  | {
      state: "loaded";
      run: StoredRun;
      /** null until every record is read; always null for a large run, which is never read whole. */
      records: RequestRecord[] | null;
      /** The records' columns: null until read. */
      columns: RecordColumns | null;
      /** More than LARGE_RUN_RECORDS records: views that need every record as an object are not drawn. */
      large: boolean;
      /** How many records are read so far; null before the read has counted them. */
      recordsProgress: RecordsReadProgress | null;
    };

interface RecordsState {
  key: string;
  records: RequestRecord[] | null;
  columns: RecordColumns | null;
  large: boolean;
  progress: RecordsReadProgress | null;
  error: string | null;
}

type ReadResult = Pick<RecordsState, "records" | "columns" | "large">;

/** The run's records and their columns, or only the columns for a large run. */
async function readRun(db: ProviderBenchDb, runId: string, options: Parameters<typeof recordsOfRun>[2]): Promise<ReadResult> {
  if ((await countRecords(db, runId)) > LARGE_RUN_RECORDS) return { records: null, columns: await readRecordColumns(db, runId, options), large: true };
  const records = await recordsOfRun(db, runId, options);
  return { records, columns: recordColumns(records), large: false };
}

/** The run row alone, live: for views that need its summary, not its records. */
export function useStoredRun(runId: string | null): StoredRunRead {
  const db = useAppDb();
  // null marks "looked, not there".
  const read = useLiveRead(async () => (runId ? ((await getRun(db, runId)) ?? null) : null), [db, runId]);
  if (runId === null) return { state: "missing" };
  if (read.state !== "loaded") return read;
  return read.value === null ? { state: "missing" } : { state: "loaded", run: read.value };
}

export function useRunData(runId: string | null): RunData {
  const db = useAppDb();
  const stored = useStoredRun(runId);
  const run = stored.state === "loaded" ? stored.run : null;
  const [records, setRecords] = useState<RecordsState | null>(null);
  // A run that is not running reads its records once: the read starts with the run row's, before its
  // status is known, since nearly every run opened is finished. A running run reads again when it ends.
  const recordsKey = runId === null ? null : run !== null && run.status === "running" ? `${runId}:running` : runId;

  useEffect(() => {
    if (recordsKey === null || !runId) return;
    const reading = new AbortController();
    const unread = { records: null, columns: null, large: false };
    const onProgress = (progress: RecordsReadProgress): void => setRecords({ key: recordsKey, ...unread, progress, error: null });
    readRun(db, runId, { onProgress, signal: reading.signal }).then(
      (read) => {
        if (!reading.signal.aborted) {
          setRecords((previous) => ({ key: recordsKey, ...read, progress: previous?.key === recordsKey ? previous.progress : null, error: null }));
        }
      },
      (error: unknown) => {
        // Cancelled because the page moved on: nothing to show. Anything else is said on the page.
        if (!reading.signal.aborted) setRecords({ key: recordsKey, ...unread, progress: null, error: describeError(error) });
      },
    );
    return () => reading.abort();
  }, [db, runId, recordsKey]);

  if (stored.state !== "loaded") return stored;
  const current = records?.key === recordsKey ? records : null;
  if (current?.error) return { state: "error", message: current.error };
  return {
    state: "loaded",
    run: stored.run,
    records: current?.records ?? null,
    columns: current?.columns ?? null,
    large: current?.large ?? false,
    recordsProgress: current?.progress ?? null,
  };
}
