// How one target is called for each task, always through @huggingface/inference's InferenceClient.
import { InferenceClient, InferenceClientInputError, InferenceClientProviderOutputError } from "@huggingface/inference";
import { normalizeHttpUrl } from "./http-url";
import { sandboxEndpointUrl, type SandboxUrlOptions } from "./sandbox-url";
import type { ExpandedInput } from "./inputs";
import { requestParametersOf } from "./request-parameters";
import type { OutputChunkKind } from "./stream-timeline";
import { SANDBOX_URL_SCHEME, isProviderTarget, type Scenario, type ScenarioTarget, type Task } from "./scenario";

export interface TokenUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  /** usage.completion_tokens_details.reasoning_tokens, when the provider reports it (part of completionTokens). */
  reasoningTokens?: number | null;
}

export interface TargetCallResult {
  /** Text output, or a vector summary for feature extraction. */
  output: string;
  /** Vectors have no output tokens to count or estimate. */
  outputKind: "text" | "vector";
  usage: TokenUsage | null;
  /** Stream events received (0 when not streaming). */
  chunkCount: number;
  /** Stream events that carried output content: the token count when the provider reports none. */
  contentChunkCount: number;
  /** Stream events that carried reasoning (a reasoning_content or reasoning delta) instead of answer text. */
  reasoningChunkCount?: number;
  /** A stream chunk carried a finish reason: the answer is complete even if no [DONE] follows. */
  finished?: boolean;
}

export interface CallHooks {
  fetch: typeof fetch;
  signal: AbortSignal;
  /** Called for every stream event that carries output, answer or reasoning, as soon as it is parsed. */
  onContent(kind: OutputChunkKind): void;
}

export type TargetCall = (input: ExpandedInput, hooks: CallHooks) => Promise<TargetCallResult>;

export interface TargetCallOptions {
  /** Hugging Face token, sent only to Hugging Face provider targets, never to other endpoints. */
  accessToken?: string | undefined;
  /** Base URL of the running sandbox, for `sandbox:/…` endpoint URLs. */
  sandboxUrl?: string | undefined;
  /** A host name per sandbox profile (core/sandbox-url.ts): the browser's six connections per host. */
  sandboxHostPerProfile?: boolean | undefined;
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
  // A 503 is a result worth recording: the library's own retry would repeat it forever, at once.
  const clientOptions = { retry_on_error: false } as const;
  const client = isProviderTarget(target)
    ? new InferenceClient(options.accessToken ?? "", clientOptions)
    : new InferenceClient("", { ...clientOptions, endpointUrl: endpointBaseUrl(target.endpointUrl!, scenario.task, options) });
  const routing = isProviderTarget(target) ? { provider: target.provider, model: target.model } : { model: target.model };
  // Validation refuses routing keys in parameters; a scenario that skipped it (stored before, built by
  // hand) still cannot route: they are dropped, and the target's routing is spread last so it wins.
  const parameters = requestParametersOf(scenario.parameters);
  const callers: Record<Task, TargetCall> = {
    "chat-completion": scenario.run.stream
      ? (input, hooks) => streamChat(client, { ...parameters, ...routing, messages: input.messages }, hooks)
      : (input, hooks) => chat(client, { ...parameters, ...routing, messages: input.messages }, hooks),
    "text-generation": scenario.run.stream
      ? (input, hooks) => streamTextGeneration(client, { inputs: input.prompt, parameters, ...routing }, hooks)
      : (input, hooks) => textGeneration(client, { inputs: input.prompt, parameters, ...routing }, hooks),
    "feature-extraction": (input, hooks) => featureExtraction(client, { ...parameters, ...routing, inputs: input.prompt }, hooks),
  };
  return callers[scenario.task];
}

/**
 * The library appends `/chat/completions` and `/completions` to a URL ending in `/v1` itself, but posts
 * feature extraction to the URL as given; a `/v1` base gets `/embeddings` so one endpoint URL serves
 * every task (the HF/TEI `{ inputs }` body, which TEI and the sandbox accept there).
 */
function endpointBaseUrl(endpointUrl: string, task: Task, options: TargetCallOptions): string {
  const resolved = resolveEndpointUrl(endpointUrl, options.sandboxUrl, { hostPerProfile: options.sandboxHostPerProfile === true }).replace(/\/+$/, "");
  return task === "feature-extraction" && resolved.endsWith("/v1") ? `${resolved}/embeddings` : resolved;
}

function requestOptions(hooks: CallHooks) {
  return { fetch: hooks.fetch, signal: hooks.signal, retry_on_error: false };
}

type ChatArgs = Parameters<InferenceClient["chatCompletion"]>[0];

async function chat(client: InferenceClient, args: ChatArgs, hooks: CallHooks): Promise<TargetCallResult> {
  const response = await client.chatCompletion(args, requestOptions(hooks));
  // An answer without a single choice answered nothing: not a success with an empty output.
  if (!Array.isArray(response.choices) || response.choices.length === 0) {
    throw new InferenceClientProviderOutputError("the answer holds no choice (choices is empty)");
  }
  const content = response.choices[0]?.message?.content ?? "";
  return {
    output: typeof content === "string" ? content : JSON.stringify(content),
    outputKind: "text",
    usage: usageFrom(response.usage),
    chunkCount: 0,
    contentChunkCount: 0,
  };
}

async function streamChat(client: InferenceClient, args: ChatArgs, hooks: CallHooks): Promise<TargetCallResult> {
  const stream = client.chatCompletionStream(
    { ...args, stream_options: { include_usage: true } },
    requestOptions(hooks),
  );
  return collectStream(stream, (chunk) => chunk.choices?.[0]?.delta?.content, (chunk) => chunk.usage, hooks, reasoningOf);
}

