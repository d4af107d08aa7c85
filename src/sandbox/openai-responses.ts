// Response and chunk shapes, copied from what OpenAI-compatible servers send (see the router tapes).

export interface ResponseContext {
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Only from a profile that caches prompt prefixes: the prompt tokens its cache served. */
  prompt_tokens_details?: { cached_tokens: number };
}

export type FinishReason = "stop" | "length" | "tool_calls";

export interface ChoiceText {
  text: string;
  /** null when the answer was cut before the model finished. */
  finishReason: FinishReason | null;
}

/** The fields every answer and chunk starts with, in the order real servers send them. */
function envelope(context: ResponseContext, object: string) {
  return { id: context.id, object, created: context.created, model: context.model };
}

export function usageOf(promptTokens: number, completionTokens: number, cachedPromptTokens?: number): Usage {
  const usage: Usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  if (cachedPromptTokens !== undefined) usage.prompt_tokens_details = { cached_tokens: cachedPromptTokens };
  return usage;
}

export function chatCompletion(context: ResponseContext, choices: readonly ChoiceText[], usage: Usage) {
  return {
    ...envelope(context, "chat.completion"),
    choices: choices.map((choice, index) => ({
      index,
      message: { role: "assistant", content: choice.text },
      logprobs: null,
      finish_reason: choice.finishReason,
    })),
    usage,
  };
}

export interface ChatDelta {
  role?: "assistant";
  /** null beside a tool call, as OpenAI sends it. */
  content?: string | null;
  tool_calls?: ToolCallDelta[];
  /** A reasoning model's thinking, apart from the answer (vLLM's and DeepSeek's name; reasoning-answers.ts). */
  reasoning_content?: string;
}

/** A piece of a streamed tool call: the first names it (id, type, name, arguments ""), the rest add arguments. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: "function";
  function: { name?: string; arguments: string };
}

/** A whole answer that calls a tool: no content, the call in `message.tool_calls`, finish_reason "tool_calls". */
export function chatToolCallCompletion(context: ResponseContext, call: { id: string; name: string; arguments: string }, usage: Usage) {
  return {
    ...envelope(context, "chat.completion"),
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: null, tool_calls: [{ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } }] },
        logprobs: null,
        finish_reason: "tool_calls",
      },
    ],
    usage,
  };
}

/**
 * With include_usage, OpenAI puts `usage: null` on every chunk before the usage chunk; without it the
 * field is absent, so `usageField` decides.
 */
export function chatChunk(
  context: ResponseContext,
  index: number,
  delta: ChatDelta,
  finishReason: FinishReason | null,
  usageField: boolean,
) {
  return {
    ...envelope(context, "chat.completion.chunk"),
    choices: [{ index, delta, logprobs: null, finish_reason: finishReason }],
    ...(usageField ? { usage: null } : {}),
  };
}

export function chatUsageChunk(context: ResponseContext, usage: Usage) {
  return {
    ...envelope(context, "chat.completion.chunk"),
    choices: [],
    usage,
  };
}

export function textCompletion(context: ResponseContext, choices: readonly ChoiceText[], usage: Usage) {
  return {
    ...envelope(context, "text_completion"),
    choices: choices.map((choice, index) => ({
      index,
      text: choice.text,
      logprobs: null,
      finish_reason: choice.finishReason,
    })),
    usage,
  };
}

export function textChunk(
  context: ResponseContext,
  index: number,
  text: string,
  finishReason: FinishReason | null,
  usageField: boolean,
) {
  return {
    ...envelope(context, "text_completion"),
    choices: [{ index, text, logprobs: null, finish_reason: finishReason }],
    ...(usageField ? { usage: null } : {}),
  };
}

export function textUsageChunk(context: ResponseContext, usage: Usage) {
  return { ...envelope(context, "text_completion"), choices: [], usage };
}

export function embeddingList(model: string, embeddings: readonly (number[] | string)[], usage: Usage) {
  return {
    object: "list",
    data: embeddings.map((embedding, index) => ({ object: "embedding", index, embedding })),
    model,
    usage: { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens },
  };
}

export function modelList(ids: readonly string[], created: number) {
  return { object: "list", data: ids.map((id) => ({ id, object: "model", created, owned_by: "sandbox" })) };
}

export interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function errorBody(message: string, type: string, code: string | null = null, param: string | null = null): ErrorBody {
  return { error: { message, type, param, code } };
}

/** One server-sent event; `[DONE]` is sent as is, everything else as JSON. */
export function sseEvent(payload: unknown): string {
  return `data: ${payload === "[DONE]" ? "[DONE]" : JSON.stringify(payload)}\n\n`;
}

/** A one-choice chat stream's end in one piece: the finish chunk, the usage chunk when asked for, [DONE]. */
export function chatStreamClosing(context: ResponseContext, reason: FinishReason, usage: Usage, includeUsage: boolean): string {
  const closing = [sseEvent(chatChunk(context, 0, {}, reason, includeUsage))];
  if (includeUsage) closing.push(sseEvent(chatUsageChunk(context, usage)));
  closing.push(sseEvent("[DONE]"));
  return closing.join("");
}
