// A stored run and its records. The run row is live (status changes show at once); the records are
// read a chunk at a time, reporting progress, and again only when the run's status or end time
// changes, not on every batch written.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import type { RequestRecord } from "../../../core/record";
import { getAppDb, type StoredRun } from "../../../store/db";
import { getRun, recordsOfRun, type RecordsReadProgress } from "../../../store/queries";

export type RunData =
  | { state: "loading" }
  | { state: "missing" }
  | {
      state: "loaded";
      run: StoredRun;
      /** null until every record is read. */
      records: RequestRecord[] | null;
      /** How many records are read so far; null before the read has counted them. */
      recordsProgress: RecordsReadProgress | null;
    };

type RecordsState = { key: string; records: RequestRecord[] | null; progress: RecordsReadProgress | null };

export function useRunData(runId: string | null): RunData {
  const db = getAppDb();
  // null marks "looked, not there", as useLiveQuery's undefined means "still loading".
  const run = useLiveQuery(async () => (runId ? ((await getRun(db, runId)) ?? null) : null), [db, runId]);
  const [records, setRecords] = useState<RecordsState | null>(null);
  const recordsKey = run ? `${run.id}:${run.status}:${run.finishedAt ?? ""}` : null;

  useEffect(() => {
    if (recordsKey === null || !runId) return;
    const reading = new AbortController();
    const onProgress = (progress: RecordsReadProgress): void => setRecords({ key: recordsKey, records: null, progress });
    recordsOfRun(db, runId, { onProgress, signal: reading.signal }).then(
      (loaded) => {
        if (!reading.signal.aborted) setRecords((previous) => ({ key: recordsKey, records: loaded, progress: previous?.key === recordsKey ? previous.progress : null }));
      },
      (error: unknown) => {
        // Cancelled because the page moved on: nothing to show. Anything else is a real failure.
        if (!reading.signal.aborted) throw error;
      },
    );
    return () => reading.abort();
  }, [db, runId, recordsKey]);

  if (runId === null || run === null) return { state: "missing" };
  if (run === undefined) return { state: "loading" };
  const current = records?.key === recordsKey ? records : null;
  return { state: "loaded", run, records: current?.records ?? null, recordsProgress: current?.progress ?? null };
}
