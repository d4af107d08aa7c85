// Where a run stands: done of planned, errors, in flight, elapsed time and an estimate of what is left.
import type { RunProgress as Progress } from "../../../core/runner";
import { formatCount, formatDuration } from "../../components/ui/format";
import { ProgressBar } from "../../components/ui/progress-bar";

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
    <div className="run-progress" data-testid="progress" data-done={done} data-planned={planned} data-retries={progress.retries}>
      <ProgressBar value={done} max={planned} label="Requests done" />
      <dl className="facts facts-inline">
        <div>
          <dt>Done</dt>
          <dd className="num">
            {formatCount(done)} / {formatCount(planned)}
          </dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd className={`num${progress.errors > 0 ? " text-error" : ""}`}>{formatCount(progress.errors)}</dd>
        </div>
        <div>
          <dt>Retries</dt>
          <dd className="num">{formatCount(progress.retries)}</dd>
        </div>
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
