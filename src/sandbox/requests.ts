// Validation of request bodies: unknown JSON in, a typed request or an OpenAI-style 400 problem out.

import { countWords } from "./text";
import { askedEffort, type AskedReasoning } from "./reasoning-answers";

export interface GenerationRequest {
  endpoint: "chat" | "completions";
  /** Echoed back in `model`; undefined when the client sent none. */
  model: string | undefined;
  stream: boolean;
  includeUsage: boolean;
  /** max_tokens, max_completion_tokens or (TGI style) max_new_tokens, whichever came first. */
  maxTokens: number | undefined;
  /** vLLM's `min_tokens`: no end before this many tokens (honoured by the profiles that say so). */
  minTokens?: number | undefined;
  /** vLLM's `ignore_eos`: generate on to max_tokens (honoured by the profiles that say so). */
  ignoreEos?: boolean;
  /** Chat: `n`; completions: one choice per prompt. */
  choiceCount: number;
  promptTokens: number;
  /** Chat asked for JSON: `response_format` of type `json_object` or `json_schema`. */
  jsonMode?: boolean;
  /** Chat offered tools (`tools`), with `tool_choice` and the prompt the tool answers read (tool-answers.ts). */
  tools?: OfferedTools;
  /** Chat asked for JSON against a schema (`response_format` json_schema), as the structured answers read it (structured-answers.ts). */
  responseSchema?: AskedSchema;
  /** The prompt's words in order (chat: every message's text; completions: the prompts), as a prefix cache reads them (prefix-cache.ts). */
  promptText?: string;
  /** Chat: the reasoning effort asked and the prompt, as the reasoning profiles read them (reasoning-answers.ts). */
  reasoning?: AskedReasoning;
}

/** A json_schema response format's schema, and the last user message's text its string values take a word of. */
export interface AskedSchema {
  schema: Record<string, unknown>;
  prompt: string;
}

/** The function tools a chat request offered, as far as the sandbox's answers need them. */
export interface OfferedTools {
  functions: { name: string; parameters: unknown }[];
  /** `tool_choice`'s function name, or "none" / "required" / "auto". */
  choice: string;
  /** The last user message's text: which tool it names, and the words an argument takes. */
  prompt: string;
  /** `tool` messages the conversation carries: results of earlier calls, answered in text by the tool profiles (a tool loop's later steps). */
  toolResults: number;
}

export interface EmbeddingRequest {
  endpoint: "embeddings";
  /** `openai` for `{ input }` (answered with an embedding list), `tei` for `{ inputs }` (bare arrays). */
  form: "openai" | "tei";
  model: string | undefined;
  inputs: string[];
  /** A single string was sent, so TEI answers a bare vector rather than a list of them. */
  singleInput: boolean;
  encoding: "float" | "base64";
  promptTokens: number;
}

export type InferenceRequest = GenerationRequest | EmbeddingRequest;

export interface RequestProblem {
  message: string;
  param: string | null;
  code: string;
}

export type Parsed<T> = { ok: true; request: T } | { ok: false; problem: RequestProblem };

type JsonObject = Record<string, unknown>;

const MAX_CHOICES = 16;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function missing(param: string): { ok: false; problem: RequestProblem } {
  return {
    ok: false,
    problem: { message: `Missing required parameter: '${param}'.`, param, code: "missing_required_parameter" },
  };
}

function invalid(param: string, expected: string): { ok: false; problem: RequestProblem } {
  return {
    ok: false,
    problem: { message: `Invalid value for '${param}': expected ${expected}.`, param, code: "invalid_value" },
  };
}

function notAnObject(): { ok: false; problem: RequestProblem } {
  return {
    ok: false,
    problem: { message: "The request body must be a JSON object.", param: null, code: "invalid_body" },
  };
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1;
}

type Field<T> = { ok: true; value: T } | { ok: false; problem: RequestProblem };

function optionalBoolean(body: JsonObject, param: string): Field<boolean> {
  const value = body[param];
  if (value === undefined || value === null) return { ok: true, value: false };
  if (typeof value !== "boolean") return invalid(param, "a boolean");
  return { ok: true, value };
}

function optionalModel(body: JsonObject): Field<string | undefined> {
  const value = body.model;
  if (value === undefined || value === null) return { ok: true, value: undefined };
  if (typeof value !== "string") return invalid("model", "a string");
  return { ok: true, value };
}

