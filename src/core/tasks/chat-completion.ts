// chat-completion: OpenAI-style chat (client.chatCompletion / chatCompletionStream), streamed or not.
import { InferenceClientProviderOutputError, type InferenceClient } from "@huggingface/inference";
import { z } from "zod";
import type { TargetCallResult, TaskCallContext, TaskDefinition } from "./task-definition";
import { collectStream, usageFrom } from "./streaming";
import { offersTools, ToolCallAssembler, toolCallsOfMessage } from "./tool-calls";

export const chatMessageSchema = z.strictObject({
  role: z.enum(["system", "user", "assistant"]),
  content: z.string({ error: "required" }),
});

export type ChatMessage = z.output<typeof chatMessageSchema>;

/** One literal input: a prompt string (one user message), or a full message list. */
const chatInputSchema = z.union([
  z.string(),
  z.strictObject({ messages: z.array(chatMessageSchema).min(1, "needs at least one message") }),
]);

export const chatCompletionTask: TaskDefinition<ChatMessage[]> = {
  id: "chat-completion",
  libraryTask: "conversational",
  input: chatInputSchema,
  acceptsText: true,
  streams: true,
  textOutput: true,
  figures: ["generatedTokens"],
  describeInput: (input) => lastUserText(messagesOf(input)),
  toValue: (input) => messagesOf(input),
  call: (messages, context) => (context.stream ? streamChat(messages, context) : chat(messages, context)),
  // The library's chat route already is OpenAI's `/chat/completions`: a target may say so.
  apiCalls: { openai: (messages, context) => (context.stream ? streamChat(messages, context) : chat(messages, context)) },
};

function messagesOf(input: unknown): ChatMessage[] {
  if (typeof input === "string") return [{ role: "user", content: input }];
  return (input as { messages: ChatMessage[] }).messages;
}

/** The prompt text a table shows: the last user message. */
export function lastUserText(messages: readonly ChatMessage[]): string {
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  return lastUser?.content ?? messages[messages.length - 1]?.content ?? "";
}

type ChatArgs = Parameters<InferenceClient["chatCompletion"]>[0];

function chatArgs(messages: unknown, context: TaskCallContext): ChatArgs {
  return { ...context.parameters, ...context.routing, messages } as ChatArgs;
}

async function chat(messages: unknown, context: TaskCallContext): Promise<TargetCallResult> {
  const response = await context.client.chatCompletion(chatArgs(messages, context), context.options);
  // An answer without a single choice answered nothing: not a success with an empty output.
  if (!Array.isArray(response.choices) || response.choices.length === 0) {
    throw new InferenceClientProviderOutputError("the answer holds no choice (choices is empty)");
  }
  const content = response.choices[0]?.message?.content ?? "";
  const result: TargetCallResult = {
    output: typeof content === "string" ? content : JSON.stringify(content),
    outputKind: "text",
    outputValue: null,
    usage: usageFrom(response.usage),
    chunkCount: 0,
    contentChunkCount: 0,
  };
  if (offersTools(context.parameters)) result.toolCalls = toolCallsOfMessage(response.choices[0]?.message);
  return result;
}

async function streamChat(messages: unknown, context: TaskCallContext): Promise<TargetCallResult> {
  const stream = context.client.chatCompletionStream({ ...chatArgs(messages, context), stream_options: { include_usage: true } }, context.options);
  const tools = offersTools(context.parameters) ? { deltasOf: toolCallDeltasOf, assembler: new ToolCallAssembler() } : undefined;
  return collectStream(stream, (chunk) => chunk.choices?.[0]?.delta?.content, (chunk) => chunk.usage, context.hooks, reasoningOf, tools);
}

/** A chunk's `choices[0].delta.tool_calls`: each a piece of a call, keyed by its `index`. */
function toolCallDeltasOf(chunk: unknown): unknown {
  return (chunk as { choices?: { delta?: { tool_calls?: unknown } | null }[] }).choices?.[0]?.delta?.tool_calls;
}

/** A reasoning model's thinking, streamed apart from the answer: `reasoning_content` (DeepSeek, vLLM) or `reasoning` (OpenRouter, Ollama). */
function reasoningOf(chunk: unknown): string | null {
  const delta = (chunk as { choices?: { delta?: { reasoning_content?: unknown; reasoning?: unknown } }[] }).choices?.[0]?.delta;
  const text = delta?.reasoning_content ?? delta?.reasoning;
  return typeof text === "string" && text !== "" ? text : null;
}

/** Chat and vision chat share the call: the messages differ (image parts), the route and answer do not. */
export const chatCall = { chat, streamChat };
