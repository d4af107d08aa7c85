// A stored run and its records. The run row is live (status changes show at once); the records are
// read a chunk at a time, reporting progress, and again only when the run's status or end time
// changes, not on every batch written. A failed read is an error state, never an endless "loading".
import { useEffect, useState } from "react";
import type { RequestRecord } from "../../../core/record";
import { getAppDb, type StoredRun } from "../../../store/db";
import { getRun, recordsOfRun, type RecordsReadProgress } from "../../../store/queries";
import { describeError } from "../../../core/describe-error";
import { useLiveRead } from "../../lib/use-live-read";

export type StoredRunRead = { state: "loading" } | { state: "missing" } | { state: "error"; message: string } | { state: "loaded"; run: StoredRun };

export type RunData =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "error"; message: string }
  | {
      state: "loaded";
      run: StoredRun;
      /** null until every record is read. */
      records: RequestRecord[] | null;
      /** How many records are read so far; null before the read has counted them. */
      recordsProgress: RecordsReadProgress | null;
    };

type RecordsState = { key: string; records: RequestRecord[] | null; progress: RecordsReadProgress | null; error: string | null };

/** The run row alone, live: for views that need its summary, not its records. */
export function useStoredRun(runId: string | null): StoredRunRead {
  const db = getAppDb();
  // null marks "looked, not there".
  const read = useLiveRead(async () => (runId ? ((await getRun(db, runId)) ?? null) : null), [db, runId]);
  if (runId === null) return { state: "missing" };
  if (read.state !== "loaded") return read;
  return read.value === null ? { state: "missing" } : { state: "loaded", run: read.value };
}

export function useRunData(runId: string | null): RunData {
  const db = getAppDb();
  const stored = useStoredRun(runId);
  const run = stored.state === "loaded" ? stored.run : null;
  const [records, setRecords] = useState<RecordsState | null>(null);
  const recordsKey = run ? `${run.id}:${run.status}:${run.finishedAt ?? ""}` : null;

  useEffect(() => {
    if (recordsKey === null || !runId) return;
    const reading = new AbortController();
    const onProgress = (progress: RecordsReadProgress): void => setRecords({ key: recordsKey, records: null, progress, error: null });
    recordsOfRun(db, runId, { onProgress, signal: reading.signal }).then(
      (loaded) => {
        if (!reading.signal.aborted) {
          setRecords((previous) => ({ key: recordsKey, records: loaded, progress: previous?.key === recordsKey ? previous.progress : null, error: null }));
        }
      },
      (error: unknown) => {
        // Cancelled because the page moved on: nothing to show. Anything else is said on the page.
        if (!reading.signal.aborted) setRecords({ key: recordsKey, records: null, progress: null, error: describeError(error) });
      },
    );
    return () => reading.abort();
  }, [db, runId, recordsKey]);

  if (stored.state !== "loaded") return stored;
  const current = records?.key === recordsKey ? records : null;
  if (current?.error) return { state: "error", message: current.error };
  return { state: "loaded", run: stored.run, records: current?.records ?? null, recordsProgress: current?.progress ?? null };
}
