import type { StoredRun } from "../../../store/db";
import { RunStatusBadge } from "../../components/run-status-badge";
import { ConfirmButton } from "../../components/ui/confirm-button";
import { formatCount, formatDateTime, formatMs } from "../../components/ui/format";
import { routes } from "../../lib/hash-route";

interface HistoryRowProps {
  run: StoredRun;
  onReplay: () => void;
  replayDisabled: boolean;
  onDelete: () => void;
}

export function HistoryRow({ run, onReplay, replayDisabled, onDelete }: HistoryRowProps) {
  const { headline } = run;
  const targetIds = run.spec.targets.map((target) => target.id);
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
      <td className="num">{headline ? formatCount(headline.count) : "–"}</td>
      <td className={`num${headline && headline.errorCount > 0 ? " text-error" : ""}`}>{headline ? formatCount(headline.errorCount) : "–"}</td>
      <td>
        <ul className="target-latencies">
          {(headline?.targets ?? targetIds.map((targetId) => ({ targetId, p50LatencyMs: null }))).map((target) => (
            <li key={target.targetId}>
              <span className="target-name">{target.targetId}</span> <span className="num">{formatMs(target.p50LatencyMs)}</span>
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
