// A request's parameters when its input asks for an answer's length (synthetic prompts): the scenario's
// parameters with that length asked as the target's family asks it (workloads/output-length.ts). The
// length fields are the input's: validation refuses them in a scenario with synthetic inputs, so nothing
// the scenario says is overridden. Made once per distinct length, before the request's clock starts.
import type { ExpandedInput, ScenarioTarget } from "../scenario";
import { outputLengthFamilyOf, outputLengthParameters } from "../workloads";

export function outputLengthParametersFor(target: ScenarioTarget, parameters: Record<string, unknown>): (input: ExpandedInput) => Record<string, unknown> {
  const family = target.outputLengthFamily ?? outputLengthFamilyOf(target);
  const byLength = new Map<number, Record<string, unknown>>();
  return (input) => {
    const tokens = input.requestedOutputTokens;
    if (tokens === undefined) return parameters;
    let merged = byLength.get(tokens);
    if (merged === undefined) {
      merged = { ...parameters, ...outputLengthParameters(family, tokens) };
      byLength.set(tokens, merged);
    }
    return merged;
  };
}
