// What a scenario will do: its targets and how it runs. Shared by the scenario cards and the run page.
import { targetDisplayName } from "../../core/scenario/target-names";
import type { Scenario } from "../../core/scenario/types";
import { isProviderTarget } from "../../core/scenario/scenario-target";
import { formatCount, formatMs } from "./ui/format";

interface ScenarioDetailsProps {
  scenario: Scenario;
  /** Measured + warm-up requests, when known. */
  plannedRequests?: number | null;
}

export function ScenarioDetails({ scenario, plannedRequests }: ScenarioDetailsProps) {
  const { run } = scenario;
  return (
    <div className="scenario-details">
      <dl className="facts">
        <div>
          <dt>Task</dt>
          <dd>{scenario.task}</dd>
        </div>
        <div>
          <dt>Repetitions</dt>
          <dd className="num">{formatCount(run.repetitions)}</dd>
        </div>
        <div>
          <dt>Warm-up</dt>
          <dd className="num">{formatCount(run.warmup)}</dd>
        </div>
        <div>
          <dt>Concurrency</dt>
          <dd className="num">
            {formatCount(run.concurrency)}
            {run.perTargetConcurrency !== undefined ? ` (${formatCount(run.perTargetConcurrency)} per target)` : ""}
          </dd>
        </div>
        <div>
          <dt>Timeout</dt>
          <dd className="num">{formatMs(run.timeoutMs)}</dd>
        </div>
        <div>
          <dt>Streaming</dt>
          <dd>{run.stream ? "yes" : "no"}</dd>
        </div>
        <div>
          <dt>Attempts</dt>
          <dd className="num">{formatCount(run.retry.maxAttempts)}</dd>
        </div>
        {plannedRequests != null ? (
          <div>
            <dt>Requests</dt>
            <dd className="num">{formatCount(plannedRequests)}</dd>
          </div>
        ) : null}
      </dl>
      <table className="targets-table">
        <caption className="visually-hidden">Targets</caption>
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Provider or endpoint</th>
            <th scope="col">Model</th>
          </tr>
        </thead>
        <tbody>
          {scenario.targets.map((target) => (
            <tr key={target.id}>
              <th scope="row">
                {targetDisplayName(scenario, target.id)}
                {/* The id is what the records and files carry: shown here, where names meet ids. */}
                {targetDisplayName(scenario, target.id) !== target.id ? <span className="hint"> ({target.id})</span> : null}
              </th>
              <td>{isProviderTarget(target) ? target.provider : <code>{target.endpointUrl}</code>}</td>
              <td>
                <code>{target.model}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
