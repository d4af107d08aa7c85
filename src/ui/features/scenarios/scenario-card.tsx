import type { ReactNode } from "react";
import type { Scenario, ScenarioError } from "../../../core/scenario/types";
import { isProviderTarget } from "../../../core/scenario/scenario-target";
import { ScenarioDetails } from "../../components/scenario-details";
import { Badge } from "../../components/ui/badge";
import { routes } from "../../lib/hash-route";
import { useStartRun } from "../../lib/run-controller";
import { ScenarioErrorList } from "./scenario-error-list";

interface ScenarioCardProps {
  scenarioKey: string;
  scenario: Scenario | null;
  /** For a shipped file that does not validate. */
  errors?: ScenarioError[];
  fallbackName?: string;
  /** Shown beside the token badge: "read-only", "unsaved draft". */
  status?: string;
  /** The card's actions after Run (save, rename, export, share, delete, …). */
  actions?: ReactNode;
  /** False for a scenario the editor cannot open by key (a shared draft: it opens through the editor's drafts). */
  editable?: boolean;
}

export function ScenarioCard({ scenarioKey, scenario, errors = [], fallbackName, status, actions, editable = true }: ScenarioCardProps) {
  const startRun = useStartRun();
  const headingId = `scenario-${scenarioKey.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  if (scenario === null) {
    return (
      <article className="card scenario-card" aria-labelledby={headingId} data-scenario-key={scenarioKey}>
        <h3 id={headingId}>{fallbackName ?? scenarioKey}</h3>
        <ScenarioErrorList errors={errors} />
      </article>
    );
  }
  // The rule of targetsNeedingToken (provider targets need a token), applied here without importing
  // core/run/targets: that module brings the whole inference client into the first screen's bundle.
  const needsToken = scenario.targets.some(isProviderTarget);
  return (
    <article className="card scenario-card" aria-labelledby={headingId} data-scenario-key={scenarioKey}>
      <header className="card-header">
        <h3 id={headingId}>{scenario.name}</h3>
        <span className="badge-group">
          {status ? <Badge tone="neutral">{status}</Badge> : null}
          {needsToken ? <Badge tone="warning">needs a Hugging Face token</Badge> : <Badge tone="success">no token needed</Badge>}
        </span>
      </header>
      {scenario.description ? <p className="card-description">{scenario.description}</p> : null}
      <ScenarioDetails scenario={scenario} />
      <footer className="card-actions">
        <button type="button" className="button button-primary" onClick={() => startRun(scenario, scenarioKey)} data-testid="scenario-run-button">
          Run
        </button>
        {editable ? (
          <a className="button" href={routes.edit(scenarioKey)} aria-label={`Edit ${scenario.name}`}>
            Edit
          </a>
        ) : null}
        {actions}
      </footer>
    </article>
  );
}
