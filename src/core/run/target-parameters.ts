// A target's request parameters: the scenario's, without routing keys (request-parameters.ts), with a
// reasoning effort asked under the name the target's family takes (workloads/reasoning-effort.ts). The
// one definition the runner's calls and the snippets both send; made once per target, not per request.
import { requestParametersOf, type Scenario, type ScenarioTarget } from "../scenario";
import { reasoningEffortFamilyOf, withReasoningEffortAsFamily } from "../workloads";

export function targetParameters(target: ScenarioTarget, scenario: Pick<Scenario, "parameters">): Record<string, unknown> {
  return withReasoningEffortAsFamily(reasoningEffortFamilyOf(target), requestParametersOf(scenario.parameters));
}
