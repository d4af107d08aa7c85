// A scenario's `parameters` are the provider's request parameters (max_tokens, temperature, tools, …),
// never routing: @huggingface/inference takes routing and credentials from the same arguments object, so
// a key like `endpointUrl` or `accessToken` there would send the request (and the Hugging Face token)
// wherever the file says. Such keys are refused at validation and dropped again when the call is built.
import type { ParameterProblem } from "./parameter-problem";
import { checkToolParameters } from "./tool-parameters";

/** Why each reserved key cannot be a parameter: the keys the library reads as routing, auth or transport, and those the runner fills. */
const RESERVED_PARAMETERS = new Map<string, string>([
  ["endpointUrl", "routes the request: set endpointUrl on a target"],
  ["provider", "routes the request: set provider on a target"],
  ["model", "routes the request: set model on a target"],
  ["accessToken", "authenticates the request: the token comes from HF_TOKEN or Settings, never from a scenario"],
  ["billTo", "chooses who pays for the request: not settable from a scenario"],
  ["includeCredentials", "authenticates the request: not settable from a scenario"],
  ["headers", "authenticates or routes the request: not settable from a scenario"],
  ["urlTransform", "routes the request: not settable from a scenario"],
  ["fetch", "controls how the request is sent: not settable from a scenario"],
  ["signal", "controls how the request is sent: not settable from a scenario"],
  ["retry_on_error", "controls how the request is sent: set run.retry instead"],
  ["data", "replaces the request body: not settable from a scenario"],
  ["stream", "is chosen by run.stream"],
  ["stream_options", "is set by ProviderBench to ask for token usage"],
  ["messages", "comes from inputs"],
  ["inputs", "comes from inputs"],
]);

/** Deeper than any real request schema (tools, response_format) nests; thousands deep is an attack or a bug. */
export const MAX_PARAMETERS_DEPTH = 32;
/** Of the parameters as JSON: a large tool list fits, a body no provider would accept does not. */
export const MAX_PARAMETERS_CHARACTERS = 256 * 1024;


export function checkRequestParameters(parameters: Record<string, unknown>): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  for (const key of Object.keys(parameters)) {
    const reason = RESERVED_PARAMETERS.get(key);
    if (reason !== undefined) problems.push({ path: [key], message: `not a request parameter: ${key} ${reason}` });
  }
  const tooDeep = firstPathDeeperThan(parameters, MAX_PARAMETERS_DEPTH);
  if (tooDeep) {
    problems.push({ path: tooDeep, message: `nested more than ${MAX_PARAMETERS_DEPTH} levels deep` });
    // Not measured: the size of something that deep is not worth a second report.
    return problems;
  }
  problems.push(...checkToolParameters(parameters));
  const characters = JSON.stringify(parameters)?.length ?? 0;
  if (characters > MAX_PARAMETERS_CHARACTERS) {
    problems.push({ path: [], message: `${characters} characters of JSON, more than the ${MAX_PARAMETERS_CHARACTERS} allowed` });
  }
  return problems;
}

/** The parameters without any reserved key: a stored or hand-built scenario that skipped validation still cannot route. */
export function requestParametersOf(parameters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(parameters).filter(([key]) => !RESERVED_PARAMETERS.has(key)));
}

/** Walks without recursion, so a value nested a million deep cannot overflow the stack. */
function firstPathDeeperThan(root: unknown, maxDepth: number): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (path.length > maxDepth) return path;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (const [key, child] of entries) {
      if (child !== null && typeof child === "object") stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}
