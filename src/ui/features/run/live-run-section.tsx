// The run as it happens (or as it ended): its status, its progress with the time it has taken, its
// summary so far, and once it is over the way to its comparison.
import type { ComponentType } from "react";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import type { RunSnapshot } from "../../../session/run-snapshot";
import { RunStatusBadge } from "../../components/run-status-badge";
import { routes } from "../../lib/hash-route";
import { RunProgress } from "./run-progress";
import { useClock } from "./use-clock";

interface LiveRunSectionProps {
  snapshot: RunSnapshot;
  scenario: Scenario;
  LiveSummary: ComponentType<{ rows: SummaryRow[]; scenario: Scenario }>;
}

/** Nothing until the run has a row and progress. */
export function LiveRunSection({ snapshot, scenario, LiveSummary }: LiveRunSectionProps) {
  const now = useClock(snapshot.phase === "running");
  const { runId, progress, status } = snapshot;
  if (!runId || !progress || !status) return null;
  const elapsedMs = snapshot.phase === "running" && snapshot.startedAt !== null ? now - snapshot.startedAt : progress.elapsedMs;
  return (
    <section className="run-live" aria-labelledby="run-live-heading">
      <header className="section-header">
        <h2 id="run-live-heading">{snapshot.replayOfRunId ? "Replay" : "This run"}</h2>
        <span aria-live="polite">
          <RunStatusBadge status={status} testId="run-status" />
        </span>
        {snapshot.phase === "finished" ? (
          <a className="button" data-testid="open-comparison" href={routes.compare(runId, snapshot.replayOfRunId)}>
            {snapshot.replayOfRunId ? "Compare with the original run" : "Open the comparison"}
          </a>
        ) : null}
      </header>
      <RunProgress progress={progress} elapsedMs={elapsedMs} active={snapshot.phase === "running"} />
      <LiveSummary rows={snapshot.summary} scenario={scenario} />
    </section>
  );
}
