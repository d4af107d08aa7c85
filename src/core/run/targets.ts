// How one target is called for each task, always through @huggingface/inference's InferenceClient.
import { InferenceClient, InferenceClientInputError } from "@huggingface/inference";
import { normalizeHttpUrl, sandboxEndpointUrl, type SandboxUrlOptions, SANDBOX_URL_SCHEME } from "../endpoints";
import { type ExpandedInput, isProviderTarget, type Scenario, type ScenarioTarget } from "../scenario";
import { outputLengthParametersFor } from "./output-length-parameters";
import { targetParameters } from "./target-parameters";
import { taskDefinition, type CallHooks, type TargetCallResult, type TaskDefinition, blobRefOf, type BlobRef, type OutputBlobSink, inputAudioSecondsOf, outputMediaCounter, type TaskCall, DEFAULT_ENDPOINT_API, endpointApiCall } from "../tasks";

export type TargetCall = (input: ExpandedInput, hooks: CallHooks) => Promise<TargetCallResult>;

export interface TargetCallOptions {
  /** Hugging Face token, sent only to Hugging Face provider targets, never to other endpoints. */
  accessToken?: string | undefined;
  /** Base URL of the running sandbox, for `sandbox:/…` endpoint URLs. */
  sandboxUrl?: string | undefined;
  /** A host name per sandbox profile (core/endpoints/sandbox-url.ts): the browser's six connections per host. */
  sandboxHostPerProfile?: boolean | undefined;
  /** Where binary outputs' bytes go (blobs table, --outputs-dir); without one only their reference is recorded. */
  outputBlobSink?: OutputBlobSink | undefined;
}

/**
 * Resolves `sandbox:/fast/v1` against the sandbox's base URL; other URLs pass through. The result is in
 * the one form the library recognises as an endpoint (http-url.ts), or this throws: an address it did
 * not recognise would go to the Hugging Face router as a model id, with the prompt.
 */
export function resolveEndpointUrl(endpointUrl: string, sandboxUrl: string | undefined, sandboxOptions: SandboxUrlOptions = {}): string {
  if (!endpointUrl.startsWith(SANDBOX_URL_SCHEME)) return recognisedHttpUrl(endpointUrl);
  if (!sandboxUrl) {
    throw new InferenceClientInputError(`${endpointUrl} needs the sandbox: start it with "npm run sandbox" (or "npm start")`);
  }
  return recognisedHttpUrl(sandboxEndpointUrl(endpointUrl, recognisedHttpUrl(sandboxUrl), sandboxOptions));
}

function recognisedHttpUrl(url: string): string {
  const checked = normalizeHttpUrl(url);
  if (!checked.ok) throw new InferenceClientInputError(`endpoint ${checked.message}`);
  return checked.url;
}

/** Provider targets need a Hugging Face token; endpoint targets do not. */
export function targetsNeedingToken(scenario: Pick<Scenario, "targets">): ScenarioTarget[] {
  return scenario.targets.filter(isProviderTarget);
}

export function createTargetCall(target: ScenarioTarget, scenario: Scenario, options: TargetCallOptions): TargetCall {
  const definition = taskDefinition(scenario.task);
  // A 503 is a result worth recording: the library's own retry would repeat it forever, at once.
  const clientOptions = { retry_on_error: false } as const;
  const client = isProviderTarget(target)
    ? new InferenceClient(options.accessToken ?? "", clientOptions)
    : new InferenceClient("", { ...clientOptions, endpointUrl: endpointBaseUrl(target.endpointUrl!, definition, options) });
  const routing = isProviderTarget(target) ? { provider: target.provider, model: target.model } : { model: target.model };
  // Validation refuses routing keys in parameters; a scenario that skipped it (stored before, built by
  // hand) still cannot route: they are dropped, and the target's routing is spread last so it wins.
  const parametersFor = outputLengthParametersFor(target, targetParameters(target, scenario));
  const stream = scenario.run.stream && definition.streams;
  const call = taskCallFor(definition, target);
  // Where an API's own route goes (tasks/apis/): the address as given, resolved, without the task's route.
  const endpointUrl = isProviderTarget(target) ? undefined : resolvedEndpointUrl(target.endpointUrl!, options);
  return async (input, hooks) => {
    // Images and audio of this call, for the per-image and per-audio-second figures (media-figures.ts).
    const outputMedia = outputMediaCounter();
    const keepBlob = async (blob: Blob): Promise<BlobRef> => {
      const ref = await blobRefOf(blob);
      await options.outputBlobSink?.(ref, blob);
      await outputMedia.observe(blob);
      return ref;
    };
    const result = await call(input.value, {
      client,
      routing,
      parameters: parametersFor(input),
      stream,
      hooks,
      options: { fetch: hooks.fetch, signal: hooks.signal, retry_on_error: false },
      keepBlob,
      endpointUrl,
    });
    // A text input (most runs) has no audio to read: no await for it, on every request.
    const inputAudioSeconds = typeof input.value === "string" ? null : await inputAudioSecondsOf(input.value);
    return { ...result, media: { inputAudioSeconds, ...outputMedia.figures() } };
  };
}

/**
 * The task's call for the API the target speaks (its `api`, docs/endpoint-apis.md): the library's own
 * method by default, else the task's call for that API. Chosen once per target, not per request.
 */
function taskCallFor(definition: TaskDefinition, target: ScenarioTarget): TaskCall<unknown> {
  const api = target.api ?? DEFAULT_ENDPOINT_API;
  if (api === DEFAULT_ENDPOINT_API) return definition.call.bind(definition);
  const call = endpointApiCall(definition, api);
  // Validation refuses this (scenario.ts); a scenario that skipped it must not fall back to another API silently.
  if (call === undefined) throw new InferenceClientInputError(`api: ${api} does not serve ${definition.id}`);
  return call;
}

function resolvedEndpointUrl(endpointUrl: string, options: Pick<TargetCallOptions, "sandboxUrl" | "sandboxHostPerProfile">): string {
  return resolveEndpointUrl(endpointUrl, options.sandboxUrl, { hostPerProfile: options.sandboxHostPerProfile === true }).replace(/\/+$/, "");
}

/**
 * The library appends `/chat/completions` and `/completions` to a URL ending in `/v1` itself, but posts
 * every other task to the URL as given: a `/v1` base gets the task's route (`/embeddings`,
 * `/text-classification`, …) so one endpoint URL serves every task; any other URL is the task's route
 * as given (TEI, TGI, an hf-inference-style endpoint).
 */
export function endpointBaseUrl(endpointUrl: string, definition: TaskDefinition, options: Pick<TargetCallOptions, "sandboxUrl" | "sandboxHostPerProfile">): string {
  const resolved = resolvedEndpointUrl(endpointUrl, options);
  return definition.endpointRoute !== undefined && resolved.endsWith("/v1") ? `${resolved}${definition.endpointRoute}` : resolved;
}

/** Vectors are not kept whole in `output`: their shape and first values are enough to read (outputValue keeps them). */
export { summarizeVector } from "../tasks";
