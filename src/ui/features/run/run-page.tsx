// The run page: what the scenario will do, the Run and Abort buttons, and the run as it happens.
import { useEffect, useMemo, useRef, useSyncExternalStore, type ComponentType } from "react";
import { originsOverBrowserLimit, plannedLoadPerOrigin } from "../../../core/run/connection-limits";
import { expandInputs } from "../../../core/scenario/inputs";
import { countPlannedRequests } from "../../../core/run/request-plan";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import { targetsNeedingToken } from "../../../core/run/targets";
import { RunStatusBadge } from "../../components/run-status-badge";
import { ScenarioDetails } from "../../components/scenario-details";
import { Notice } from "../../components/ui/notice";
import { navigate, routes } from "../../lib/hash-route";
import { useRunController, useRunSnapshot, useStartRun } from "../../lib/run-controller";
import { resolveSandboxUrl } from "../../lib/sandbox-url";
import { hasHfToken, subscribeToSettings } from "../../lib/settings-storage";
import { ConnectionLimitWarning } from "./connection-limit-warning";
import type { ConnectionWatch } from "./connection-watch";
import { RunProblemNotice } from "./run-problem-notice";
import { RunProgress } from "./run-progress";
import { TokenRejectedNotice } from "./token-rejected-notice";
import { useClock } from "./use-clock";

interface RunPageProps {
  /** The scenario named in the address, if any; without one the page shows the current or last run. */
  selected: { key: string; scenario: Scenario } | null;
  /** What the last finished run's requests waited for in the browser (the app watches every run). */
  connectionWatch: ConnectionWatch;
  /** The run's summary so far, as the Compare page draws a live one: the app shell hands in compare's view. */
  LiveSummary: ComponentType<{ rows: SummaryRow[]; scenario: Scenario }>;
}

export function RunPage({ selected, connectionWatch, LiveSummary }: RunPageProps) {
  const snapshot = useRunSnapshot();
  const controller = useRunController();
  const startRun = useStartRun();
  const active = snapshot.phase === "checking" || snapshot.phase === "running";
  // While a run is going, the page is about that run, whatever scenario the address names.
  const showsCurrentRun = active || selected === null || snapshot.scenarioId === selected.key;
  const scenario = active || selected === null ? snapshot.scenario : selected.scenario;
  const scenarioKey = active || selected === null ? snapshot.scenarioId : selected.key;
  const hasToken = useSyncExternalStore(subscribeToSettings, hasHfToken);
  const sandboxUrl = useSyncExternalStore(subscribeToSettings, resolveSandboxUrl);
  const lastRunQueueing = useSyncExternalStore(connectionWatch.subscribe, connectionWatch.getSnapshot);
  const now = useClock(snapshot.phase === "running");
  useNavigateToDiffWhenReplayEnds();

  const planned = useMemo(() => {
    if (!scenario) return null;
    const expanded = expandInputs(scenario);
    if (!expanded.ok) return null;
    const counts = countPlannedRequests(scenario, expanded.inputs.length);
    return counts.measured + counts.warmup;
  }, [scenario]);
  const overConnectionLimit = useMemo(
    () => (scenario ? originsOverBrowserLimit(plannedLoadPerOrigin(scenario, sandboxUrl)) : []),
    [scenario, sandboxUrl],
  );

  if (!scenario) {
    return (
      <div className="page">
        <h1>Run</h1>
        <p className="empty">
          No run yet. <a href={routes.scenarios()}>Pick a scenario</a> and press Run.
        </p>
      </div>
    );
  }

  const needsToken = targetsNeedingToken(scenario).length > 0 && !hasToken;
  const elapsedMs =
    snapshot.phase === "running" && snapshot.startedAt !== null ? now - snapshot.startedAt : (snapshot.progress?.elapsedMs ?? 0);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{scenario.name}</h1>
          {scenario.description ? <p className="lead">{scenario.description}</p> : null}
        </div>
        <div className="page-actions">
          {snapshot.phase === "running" ? (
            <button type="button" className="button button-danger" data-testid="abort-button" onClick={() => controller.abort()}>
              Abort
            </button>
          ) : (
            <button type="button" className="button button-primary" data-testid="run-button" disabled={active || needsToken} onClick={() => startRun(scenario, scenarioKey)}>
              {snapshot.phase === "checking" ? "Starting…" : "Run"}
            </button>
          )}
        </div>
      </header>

      {active && selected !== null && selected.key !== snapshot.scenarioId ? (
        <Notice tone="info">Another run is in progress; it is shown below. Start this scenario when it has finished.</Notice>
      ) : null}
      {needsToken ? (
        <Notice tone="warning" title="A Hugging Face token is needed">
          Some targets call Hugging Face Inference Providers. <a href={routes.settings()}>Add your token in Settings</a>; it stays in this
          browser.
        </Notice>
      ) : null}
      <ConnectionLimitWarning
        planned={overConnectionLimit}
        observed={showsCurrentRun && lastRunQueueing?.runId === snapshot.runId ? lastRunQueueing.origins : []}
      />
      {showsCurrentRun && snapshot.problem ? <RunProblemNotice problem={snapshot.problem} /> : null}
      {showsCurrentRun && snapshot.tokenRejected ? <TokenRejectedNotice /> : null}

      <ScenarioDetails scenario={scenario} plannedRequests={planned} />

      {showsCurrentRun && snapshot.runId && snapshot.progress && snapshot.status ? (
        <section className="run-live" aria-labelledby="run-live-heading">
          <header className="section-header">
            <h2 id="run-live-heading">{snapshot.replayOfRunId ? "Replay" : "This run"}</h2>
            <span aria-live="polite">
              <RunStatusBadge status={snapshot.status} testId="run-status" />
            </span>
            {snapshot.phase === "finished" ? (
              <a className="button" data-testid="open-comparison" href={routes.compare(snapshot.runId, snapshot.replayOfRunId)}>
                {snapshot.replayOfRunId ? "Compare with the original run" : "Open the comparison"}
              </a>
            ) : null}
          </header>
          <RunProgress progress={snapshot.progress} elapsedMs={elapsedMs} active={snapshot.phase === "running"} />
          <LiveSummary rows={snapshot.summary} scenario={scenario} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * A replay exists to be compared: when one this page watched ends, go to the old-vs-new view.
 * Only on the transition, so coming back to this page later does not bounce the user away.
 */
function useNavigateToDiffWhenReplayEnds(): void {
  const snapshot = useRunSnapshot();
  const previousPhase = useRef(snapshot.phase);
  useEffect(() => {
    const wasRunning = previousPhase.current === "running";
    previousPhase.current = snapshot.phase;
    if (wasRunning && snapshot.phase === "finished" && snapshot.replayOfRunId && snapshot.runId && snapshot.status !== "failed") {
      navigate(routes.compare(snapshot.runId, snapshot.replayOfRunId));
    }
  }, [snapshot.phase, snapshot.replayOfRunId, snapshot.runId, snapshot.status]);
}
