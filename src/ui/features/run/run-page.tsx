// The run page: what the scenario will do, the Run and Abort buttons, and the run as it happens.
import { useSyncExternalStore, type ComponentType } from "react";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import { targetsNeedingToken } from "../../../core/run/targets";
import { ScenarioDetails } from "../../components/scenario-details";
import { Notice } from "../../components/ui/notice";
import { routes } from "../../lib/hash-route";
import { useRunSnapshot } from "../../lib/run-controller";
import { hasHfToken, subscribeToSettings } from "../../lib/settings-storage";
import { ConnectionLimitWarning } from "./connection-limit-warning";
import type { ConnectionWatch } from "./connection-watch";
import { LiveRunSection } from "./live-run-section";
import { RunPageHeader } from "./run-page-header";
import { RunProblemNotice } from "./run-problem-notice";
import { TokenRejectedNotice } from "./token-rejected-notice";
import { useNavigateToDiffWhenReplayEnds } from "./use-navigate-to-diff";
import { useRunPlan } from "./use-run-plan";

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
  const active = snapshot.phase === "checking" || snapshot.phase === "running";
  // While a run is going, the page is about that run, whatever scenario the address names.
  const showsCurrentRun = active || selected === null || snapshot.scenarioId === selected.key;
  const scenario = active || selected === null ? snapshot.scenario : selected.scenario;
  const scenarioKey = active || selected === null ? snapshot.scenarioId : selected.key;
  const hasToken = useSyncExternalStore(subscribeToSettings, hasHfToken);
  const lastRunQueueing = useSyncExternalStore(connectionWatch.subscribe, connectionWatch.getSnapshot);
  const { planned, overConnectionLimit } = useRunPlan(scenario);
  useNavigateToDiffWhenReplayEnds();

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
  return (
    <div className="page">
      <RunPageHeader scenario={scenario} scenarioKey={scenarioKey} phase={snapshot.phase} needsToken={needsToken} />

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

      {showsCurrentRun ? <LiveRunSection snapshot={snapshot} scenario={scenario} LiveSummary={LiveSummary} /> : null}
    </div>
  );
}