function readMaxTokens(body: JsonObject): Field<number | undefined> {
  const parameters = isObject(body.parameters) ? body.parameters : {};
  const candidates: [string, unknown][] = [
    ["max_tokens", body.max_tokens],
    ["max_completion_tokens", body.max_completion_tokens],
    ["max_new_tokens", body.max_new_tokens],
    ["parameters.max_new_tokens", parameters.max_new_tokens],
  ];
  for (const [param, value] of candidates) {
    if (value === undefined || value === null) continue;
    if (!isPositiveInteger(value)) return invalid(param, "an integer of at least 1");
    return { ok: true, value };
  }
  return { ok: true, value: undefined };
}

function readIncludeUsage(body: JsonObject): Field<boolean> {
  const options = body.stream_options;
  if (options === undefined || options === null) return { ok: true, value: false };
  if (!isObject(options)) return invalid("stream_options", "an object");
  const value = options.include_usage;
  if (value === undefined || value === null) return { ok: true, value: false };
  if (typeof value !== "boolean") return invalid("stream_options.include_usage", "a boolean");
  return { ok: true, value };
}

interface CommonGenerationFields {
  model: string | undefined;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number | undefined;
  minTokens: number | undefined;
  ignoreEos: boolean;
}

function readMinTokens(body: JsonObject): Field<number | undefined> {
  const value = body.min_tokens;
  if (value === undefined || value === null) return { ok: true, value: undefined };
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) return invalid("min_tokens", "an integer of at least 0");
  return { ok: true, value };
}

function readCommonGenerationFields(body: JsonObject): Field<CommonGenerationFields> {
  const model = optionalModel(body);
  if (!model.ok) return model;
  const stream = optionalBoolean(body, "stream");
  if (!stream.ok) return stream;
  const includeUsage = readIncludeUsage(body);
  if (!includeUsage.ok) return includeUsage;
  const maxTokens = readMaxTokens(body);
  if (!maxTokens.ok) return maxTokens;
  const minTokens = readMinTokens(body);
  if (!minTokens.ok) return minTokens;
  const ignoreEos = optionalBoolean(body, "ignore_eos");
  if (!ignoreEos.ok) return ignoreEos;
  return {
    ok: true,
    value: { model: model.value, stream: stream.value, includeUsage: includeUsage.value, maxTokens: maxTokens.value, minTokens: minTokens.value, ignoreEos: ignoreEos.value },
  };
}

/** A message's content as text: a string, or its `text` parts joined (the words contentWords counts). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.flatMap((part) => (isObject(part) && typeof part.text === "string" ? [part.text] : [])).join(" ");
}

/** Words in a message's content: a string, or an array of parts whose `text` parts count. */
function contentWords(content: unknown): number {
  if (typeof content === "string") return countWords(content);
  if (!Array.isArray(content)) return 0;
  let words = 0;
  for (const part of content) {
    if (isObject(part) && typeof part.text === "string") words += countWords(part.text);
  }
  return words;
}

export function parseChatRequest(body: unknown): Parsed<GenerationRequest> {
  if (!isObject(body)) return notAnObject();
  if (body.messages === undefined || body.messages === null) return missing("messages");
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return invalid("messages", "a non-empty array of messages");
  }
  let promptTokens = 0;
  for (const [index, message] of body.messages.entries()) {
    if (!isObject(message)) return invalid(`messages[${index}]`, "an object with role and content");
    if (typeof message.role !== "string") return missing(`messages[${index}].role`);
    promptTokens += contentWords(message.content);
  }
  const common = readCommonGenerationFields(body);
  if (!common.ok) return common;
  const n = body.n ?? 1;
  if (!isPositiveInteger(n) || n > MAX_CHOICES) return invalid("n", `an integer from 1 to ${MAX_CHOICES}`);
  const jsonMode = isObject(body.response_format) && (body.response_format.type === "json_object" || body.response_format.type === "json_schema");
  const tools = offeredTools(body);
  const responseSchema = askedSchema(body);
  const promptText = (body.messages as JsonObject[]).map((message) => contentText(message.content)).join("\n");
  const reasoning: AskedReasoning = { effort: askedEffort(body), prompt: lastUserText(body.messages) };
  return { ok: true, request: { endpoint: "chat", ...common.value, choiceCount: n, promptTokens, jsonMode, ...(tools ? { tools } : {}), ...(responseSchema ? { responseSchema } : {}), reasoning, promptText } };
}

