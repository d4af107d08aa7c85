// The top of a run's Compare page: what the run is (its scenario, when, how many requests, with which
// versions, made where), its actions, and a notice while it is not a finished run.
import { RunStatusBadge } from "../../components/run-status-badge";
import { BundleButton } from "../../components/bundle-button";
import { formatCount } from "../../components/ui/format";
import { Notice } from "../../components/ui/notice";
import type { StoredRun } from "../../../store/db";
import { isReplayable } from "../../../store/run-bundle";
import { routes } from "../../lib/hash-route";
import { describeOrigin } from "../../../core/io/bundle/origin";

export function RunHeader(props: { run: StoredRun; runLabel: string; onReplay: (run: StoredRun) => void; replayDisabled: boolean }) {
  const { run, runLabel, onReplay, replayDisabled } = props;
  return (
    <header className="page-header">
      <div>
        <h1>{run.scenarioName}</h1>
        <p className="lead run-meta">
          <RunStatusBadge status={run.status} testId="report-status" />
          <span>
            started {runLabel} · {formatCount(run.planned)} planned requests · ProviderBench {run.appVersion} · @huggingface/inference{" "}
            {run.libraryVersions["@huggingface/inference"] ?? "?"}
          </span>
          {run.origin !== undefined ? <span data-testid="compare-origin">made at {describeOrigin(run.origin)}</span> : null}
        </p>
      </div>
      <div className="page-actions">
        {isReplayable(run) ? (
          <button type="button" className="button button-primary" data-testid="replay-button" disabled={replayDisabled} onClick={() => onReplay(run)}>
            Replay
          </button>
        ) : null}
        <BundleButton run={run} />
      </div>
    </header>
  );
}

/** A run still going, cut off or failed says so above its figures. */
export function RunStatusNotices({ run }: { run: StoredRun }) {
  return (
    <>
      {run.status === "running" ? (
        <Notice tone="info">
          This run is still going: <a href={routes.run()}>follow it on the Run page</a>. What is shown here was saved so far.
        </Notice>
      ) : null}
      {run.status === "interrupted" ? (
        <Notice tone="warning">This run was cut off (the page closed while it ran). The requests measured until then are kept.</Notice>
      ) : null}
      {run.errorMessage ? <Notice tone="error" title="The run failed">{run.errorMessage}</Notice> : null}
    </>
  );
}
