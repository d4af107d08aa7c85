// A stored run's summary for a view: the one stored with the run when it is current, else computed once
// from its records (the caller's, when it has read them already) and stored for next time.
import { useEffect, useState } from "react";
import type { RequestRecord } from "../../core/record";
import type { SummaryRow } from "../../core/stats";
import type { StoredRun } from "../../store/db";
import { currentSummary, summaryOfRun } from "../../store/run-summary";
import { describeError } from "../../core/text/describe-error";
import { useAppDb } from "./app-db";

export type RunSummaryState =
  | { state: "loading" }
  | { state: "loaded"; rows: SummaryRow[] }
  /** A run still going in some tab, and no records to hand: there is no summary yet. */
  | { state: "running" }
  | { state: "error"; message: string };

type Computed = { key: string; rows: SummaryRow[] } | { key: string; message: string };

/**
 * `records`: undefined when the view does not read them (the summary is then computed from the stored
 * records, only when needed); null while the view is still reading them.
 */
export function useRunSummary(run: StoredRun | null, records?: readonly RequestRecord[] | null): RunSummaryState {
  const db = useAppDb();
  const stored = run === null ? null : currentSummary(run);
  const [computed, setComputed] = useState<Computed | null>(null);
  const key = run === null ? "" : `${run.id}:${run.status}:${run.summary?.statsVersion ?? "none"}`;
  const mustCompute = run !== null && stored === null && records !== null && !(records === undefined && run.status === "running");

  useEffect(() => {
    if (!mustCompute || run === null) return;
    let current = true;
    summaryOfRun(db, run, records ?? undefined).then(
      (rows) => current && setComputed({ key, rows }),
      (error: unknown) => current && setComputed({ key, message: describeError(error) }),
    );
    return () => {
      current = false;
    };
  }, [db, run, records, key, mustCompute]);

  if (stored !== null) return { state: "loaded", rows: stored };
  if (run !== null && run.status === "running" && records === undefined) return { state: "running" };
  if (computed === null || computed.key !== key) return { state: "loading" };
  return "rows" in computed ? { state: "loaded", rows: computed.rows } : { state: "error", message: computed.message };
}
