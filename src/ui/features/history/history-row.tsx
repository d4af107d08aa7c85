import { useState } from "react";
import { metricById } from "../../../core/metrics";
import { type Scenario, targetDisplayName } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import type { StoredRun } from "../../../store/db";
import { RunOriginTag } from "../../components/run-origin";
import { RunStatusBadge } from "../../components/run-status-badge";
import { formatDateTime, formatValueIn } from "../../components/ui/format";
import { routes } from "../../lib/hash-route";
import { useRunSummary, type RunSummaryState } from "../../lib/use-run-summary";
import { HistoryRowActions } from "./history-row-actions";
import { ReplayChangesForm } from "./replay-changes-form";

// The history list's few numbers are the catalogue's, as on every other page (the page's headers too).
export const REQUESTS = metricById("requests");
export const FAILED_REQUESTS = metricById("failedRequests");
export const P50_LATENCY = metricById("latencyP50Ms");

/** The columns' names: the table's headers, and each cell's label when a phone shows a run as a card. */
export const HISTORY_COLUMNS = {
  scenario: "Scenario",
  started: "Started",
  status: "Status",
  measured: "Measured",
  failed: FAILED_REQUESTS.header,
  latency: `${P50_LATENCY.label} per target`,
  actions: "Actions",
} as const;

/** A count metric summed over the run's targets. */
function runTotal(rows: readonly SummaryRow[], metric: typeof REQUESTS): number {
  return rows.reduce((total, row) => total + (metric.value(row) ?? 0), 0);
}

interface HistoryRowProps {
  run: StoredRun;
  onReplay: () => void;
  /** Replays the run's scenario with changes (targets, repetitions, concurrency), linked to this run. */
  onReplayWithChanges?: ((scenario: Scenario) => void) | undefined;
  /** Offered for an interrupted or aborted run that can be resumed. */
  onResume?: (() => void) | undefined;
  replayDisabled: boolean;
  onDelete: () => void;
}

export function HistoryRow({ run, onReplay, onReplayWithChanges, onResume, replayDisabled, onDelete }: HistoryRowProps) {
  const [changing, setChanging] = useState(false);
  // Stored with the run; an interrupted run (or one stored by older code) gets it from its records once.
  const summary = useRunSummary(run);
  const rows = summary.state === "loaded" ? summary.rows : null;
  const failedRequests = rows === null ? null : runTotal(rows, FAILED_REQUESTS);
  return (
    <>
      <tr data-testid="history-row" data-run-id={run.id}>
        <th scope="row">
          <a href={routes.compare(run.id)}>{run.scenarioName}</a>
          {run.replayOfRunId ? (
            <a className="hint" href={routes.compare(run.id, run.replayOfRunId)}>
              {" "}
              (replay: compare with the original)
            </a>
          ) : null}
          <RunOriginTag run={run} />
        </th>
        <td className="nowrap" data-label={HISTORY_COLUMNS.started}>
          <time dateTime={new Date(run.startedAt).toISOString()}>{formatDateTime(run.startedAt)}</time>
        </td>
        <td data-label={HISTORY_COLUMNS.status}>
          <RunStatusBadge status={run.status} />
        </td>
        <td className="num" data-column="measured" data-label={HISTORY_COLUMNS.measured} title={REQUESTS.definition}>
          {rows ? formatValueIn(REQUESTS.unit, runTotal(rows, REQUESTS)) : <SummaryPending summary={summary} />}
        </td>
        <td className={`num${failedRequests ? " text-error" : ""}`} data-column="errors" data-label={HISTORY_COLUMNS.failed} title={FAILED_REQUESTS.definition}>
          {failedRequests !== null ? formatValueIn(FAILED_REQUESTS.unit, failedRequests) : <SummaryPending summary={summary} />}
        </td>
        <td className="card-wide" data-label={HISTORY_COLUMNS.latency}>
          <TargetLatencies run={run} rows={rows} />
        </td>
        <td className="card-wide">
          <HistoryRowActions
            run={run}
            onReplay={onReplay}
            changing={changing}
            onToggleChanges={onReplayWithChanges ? () => setChanging(!changing) : undefined}
            onResume={onResume}
            replayDisabled={replayDisabled}
            onDelete={onDelete}
          />
        </td>
      </tr>
      {changing && onReplayWithChanges ? (
        <tr className="history-row-details">
          <td colSpan={7}>
            <ReplayChangesForm
              run={run}
              disabled={replayDisabled}
              onCancel={() => setChanging(false)}
              onReplay={(scenario) => {
                setChanging(false);
                onReplayWithChanges(scenario);
              }}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Each target's median latency, in the summary's order (the scenario's while there is no summary). */
function TargetLatencies({ run, rows }: { run: StoredRun; rows: readonly SummaryRow[] | null }) {
  return (
    <ul className="target-latencies">
      {(rows?.map((row) => row.targetId) ?? run.spec.targets.map((target) => target.id)).map((targetId) => {
        const row = rows?.find((candidate) => candidate.targetId === targetId);
        return (
          <li key={targetId}>
            <span className="target-name">{targetDisplayName(run.spec, targetId)}</span>{" "}
            <span className="num">{formatValueIn(P50_LATENCY.unit, row ? P50_LATENCY.value(row) : null)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** What stands in for a number the run has no summary for yet. */
function SummaryPending({ summary }: { summary: RunSummaryState }) {
  if (summary.state === "error") return <span title={`Could not read this run's records: ${summary.message}`}>?</span>;
  return <span title={summary.state === "running" ? "Counted when the run ends" : "Counting…"}>–</span>;
}

