// The request a snippet makes: the URL and body @huggingface/inference builds for the target and the
// scenario's first input (its own request builder, the one the run's calls go through), and the
// environment variable its token is read from. No token is ever read here.
import { getProviderHelper, makeRequestOptionsFromResolvedModel, type InferenceProviderOrPolicy } from "@huggingface/inference";
import { isHuggingFaceUrl, endpointBaseUrl, outputLengthParametersFor, targetParameters, firstStageScenario } from "../run";
import { expandInputs, inputFileParts, isProviderTarget, type Scenario, type ScenarioTarget } from "../scenario";
import { taskDefinition, isInputFileRef } from "../tasks";

export interface SnippetRequest {
  url: string;
  /** The environment variable the snippet reads the token or key from: its name, never its value. */
  tokenVariable: string;
  /** A JSON body (parsed), or a file whose bytes are the body. */
  body: { kind: "json"; value: unknown } | { kind: "file"; path: string };
  stream: boolean;
}

/** The Hugging Face router's OpenAI-compatible base: chat on any provider, the model named `<model>:<provider>`. */
const ROUTER_CHAT_BASE = "https://router.huggingface.co/v1";
/** Stands for the token while the library builds the request; the snippet reads a variable instead. */
const TOKEN_PLACEHOLDER = "hf_token_read_from_the_environment";

export function snippetRequest(scenario: Scenario, target: ScenarioTarget, sandboxUrl: string | undefined): SnippetRequest | { unavailable: string } {
  const definition = taskDefinition(scenario.task);
  const expanded = expandInputs(scenario);
  const first = expanded.ok ? expanded.inputs[0] : undefined;
  const value = first?.value;
  if (first === undefined || value === undefined) return { unavailable: "the scenario has no input" };
  // Reranking is sent without the library (it has no method for the task): its request would be shown wrong,
  // and the input's relevance labels, which are never sent, shown as if they were.
  if (definition.id === "text-ranking") return { unavailable: "text-ranking is sent without the inference library (it has no method for the task): no snippet is written for it yet" };
  // The library builds the default API's request only (which the inference toolkit's is too): another API's request would be shown wrong.
  if (target.api !== undefined && target.api !== "hf" && target.api !== "hf-toolkit" && definition.libraryTask !== "conversational") {
    return { unavailable: `no snippet is written yet for a target speaking api "${target.api}" (docs/endpoint-apis.md)` };
  }
  const wholeFile = isInputFileRef(value);
  if (!wholeFile && inputFileParts(value).length > 0) return { unavailable: "the first input holds files among other fields: no snippet is written for such an input yet" };
  const chat = definition.libraryTask === "conversational";
  const stream = scenario.run.stream && definition.streams;
  // A synthetic prompt's length asked as the run asks it (its text is cut only when a run starts); a
  // parameter sweep's first level, as its first stage sends it.
  const parameters = outputLengthParametersFor(target, targetParameters(target, firstStageScenario(scenario)))(first);
  const inputs = wholeFile
    ? { data: new Blob([]) }
    : chat
      ? { ...parameters, messages: value, ...(stream ? { stream: true } : {}) }
      : definition.id === "feature-extraction"
        ? { ...parameters, inputs: value }
        : { inputs: value, ...(Object.keys(parameters).length > 0 ? { parameters } : {}), ...(stream ? { stream: true } : {}) };
  // A provider's chat goes through the router's OpenAI-compatible route, which maps the model itself;
  // every other call is built as the run builds it (the endpoint's task route, the provider's helper).
  const providerChat = chat && isProviderTarget(target);
  const provider: InferenceProviderOrPolicy = isProviderTarget(target) && !providerChat ? target.provider! : "hf-inference";
  const model = providerChat && target.provider !== "auto" ? `${target.model}:${target.provider}` : target.model;
  let request: { url: string; info: RequestInit };
  try {
    const endpointUrl = providerChat ? ROUTER_CHAT_BASE : target.endpointUrl === undefined ? undefined : endpointBaseUrl(target.endpointUrl, definition, { sandboxUrl });
    const helper = getProviderHelper(provider, definition.libraryTask);
    // The arguments are a task's as the run passes them: the library's union of every task's arguments cannot name which.
    const args = { accessToken: TOKEN_PLACEHOLDER, provider, model, endpointUrl, ...inputs } as Parameters<typeof makeRequestOptionsFromResolvedModel>[2];
    request = makeRequestOptionsFromResolvedModel(model, helper, args, undefined, { task: definition.libraryTask });
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
  const tokenVariable = isHuggingFaceUrl(new URL(request.url)) ? "HF_TOKEN" : (target.apiKeyEnv ?? "API_TOKEN");
  const body = typeof request.info.body === "string" ? { kind: "json" as const, value: JSON.parse(request.info.body) as unknown } : { kind: "file" as const, path: (value as { file: string }).file };
  return { url: request.url, tokenVariable, body, stream };
}
