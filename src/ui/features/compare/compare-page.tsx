// The Compare page: one stored run's targets side by side (the latest run when no run is named), and the
// old-vs-new diff when opened with `?baseline=`.
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { formatDateTime } from "../../components/ui/format";
import { Section } from "../../components/ui/section";
import type { StoredRun } from "../../../store/db";
import { latestRunId } from "../../../store/queries";
import { routes } from "../../lib/hash-route";
import { useLiveRead } from "../../lib/use-live-read";
import { useRunSummary } from "../../lib/use-run-summary";
import { RunComparison } from "./run-comparison";
import { RunHeader, RunStatusNotices } from "./run-header";
import { BaselineComparison, BaselinePicker } from "./diff/baseline-comparison";
import { useRunData } from "./use-run-data";
import { PhaseChart } from "./charts/phase-chart";
import { describeTargets } from "./target-info";
import { VerdictPanel } from "./verdict/verdict-panel";
import { ProvidersCostTable } from "./providers-cost/providers-cost-table";
import { CodeSnippets } from "./snippets/code-snippets";
import { RunLoadSections } from "./load/run-load-sections";
import { useAppDb } from "../../lib/app-db";
import { ServerPercentilesTable } from "./server/server-percentiles-table";
import { ValidityPanel } from "./validity/validity-panel";

interface ComparePageProps {
  /** null: the latest run. */
  runId: string | null;
  baselineRunId: string | null;
  onReplay: (run: StoredRun) => void;
  replayDisabled: boolean;
}

export function ComparePage(props: ComparePageProps) {
  return props.runId === null ? <LatestRunComparePage {...props} /> : <RunComparePage {...props} runId={props.runId} />;
}

function LatestRunComparePage(props: ComparePageProps) {
  const db = useAppDb();
  const latest = useLiveRead(() => latestRunId(db), [db]);
  if (latest.state === "loading") return <p className="page empty">Loading the latest run…</p>;
  if (latest.state === "error") {
    return (
      <div className="page">
        <h1>Compare</h1>
        <DatabaseErrorNotice action="find the latest run" message={latest.message} />
      </div>
    );
  }
  if (latest.value === null) {
    return (
      <div className="page">
        <h1>Compare</h1>
        <p className="empty">
          No runs yet. <a href={routes.scenarios()}>Run a scenario</a>, and its targets are compared here.
        </p>
      </div>
    );
  }
  return <RunComparePage {...props} runId={latest.value} />;
}

function RunComparePage({ runId, baselineRunId, onReplay, replayDisabled }: ComparePageProps & { runId: string }) {
  const current = useRunData(runId);
  const run = current.state === "loaded" ? current.run : null;
  const records = current.state === "loaded" ? current.records : null;
  const columns = current.state === "loaded" ? current.columns : null;
  const large = current.state === "loaded" && current.large;
  // A large run is never read whole: a summary to compute again is computed from the store, a chunk at a time.
  const summary = useRunSummary(run, large ? undefined : records);

  if (current.state === "loading") return <p className="page empty">Loading the run…</p>;
  if (current.state === "error") {
    return (
      <div className="page">
        <h1>The run could not be read</h1>
        <DatabaseErrorNotice action="read this run" message={current.message} />
      </div>
    );
  }
  if (current.state === "missing" || run === null) {
    return (
      <div className="page">
        <h1>Run not found</h1>
        <p className="empty">
          It may have been deleted, or it was recorded in another browser. <a href={routes.history()}>See the history</a>.
        </p>
      </div>
    );
  }
  const runLabel = formatDateTime(run.startedAt);

  return (
    <div className="page">
      <RunHeader run={run} runLabel={runLabel} onReplay={onReplay} replayDisabled={replayDisabled} />
      <RunStatusNotices run={run} />
      <VerdictPanel scenario={run.spec} rows={summary.state === "loaded" ? summary.rows : null} records={records} large={large} />
      {run.prices !== undefined ? <ProvidersCostTable run={run} rows={summary.state === "loaded" ? summary.rows : null} records={records} large={large} /> : null}

      <BaselinePicker run={run} baselineRunId={baselineRunId} />
      {baselineRunId !== null ? (
        <BaselineComparison run={run} records={records} columns={columns} large={large} rows={summary.state === "loaded" ? summary.rows : null} baselineRunId={baselineRunId} />
      ) : null}

      {summary.state === "error" ? <DatabaseErrorNotice action="compute this run's summary" message={summary.message} /> : null}
      {summary.state === "loaded" ? (
        <Section title="Where the time goes" testId="phases-section">
          <PhaseChart rows={summary.rows} targets={describeTargets(summary.rows.map((row) => row.targetId), run.spec)} />
        </Section>
      ) : null}
      {records !== null ? <RunLoadSections run={run} records={records} /> : null}
      <RunComparison
        runId={run.id}
        scenario={run.spec}
        records={records}
        columns={columns}
        large={large}
        summaryLevel={run.summary?.fromFile === true}
        runLabel={runLabel}
        summary={summary.state === "loaded" ? summary.rows : null}
        recordsProgress={current.state === "loaded" ? current.recordsProgress : null}
        serverMetrics={run.serverMetrics}
      />
      {run.serverMetrics !== undefined && run.serverMetrics.length > 0 && summary.state === "loaded" ? (
        <Section title="The server's figures beside the client's" testId="server-metrics-section">
          <ServerPercentilesTable scrapes={run.serverMetrics} rows={summary.rows} targets={describeTargets(summary.rows.map((row) => row.targetId), run.spec)} />
        </Section>
      ) : null}
      <Section title="Could the client have limited these figures?" testId="validity-section">
        <ValidityPanel validity={run.validity} />
      </Section>
      <Section title="Call these targets yourself" testId="snippets-section">
        <CodeSnippets scenario={run.spec} />
      </Section>
    </div>
  );
}