/** A reasoning model's thinking, streamed apart from the answer: `reasoning_content` (DeepSeek, vLLM) or `reasoning` (OpenRouter, Ollama). */
function reasoningOf(chunk: unknown): string | null {
  const delta = (chunk as { choices?: { delta?: { reasoning_content?: unknown; reasoning?: unknown } }[] }).choices?.[0]?.delta;
  const text = delta?.reasoning_content ?? delta?.reasoning;
  return typeof text === "string" && text !== "" ? text : null;
}

type TextGenerationArgs = Parameters<InferenceClient["textGeneration"]>[0];

async function textGeneration(client: InferenceClient, args: TextGenerationArgs, hooks: CallHooks): Promise<TargetCallResult> {
  const response = await client.textGeneration(args, requestOptions(hooks));
  // The library keeps only `generated_text`; the provider's usage is not passed on, so tokens are counted.
  return { output: response.generated_text, outputKind: "text", usage: null, chunkCount: 0, contentChunkCount: 0 };
}

/** OpenAI completion chunks carry `choices[0].text`; TGI's native stream carries `token.text`. */
interface TextGenerationStreamChunk {
  choices?: { text?: string }[];
  token?: { text?: string; special?: boolean };
  usage?: RawUsage | null;
}

async function streamTextGeneration(client: InferenceClient, args: TextGenerationArgs, hooks: CallHooks): Promise<TargetCallResult> {
  const stream = client.textGenerationStream(
    { ...args, stream_options: { include_usage: true } } as TextGenerationArgs,
    requestOptions(hooks),
  ) as AsyncGenerator<TextGenerationStreamChunk>;
  return collectStream(
    stream,
    (chunk) => chunk.choices?.[0]?.text ?? (chunk.token?.special ? undefined : chunk.token?.text),
    (chunk) => chunk.usage,
    hooks,
  );
}

type FeatureExtractionArgs = Parameters<InferenceClient["featureExtraction"]>[0];

async function featureExtraction(client: InferenceClient, args: FeatureExtractionArgs, hooks: CallHooks): Promise<TargetCallResult> {
  const vector = await client.featureExtraction(args, requestOptions(hooks));
  return { output: summarizeVector(vector), outputKind: "vector", usage: null, chunkCount: 0, contentChunkCount: 0 };
}

async function collectStream<Chunk>(
  stream: AsyncIterable<Chunk>,
  contentOf: (chunk: Chunk) => string | null | undefined,
  usageOf: (chunk: Chunk) => RawUsage | null | undefined,
  hooks: CallHooks,
  reasoningOfChunk: (chunk: Chunk) => string | null = () => null,
): Promise<TargetCallResult> {
  const parts: string[] = [];
  let chunkCount = 0;
  let contentChunkCount = 0;
  let reasoningChunkCount = 0;
  let usage: TokenUsage | null = null;
  let finished = false;
  for await (const chunk of stream) {
    chunkCount++;
    finished ||= hasFinishReason(chunk);
    const content = contentOf(chunk);
    if (content) {
      contentChunkCount++;
      hooks.onContent("answer");
      parts.push(content);
    } else if (reasoningOfChunk(chunk) !== null) {
      // Counted and timed apart; the output keeps the answer only.
      reasoningChunkCount++;
      hooks.onContent("reasoning");
    }
    const chunkUsage = usageOf(chunk);
    if (chunkUsage) usage = usageFrom(chunkUsage);
  }
  return { output: parts.join(""), outputKind: "text", usage, chunkCount, contentChunkCount, reasoningChunkCount, finished };
}

/** OpenAI chunks end a choice with `choices[i].finish_reason`; TGI's native stream with `details.finish_reason`. */
function hasFinishReason(chunk: unknown): boolean {
  const { choices, details } = chunk as { choices?: unknown; details?: { finish_reason?: unknown } | null };
  if (typeof details?.finish_reason === "string") return true;
  return Array.isArray(choices) && choices.some((choice) => typeof (choice as { finish_reason?: unknown } | null)?.finish_reason === "string");
}

interface RawUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}

function usageFrom(usage: RawUsage | null | undefined): TokenUsage | null {
  if (!usage) return null;
  return {
    promptTokens: typeof usage.prompt_tokens === "number" ? usage.prompt_tokens : null,
    completionTokens: typeof usage.completion_tokens === "number" ? usage.completion_tokens : null,
    reasoningTokens: typeof usage.completion_tokens_details?.reasoning_tokens === "number" ? usage.completion_tokens_details.reasoning_tokens : null,
  };
}

const VECTOR_PREVIEW_LENGTH = 8;

/** Vectors are not kept whole: their shape and first values are enough to compare providers. */
export function summarizeVector(vector: unknown): string {
  const shape: number[] = [];
  let level: unknown = vector;
  while (Array.isArray(level)) {
    shape.push(level.length);
    level = level[0];
  }
  let first: unknown = vector;
  while (Array.isArray(first) && Array.isArray(first[0])) first = first[0];
  const values = Array.isArray(first) ? (first as unknown[]).slice(0, VECTOR_PREVIEW_LENGTH) : [first];
  const preview = values.map((value) => (typeof value === "number" ? Number(value.toPrecision(4)) : String(value))).join(", ");
  const more = Array.isArray(first) && first.length > VECTOR_PREVIEW_LENGTH ? ", …" : "";
  return `shape=${shape.join("x") || "scalar"} [${preview}${more}]`;
}
