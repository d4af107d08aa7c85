// The run page's header: the scenario's name and description, and the button that starts it (Run) or,
// while it runs, stops it (Abort).
import type { Scenario } from "../../../core/scenario";
import type { RunPhase } from "../../../session/run-snapshot";
import { useRunController, useStartRun } from "../../lib/run-controller";

interface RunPageHeaderProps {
  scenario: Scenario;
  /** The saved or bundled scenario it came from. */
  scenarioKey: string | null;
  phase: RunPhase;
  /** Some targets need a Hugging Face token and none is saved: Run is off. */
  needsToken: boolean;
}

export function RunPageHeader({ scenario, scenarioKey, phase, needsToken }: RunPageHeaderProps) {
  const controller = useRunController();
  const startRun = useStartRun();
  return (
    <header className="page-header">
      <div>
        <h1>{scenario.name}</h1>
        {scenario.description ? <p className="lead">{scenario.description}</p> : null}
      </div>
      <div className="page-actions">
        {phase === "running" ? (
          <button type="button" className="button button-danger" data-testid="abort-button" onClick={() => controller.abort()}>
            Abort
          </button>
        ) : (
          <button type="button" className="button button-primary" data-testid="run-button" disabled={phase === "checking" || needsToken} onClick={() => startRun(scenario, scenarioKey)}>
            {phase === "checking" ? "Starting…" : "Run"}
          </button>
        )}
      </div>
    </header>
  );
}
