// Which targets can serve a task, for the target builder: a provider as the core answers it
// (providerTaskSupport: the inference library's own helpers), and an endpoint for any task ProviderBench
// runs (each task has its route on an endpoint). Loaded with the editor, never on the first screen.
import { INFERENCE_PROVIDERS, type InferenceProvider } from "@huggingface/inference";
import { endpointApisOf, findTaskDefinition, providerTaskSupport, ENDPOINT_API_NAMES, DEFAULT_ENDPOINT_API } from "../../../core/tasks";

export const PROVIDER_CHOICES: readonly (InferenceProvider | "auto")[] = ["auto", ...INFERENCE_PROVIDERS];

export type Support = { supported: true } | { supported: false; reason: string };

export function providerSupport(provider: string, task: string): Support {
  const support = providerTaskSupport(provider, task);
  return support.ok ? { supported: true } : { supported: false, reason: support.reason };
}

export function endpointSupport(task: string): Support {
  return findTaskDefinition(task) !== undefined ? { supported: true } : { supported: false, reason: `ProviderBench does not run the task ${task}` };
}

/** The APIs besides the default an endpoint may speak for the task (docs/endpoint-apis.md), for the target's API choice. */
export function endpointApiChoices(task: string): { value: string; label: string }[] {
  const definition = findTaskDefinition(task);
  if (definition === undefined) return [];
  return endpointApisOf(definition)
    .filter((api) => api !== DEFAULT_ENDPOINT_API)
    .map((api) => ({ value: api, label: `${api}: ${ENDPOINT_API_NAMES[api]}` }));
}
