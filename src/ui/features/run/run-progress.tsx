// Where a run stands: done of planned, failed/retried/aborted requests (as the summary counts them),
// in flight, elapsed time and an estimate of what is left.
import { METRICS } from "../../../core/metrics";
import type { RequestOutcomes } from "../../../core/stats";
import type { RunProgress as Progress } from "../../../core/run";
import { formatCount, formatDuration } from "../../components/ui/format";
import { ProgressBar } from "../../components/ui/progress-bar";

/** The request counts shown, with the catalogue's definitions as their hover. */
const OUTCOME_FACTS: readonly { key: keyof RequestOutcomes; label: string }[] = [
  { key: "failedRequests", label: "Failed" },
  { key: "retries", label: "Retries" },
  { key: "recoveredRequests", label: "Recovered" },
  { key: "abortedRequests", label: "Aborted" },
  { key: "droppedRequests", label: "Dropped" },
];

function definitionOf(metricId: string): string | undefined {
  return METRICS.find((metric) => metric.id === metricId)?.definition;
}

interface RunProgressProps {
  progress: Progress;
  elapsedMs: number;
  active: boolean;
}

export function RunProgress({ progress, elapsedMs, active }: RunProgressProps) {
  const { done, planned } = progress;
  // A plain rate estimate: good enough once a few requests are done, and shown only then.
  const remainingMs = active && done > 0 && done < planned ? (elapsedMs / done) * (planned - done) : null;
  return (
    <div
      className="run-progress"
      data-testid="progress"
      data-done={done}
      data-planned={planned}
      data-attempts={progress.attempts}
      data-retries={progress.outcomes.retries}
      data-failed={progress.outcomes.failedRequests}
      data-aborted={progress.outcomes.abortedRequests}
    >
      <ProgressBar value={done} max={planned} label="Requests done" />
      <dl className="facts facts-inline">
        <div>
          <dt>Done</dt>
          <dd className="num">
            {formatCount(done)} / {progress.plannedIsEstimate ? "≈" : ""}
            {formatCount(planned)}
          </dd>
        </div>
        {/* Dropped arrivals exist only in an open loop with a cap: shown once there are some. */}
        {OUTCOME_FACTS.filter(({ key }) => key !== "droppedRequests" || progress.outcomes.droppedRequests > 0).map(({ key, label }) => (
          <div key={key} title={definitionOf(key)}>
            <dt>{label}</dt>
            <dd className={`num${key === "failedRequests" && progress.outcomes[key] > 0 ? " text-error" : ""}`} data-outcome={key}>
              {formatCount(progress.outcomes[key])}
            </dd>
          </div>
        ))}
        <div>
          <dt>In flight</dt>
          <dd className="num">{formatCount(progress.inFlight)}</dd>
        </div>
        <div>
          <dt>Elapsed</dt>
          <dd className="num">{formatDuration(elapsedMs)}</dd>
        </div>
        <div>
          <dt>Left (est.)</dt>
          <dd className="num">{remainingMs === null ? "–" : formatDuration(remainingMs)}</dd>
        </div>
      </dl>
    </div>
  );
}
