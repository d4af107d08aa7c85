// Past runs, newest first: open one, replay it, or delete it with its records.
import { useState } from "react";
import type { Scenario } from "../../../core/scenario";
import type { StoredRun } from "../../../store/db";
import { deleteRun, listRuns } from "../../../store/queries";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { describeError } from "../../../core/text";
import { useLiveRead } from "../../lib/use-live-read";
import { FAILED_REQUESTS, HISTORY_COLUMNS, HistoryRow, P50_LATENCY, REQUESTS } from "./history-row";
import { HistoryViews } from "./history-views";
import { RunImport } from "./run-import";
import "./trends.css";
import { useAppDb } from "../../lib/app-db";

interface HistoryPageProps {
  /** Runs the run's stored scenario again, or `scenario` (the same with changes), linked to the run. */
  onReplay: (run: StoredRun, scenario?: Scenario) => void;
  /** Sends what an interrupted or aborted run is missing, into the same run. */
  onResume?: (run: StoredRun) => void;
  /** True while a run is in progress: a replay would have to wait. */
  replayDisabled: boolean;
}

export function HistoryPage({ onReplay, onResume, replayDisabled }: HistoryPageProps) {
  const db = useAppDb();
  const runs = useLiveRead(() => listRuns(db), [db]);
  const [deleteFailure, setDeleteFailure] = useState<{ scenarioName: string; message: string } | null>(null);
  const remove = (run: StoredRun): void => {
    setDeleteFailure(null);
    deleteRun(db, run.id).catch((error: unknown) => setDeleteFailure({ scenarioName: run.scenarioName, message: describeError(error) }));
  };
  return (
    <div className="page">
      <h1>History</h1>
      <HistoryViews current="runs" />
      <RunImport />
      {runs.state === "loading" ? <p className="empty">Loading…</p> : null}
      {runs.state === "error" ? <DatabaseErrorNotice action="list the runs" message={runs.message} /> : null}
      {deleteFailure ? <DatabaseErrorNotice action={`delete the run of “${deleteFailure.scenarioName}”`} message={deleteFailure.message} /> : null}
      {runs.state === "loaded" && runs.value.length === 0 ? <p className="empty">No runs yet. Runs are kept in this browser.</p> : null}
      {runs.state === "loaded" && runs.value.length > 0 ? (
        <table className="data-table history-table cards-on-phone">
          <thead>
            <tr>
              <th scope="col">{HISTORY_COLUMNS.scenario}</th>
              <th scope="col">{HISTORY_COLUMNS.started}</th>
              <th scope="col">{HISTORY_COLUMNS.status}</th>
              <th scope="col" className="num" title={REQUESTS.definition}>
                {HISTORY_COLUMNS.measured}
              </th>
              <th scope="col" className="num" title={FAILED_REQUESTS.definition}>
                {HISTORY_COLUMNS.failed}
              </th>
              <th scope="col" className="nowrap" title={P50_LATENCY.definition}>
                {HISTORY_COLUMNS.latency}
              </th>
              <th scope="col">
                <span className="visually-hidden">{HISTORY_COLUMNS.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.value.map((run) => (
              <HistoryRow key={run.id} run={run} onReplay={() => onReplay(run)} onReplayWithChanges={(scenario) => onReplay(run, scenario)} onResume={onResume ? () => onResume(run) : undefined} replayDisabled={replayDisabled} onDelete={() => remove(run)} />
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