/** `response_format: { type: "json_schema", json_schema: { schema } }`; anything else asks for no schema. */
function askedSchema(body: JsonObject): AskedSchema | null {
  const format = body.response_format;
  if (!isObject(format) || format.type !== "json_schema" || !isObject(format.json_schema) || !isObject(format.json_schema.schema)) return null;
  return { schema: format.json_schema.schema, prompt: lastUserText(body.messages as unknown[]) };
}

function lastUserText(messages: readonly unknown[]): string {
  const lastUser = [...messages].reverse().find((message) => isObject(message) && message.role === "user") as JsonObject | undefined;
  return typeof lastUser?.content === "string" ? lastUser.content : "";
}

/** Lenient like a model: entries that are not function tools are passed over, not refused. */
function offeredTools(body: JsonObject): OfferedTools | null {
  if (!Array.isArray(body.tools)) return null;
  const functions = body.tools.flatMap((tool) =>
    isObject(tool) && isObject(tool.function) && typeof tool.function.name === "string" ? [{ name: tool.function.name, parameters: tool.function.parameters }] : [],
  );
  if (functions.length === 0) return null;
  const choice = body.tool_choice;
  const chosen = typeof choice === "string" ? choice : isObject(choice) && isObject(choice.function) && typeof choice.function.name === "string" ? choice.function.name : "auto";
  const toolResults = (body.messages as unknown[]).filter((message) => isObject(message) && message.role === "tool").length;
  return { functions, choice: chosen, prompt: lastUserText(body.messages as unknown[]), toolResults };
}

function readStringOrStrings(value: unknown, param: string): Field<{ texts: string[]; single: boolean }> {
  if (typeof value === "string") return { ok: true, value: { texts: [value], single: true } };
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")) {
    return { ok: true, value: { texts: value as string[], single: false } };
  }
  return invalid(param, "a string or a non-empty array of strings");
}

export function parseCompletionRequest(body: unknown): Parsed<GenerationRequest> {
  if (!isObject(body)) return notAnObject();
  if (body.prompt === undefined || body.prompt === null) return missing("prompt");
  const prompts = readStringOrStrings(body.prompt, "prompt");
  if (!prompts.ok) return prompts;
  if (prompts.value.texts.length > MAX_CHOICES) return invalid("prompt", `at most ${MAX_CHOICES} prompts`);
  const common = readCommonGenerationFields(body);
  if (!common.ok) return common;
  const promptTokens = prompts.value.texts.reduce((sum, text) => sum + countWords(text), 0);
  return {
    ok: true,
    request: { endpoint: "completions", ...common.value, choiceCount: prompts.value.texts.length, promptTokens, promptText: prompts.value.texts.join("\n") },
  };
}

export function parseEmbeddingRequest(body: unknown): Parsed<EmbeddingRequest> {
  if (!isObject(body)) return notAnObject();
  const form = body.input !== undefined && body.input !== null ? "openai" : "tei";
  const param = form === "openai" ? "input" : "inputs";
  if (body[param] === undefined || body[param] === null) return missing("input");
  const inputs = readStringOrStrings(body[param], param);
  if (!inputs.ok) return inputs;
  const model = optionalModel(body);
  if (!model.ok) return model;
  const encoding = body.encoding_format ?? "float";
  if (encoding !== "float" && encoding !== "base64") return invalid("encoding_format", `"float" or "base64"`);
  return {
    ok: true,
    request: {
      endpoint: "embeddings",
      form,
      model: model.value,
      inputs: inputs.value.texts,
      singleInput: inputs.value.single,
      encoding,
      promptTokens: inputs.value.texts.reduce((sum, text) => sum + countWords(text), 0),
    },
  };
}

/**
 * Text Embeddings Inference's own `POST /embed`: `{ inputs }` (a text or a list), answered with one vector
 * per input, `[[…]]`, even for one text (TEI's openapi.json, EmbedResponse).
 */
export function parseTeiEmbedRequest(body: unknown): Parsed<EmbeddingRequest> {
  if (isObject(body) && (body.inputs === undefined || body.inputs === null)) return missing("inputs");
  const parsed = parseEmbeddingRequest(body);
  return parsed.ok ? { ok: true, request: { ...parsed.request, form: "tei", singleInput: false } } : parsed;
}
