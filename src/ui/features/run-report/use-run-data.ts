// A stored run and its records. The run row is live (status changes show at once); the records are
// read again only when the run's status or end time changes, not on every batch written.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import type { RequestRecord } from "../../../core/record";
import { getAppDb, type StoredRun } from "../../../store/db";
import { getRun, recordsOfRun } from "../../../store/queries";

export type RunData =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "loaded"; run: StoredRun; records: RequestRecord[] | null };

export function useRunData(runId: string | null): RunData {
  const db = getAppDb();
  // null marks "looked, not there", as useLiveQuery's undefined means "still loading".
  const run = useLiveQuery(async () => (runId ? ((await getRun(db, runId)) ?? null) : null), [db, runId]);
  const [records, setRecords] = useState<{ key: string; records: RequestRecord[] } | null>(null);
  const recordsKey = run ? `${run.id}:${run.status}:${run.finishedAt ?? ""}` : null;

  useEffect(() => {
    if (recordsKey === null || !runId) return;
    let cancelled = false;
    void recordsOfRun(db, runId).then((loaded) => {
      if (!cancelled) setRecords({ key: recordsKey, records: loaded });
    });
    return () => {
      cancelled = true;
    };
  }, [db, runId, recordsKey]);

  if (runId === null || run === null) return { state: "missing" };
  if (run === undefined) return { state: "loading" };
  return { state: "loaded", run, records: records?.key === recordsKey ? records.records : null };
}
