// Run against run on the Compare page: a picker for any other stored run, and, once one is picked, the
// judged diff of the two runs and their latency distributions drawn over each other.
import { useId, useMemo } from "react";
import type { RequestRecord } from "../../../../core/record";
import type { RecordColumns } from "../../../../core/record/record-columns";
import { sentSameInputs } from "../../../../core/verdict/run-changes";
import type { SummaryRow } from "../../../../core/stats";
import { DatabaseErrorNotice } from "../../../components/database-error-notice";
import { runOriginName } from "../../../components/run-origin";
import { formatDateTime } from "../../../components/ui/format";
import { Notice } from "../../../components/ui/notice";
import { Section } from "../../../components/ui/section";
import type { StoredRun } from "../../../../store/db";
import { listRuns } from "../../../../store/queries";
import { navigate, routes } from "../../../lib/hash-route";
import { useLiveRead } from "../../../lib/use-live-read";
import { useRunSummary } from "../../../lib/use-run-summary";
import { RunDiff } from "./run-diff";
import { RunOverlayChart } from "./run-overlay-chart";
import { describeTargets } from "../target-info";
import { useRunData } from "../use-run-data";
import { useAppDb } from "../../../lib/app-db";

/** A select of every other stored run, newest first; choosing one opens the diff against it. */
export function BaselinePicker(props: { run: StoredRun; baselineRunId: string | null }) {
  const { run, baselineRunId } = props;
  const db = useAppDb();
  const runs = useLiveRead(() => listRuns(db), [db]);
  const id = useId();
  const others = runs.state === "loaded" ? runs.value.filter((other) => other.id !== run.id) : [];
  if (runs.state !== "loaded" || others.length === 0) return null;
  return (
    <p className="pb-baseline-picker">
      <label htmlFor={id}>Compare with another run </label>
      <select
        id={id}
        data-testid="baseline-picker"
        value={baselineRunId ?? ""}
        onChange={(event) => navigate(routes.compare(run.id, event.target.value || null))}
      >
        <option value="">none</option>
        {others.map((other) => (
          <option key={other.id} value={other.id}>
            {other.scenarioName} · {formatDateTime(other.startedAt)}
            {runOriginName(other) !== null ? ` · ${runOriginName(other)}` : ""}
            {sentSameInputs(other.spec, run.spec) ? "" : " (other inputs)"}
          </option>
        ))}
      </select>
    </p>
  );
}

/** The diff of this run against the baseline run, judged, with both latency distributions overlaid. */
export function BaselineComparison(props: {
  run: StoredRun;
  records: readonly RequestRecord[] | null;
  /** This run's columns: null until read. */
  columns: RecordColumns | null;
  /** This run is too large to read whole: its records stay null. */
  large: boolean;
  rows: readonly SummaryRow[] | null;
  baselineRunId: string;
}) {
  const { run, records, columns, large, rows, baselineRunId } = props;
  const baseline = useRunData(baselineRunId);
  const baselineRun = baseline.state === "loaded" ? baseline.run : null;
  const baselineRecords = baseline.state === "loaded" ? baseline.records : null;
  const baselineColumns = baseline.state === "loaded" ? baseline.columns : null;
  // A large run is never read whole: its summary, if it must be computed again, is computed from the store.
  const baselineSummary = useRunSummary(baselineRun, baseline.state === "loaded" && baseline.large ? undefined : baselineRecords);
  const paired = baselineRun !== null && sentSameInputs(baselineRun.spec, run.spec);
  const isReplay = run.replayOfRunId === baselineRunId;
  // Runs from two places (a bundle from a server, a run made here) are named by where they were made.
  const fromElsewhere = baselineRun !== null && (runOriginName(baselineRun) !== null || runOriginName(run) !== null) && runOriginName(baselineRun) !== runOriginName(run);
  const oldLabel = fromElsewhere ? (runOriginName(baselineRun) ?? "this browser") : isReplay ? "Original" : "Baseline";
  const newLabel = fromElsewhere ? (runOriginName(run) ?? "this browser") : isReplay ? "Replay" : "This run";
  const targets = useMemo(() => describeTargets(run.spec.targets.map((target) => target.id), run.spec), [run.spec]);

  return (
    <div className="run-diff-section">
      <Section title={`Compared with the run of ${baselineRun !== null ? formatDateTime(baselineRun.startedAt) : "…"}`} testId="baseline-comparison">
        {baseline.state === "missing" ? <Notice tone="warning">The earlier run is no longer stored.</Notice> : null}
        {baseline.state === "error" ? <DatabaseErrorNotice action="read the earlier run" message={baseline.message} /> : null}
        {baselineSummary.state === "error" ? <DatabaseErrorNotice action="read the earlier run's records" message={baselineSummary.message} /> : null}
        {baselineRun !== null && !paired ? (
          <Notice tone="info">
            The runs sent different inputs ({baselineRun.scenarioName} and {run.scenarioName}), so requests do not pair: medians are
            compared unpaired.
          </Notice>
        ) : null}
        {baselineSummary.state === "loaded" && rows !== null ? (
          <RunDiff
            oldRows={baselineSummary.rows}
            newRows={rows}
            oldRecords={baselineRecords}
            newRecords={records}
            paired={paired}
            scenario={run.spec}
            oldLabel={oldLabel}
            newLabel={newLabel}
            largeRun={large || (baseline.state === "loaded" && baseline.large)}
          />
        ) : null}
        {baselineColumns !== null && columns !== null ? (
          <RunOverlayChart oldColumns={baselineColumns} newColumns={columns} targets={targets} oldLabel={oldLabel} newLabel={newLabel} />
        ) : null}
      </Section>
    </div>
  );
}
