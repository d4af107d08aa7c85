import type { StoredRun } from "../../../store/db";
import { RunStatusBadge } from "../../components/run-status-badge";
import { ConfirmButton } from "../../components/ui/confirm-button";
import { formatCount, formatDateTime, formatMs } from "../../components/ui/format";
import { routes } from "../../lib/hash-route";
import { useRunSummary, type RunSummaryState } from "../../lib/use-run-summary";

interface HistoryRowProps {
  run: StoredRun;
  onReplay: () => void;
  replayDisabled: boolean;
  onDelete: () => void;
}

export function HistoryRow({ run, onReplay, replayDisabled, onDelete }: HistoryRowProps) {
  // Stored with the run; an interrupted run (or one stored by older code) gets it from its records once.
  const summary = useRunSummary(run);
  const rows = summary.state === "loaded" ? summary.rows : null;
  const errorCount = rows?.reduce((total, row) => total + row.errorCount, 0) ?? null;
  return (
    <tr data-testid="history-row" data-run-id={run.id}>
      <th scope="row">
        <a href={routes.compare(run.id)}>{run.scenarioName}</a>
        {run.replayOfRunId ? <span className="hint"> (replay)</span> : null}
      </th>
      <td className="nowrap">
        <time dateTime={new Date(run.startedAt).toISOString()}>{formatDateTime(run.startedAt)}</time>
      </td>
      <td>
        <RunStatusBadge status={run.status} />
      </td>
      <td className="num" data-column="measured">
        {rows ? formatCount(rows.reduce((total, row) => total + row.count, 0)) : <SummaryPending summary={summary} />}
      </td>
      <td className={`num${errorCount ? " text-error" : ""}`} data-column="errors">
        {errorCount !== null ? formatCount(errorCount) : <SummaryPending summary={summary} />}
      </td>
      <td>
        <ul className="target-latencies">
          {(rows ?? run.spec.targets.map((target) => ({ targetId: target.id, latencyMs: { p50: null } }))).map((row) => (
            <li key={row.targetId}>
              <span className="target-name">{row.targetId}</span> <span className="num">{formatMs(row.latencyMs.p50)}</span>
            </li>
          ))}
        </ul>
      </td>
      <td>
        <div className="row-actions">
          <a className="button" href={routes.compare(run.id)}>
            Open
          </a>
          <button type="button" className="button" data-testid="replay-button" disabled={replayDisabled} onClick={onReplay}>
            Replay
          </button>
          <ConfirmButton label="Delete" confirmLabel="Delete run" onConfirm={onDelete} />
        </div>
      </td>
    </tr>
  );
}

/** What stands in for a number the run has no summary for yet. */
function SummaryPending({ summary }: { summary: RunSummaryState }) {
  if (summary.state === "error") return <span title={`Could not read this run's records: ${summary.message}`}>?</span>;
  return <span title={summary.state === "running" ? "Counted when the run ends" : "Counting…"}>–</span>;
}
