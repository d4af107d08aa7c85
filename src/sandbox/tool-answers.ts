// Answers to chat requests that offer tools, for the profiles that call them (profiles.ts, `toolCalling`):
// whether this answer calls a tool, which one, with which arguments, and the call put on the wire in
// OpenAI's shapes: streamed as a first delta naming the call, then its JSON arguments in several pieces
// of the same `index`, then finish_reason "tool_calls" (the shape of tests/fixtures/tool-call-streams.json).
import { chatChunk, chatStreamClosing, chatToolCallCompletion, sseEvent, usageOf, type ResponseContext } from "./openai-responses";
import { jsonAnswer, SSE_HEADERS } from "./answers";
import type { ResponsePlan } from "./plan";
import type { ScheduledAnswer } from "./playback";
import type { ToolCalling } from "./profiles";
import { mulberry32, type Random } from "./random";
import type { GenerationRequest, OfferedTools } from "./requests";

export type ToolDecision = { kind: "text" } | { kind: "call"; id: string; name: string; arguments: string };

/** Apart from the plan's own draws, so a request's text, timing and errors are what they always were. */
const TOOL_STREAM_SALT = 0x7001ca11;
/** A loop's later steps draw apart again, per step: the same request seed, another call-again roll each step. */
const CALL_AGAIN_SALT = 0x100b5a17;

/**
 * Which answer a request offering tools gets. The right tool is the one `tool_choice` forces, else the
 * first whose name's words the prompt holds, else the first offered. Always three draws, in one order.
 */
export function decideToolCall(calling: ToolCalling, tools: OfferedTools, requestSeed: number): ToolDecision {
  if (tools.toolResults > 0 && !callsAgain(calling, tools.toolResults, requestSeed)) return { kind: "text" };
  const random = mulberry32((requestSeed ^ TOOL_STREAM_SALT) >>> 0);
  const [callRoll, wrongRoll, malformedRoll] = [random(), random(), random()];
  const forced = tools.functions.find((tool) => tool.name === tools.choice);
  const mustCall = forced !== undefined || tools.choice === "required";
  if (calling.callRate === 0 || tools.choice === "none" || (!mustCall && callRoll >= calling.callRate)) return { kind: "text" };
  const rightIndex = forced !== undefined ? tools.functions.indexOf(forced) : Math.max(0, tools.functions.findIndex((tool) => promptNames(tools.prompt, tool.name)));
  const wrong = tools.functions.length > 1 && wrongRoll < calling.wrongToolRate;
  const tool = tools.functions[wrong ? (rightIndex + 1) % tools.functions.length : rightIndex]!;
  const text = JSON.stringify(valueFor(tool.parameters, tools.prompt, random, 0));
  const malformed = malformedRoll < calling.malformedRate;
  return { kind: "call", id: `call_sbx${requestSeed.toString(16).padStart(8, "0")}`, name: tool.name, arguments: malformed ? text.slice(0, Math.ceil(text.length * 0.6)) : text };
}

/** With a tool's result in hand a model answers in text, save the share of times a profile calls again (callAgainRate). */
function callsAgain(calling: ToolCalling, toolResults: number, requestSeed: number): boolean {
  const rate = calling.callAgainRate ?? 0;
  return rate > 0 && mulberry32((requestSeed ^ CALL_AGAIN_SALT ^ Math.imul(toolResults, 0x9e3779b1)) >>> 0)() < rate;
}

/** `get_weather` is named by a prompt that says "weather": a word of the name of four letters or more. */
function promptNames(prompt: string, toolName: string): boolean {
  const words = toolName.split(/[_-]|(?=[A-Z])/).filter((word) => word.length >= 4);
  const lower = prompt.toLowerCase();
  return words.some((word) => lower.includes(word.toLowerCase()));
}

/** The prompt's last capitalised word that does not open it ("Paris" in "What is the weather in Paris?"). */
function namedWord(prompt: string): string {
  const words = [...prompt.matchAll(/\b[A-Z][a-z]+\b/g)].filter((match) => match.index > 0);
  return words.at(-1)?.[0] ?? "sandbox";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value valid against simple schemas (types, enums, required properties, items), as a model would fill it (structured-answers.ts too). */
export function valueFor(schema: unknown, prompt: string, random: Random, depth: number): unknown {
  if (!isObject(schema) || depth > 8) return namedWord(prompt);
  const { enum: values, type: declared } = schema as { enum?: unknown; type?: unknown };
  if (Array.isArray(values) && values.length > 0) return values[0] as unknown;
  if ("const" in schema) return schema.const;
  const type: unknown = Array.isArray(declared) ? (declared as unknown[])[0] : declared;
  switch (type) {
    case "integer":
      return 1 + Math.floor(random() * 9);
    case "number":
      return Math.round(random() * 1000) / 10;
    case "boolean":
      return true;
    case "array":
      return [valueFor(schema.items, prompt, random, depth + 1)];
    case "string":
      return namedWord(prompt);
  }
  if (type !== "object" && !isObject(schema.properties)) return namedWord(prompt);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === "string") : Object.keys(properties);
  return Object.fromEntries(required.map((key) => [key, valueFor(properties[key], prompt, random, depth + 1)]));
}

/** Arguments in pieces of about four characters, at most one per token the plan schedules after the first. */
function argumentPieces(text: string, slots: number): string[] {
  const count = Math.max(1, Math.min(Math.ceil(text.length / 4), slots));
  const size = Math.ceil(text.length / count);
  return Array.from({ length: count }, (_, index) => text.slice(index * size, (index + 1) * size)).filter((piece, index) => piece !== "" || index === 0);
}

/** The call on the wire, on the plan's clock: its name at TTFT, each piece of arguments at the next token's time. */
export function toolCallAnswer(plan: ResponsePlan, request: GenerationRequest, context: ResponseContext, call: Extract<ToolDecision, { kind: "call" }>): ScheduledAnswer {
  const pieces = argumentPieces(call.arguments, plan.tokenOffsetsMs.length - 1);
  const endMs = plan.tokenOffsetsMs[pieces.length + 1] ?? plan.endMs;
  const usage = usageOf(request.promptTokens, pieces.length + 1);
  if (!request.stream) return jsonAnswer(200, chatToolCallCompletion(context, call, usage), endMs);
  const usageField = request.includeUsage;
  const at = (index: number): number => plan.tokenOffsetsMs[index] ?? plan.ttftMs;
  return {
    status: 200,
    headers: SSE_HEADERS,
    headersAtMs: 0,
    pieces: [
      { atMs: 0, data: sseEvent(chatChunk(context, 0, { role: "assistant", content: null }, null, usageField)) },
      { atMs: at(0), data: sseEvent(chatChunk(context, 0, { tool_calls: [{ index: 0, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }, null, usageField)) },
      ...pieces.map((piece, index) => ({ atMs: at(index + 1), data: sseEvent(chatChunk(context, 0, { tool_calls: [{ index: 0, function: { arguments: piece } }] }, null, usageField)) })),
      { atMs: endMs, data: chatStreamClosing(context, "tool_calls", usage, usageField) },
    ],
    endAtMs: endMs,
    ending: "end",
  };
}
