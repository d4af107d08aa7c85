// Past runs, newest first: open one, replay it, or delete it with its records.
import { useLiveQuery } from "dexie-react-hooks";
import { getAppDb, type StoredRun } from "../../../store/db";
import { deleteRun, listRuns } from "../../../store/queries";
import { HistoryRow } from "./history-row";

interface HistoryPageProps {
  onReplay: (run: StoredRun) => void;
  /** True while a run is in progress: a replay would have to wait. */
  replayDisabled: boolean;
}

export function HistoryPage({ onReplay, replayDisabled }: HistoryPageProps) {
  const db = getAppDb();
  const runs = useLiveQuery(() => listRuns(db), [db]);
  return (
    <div className="page">
      <h1>History</h1>
      {runs === undefined ? <p className="empty">Loading…</p> : null}
      {runs !== undefined && runs.length === 0 ? <p className="empty">No runs yet. Runs are kept in this browser.</p> : null}
      {runs !== undefined && runs.length > 0 ? (
        <table className="data-table history-table">
          <thead>
            <tr>
              <th scope="col">Scenario</th>
              <th scope="col">Started</th>
              <th scope="col">Status</th>
              <th scope="col" className="num" title="Measured requests, warm-ups not counted">Measured</th>
              <th scope="col" className="num">Errors</th>
              <th scope="col" className="nowrap">p50 latency per target</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <HistoryRow key={run.id} run={run} onReplay={() => onReplay(run)} replayDisabled={replayDisabled} onDelete={() => void deleteRun(db, run.id)} />
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
