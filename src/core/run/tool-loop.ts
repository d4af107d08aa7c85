// A tool loop as one measured request (docs/metrics.md, "Tool loops"): the first request's answer calls
// tools, each call is answered with the scenario's canned result (toolResults), and the conversation is
// sent again (OpenAI's chat shape: the assistant's message with its tool_calls, then one `tool` message
// per call) until an answer calls nothing or the step limit is reached. Each step is an attempt of its
// own (attempt.ts: its own timing fetch and timeout), sent as soon as the previous answer is read: no
// wait between steps but the few microseconds of building the next messages.
import { type ExpandedInput, DEFAULT_MAX_TOOL_STEPS, type Scenario, toolResultText, type ToolResults } from "../scenario";
import type { ToolLoopEnd } from "../record";
import type { ToolCallMade } from "../tasks";
import { type AttemptContext, measureAttempt, type MeasuredAttempt } from "./attempt";
import type { TargetCall } from "./targets";
import { type ToolLoopTokens, toolLoopTokensOf, UNKNOWN_LOOP_TOKENS } from "./tool-loop-tokens";

/** What the loop adds to its first step's attempt: the record's tool-loop fields (run-records.ts) come from it. */
export interface ToolLoopOutcome {
  steps: number;
  end: ToolLoopEnd;
  /** Monotonic: the first request's t0 to the final answer's last byte; null unless the loop ended in an answer. */
  timeToFinalAnswerMs: number | null;
  /** Each step's calls, as made (redacted); the final answer's [] when it ended in one. */
  stepCalls: ToolCallMade[][];
  /** Every step's usage summed (tool-loop-tokens.ts): what the loop cost; the record's own counts stay the first step's. */
  tokens: ToolLoopTokens;
}

export interface ToolLoopSettings {
  results: ToolResults;
  maxSteps: number;
}

/** The scenario's loop, or null when it gives no tool results (every request is then one step, as ever). */
export function toolLoopOf(scenario: Pick<Scenario, "toolResults" | "maxToolSteps">): ToolLoopSettings | null {
  if (scenario.toolResults === undefined) return null;
  return { results: scenario.toolResults, maxSteps: scenario.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS };
}

/** The measure of a run: plain attempts, or, for a scenario with tool results, whole loops (chosen once per run). */
export function attemptMeasure(loop: ToolLoopSettings | null): typeof measureAttempt {
  return loop === null ? measureAttempt : (call, input, context) => measureToolLoop(call, input, context, loop);
}

export async function measureToolLoop(call: TargetCall, input: ExpandedInput, context: AttemptContext, loop: ToolLoopSettings): Promise<MeasuredAttempt> {
  const first = await measureAttempt(call, input, context);
  if (first.fields.status !== "ok" || first.toolCalls === undefined) return first;
  const stepCalls: ToolCallMade[][] = [first.toolCalls];
  const stepFields = [first.fields];
  let messages = messagesOf(input);
  let last = first;
  while (last.toolCalls !== undefined && last.toolCalls.length > 0 && stepCalls.length < loop.maxSteps) {
    messages = [...messages, ...answeredCalls(last.toolCalls, stepCalls.length, loop.results)];
    const step = await measureAttempt(call, { ...input, value: messages }, context);
    if (step.fields.status !== "ok") return failedLoop(first, step, stepCalls);
    stepCalls.push(step.toolCalls ?? []);
    stepFields.push(step.fields);
    last = step;
  }
  const answered = (last.toolCalls ?? []).length === 0;
  const outcome: ToolLoopOutcome = {
    steps: stepCalls.length,
    end: answered ? "answer" : "step-limit",
    timeToFinalAnswerMs: answered ? roundMs(endOf(last) - first.handedToFetchAt) : null,
    stepCalls,
    tokens: toolLoopTokensOf(stepFields),
  };
  if (last === first) return { ...first, toolLoop: outcome };
  // The record's timings stay the first step's; its text (and what the checks read) is the final answer's.
  const fields = { ...first.fields, output: last.fields.output, truncated: last.fields.truncated };
  return { ...first, fields, fullOutput: last.fullOutput ?? null, toolLoop: outcome };
}

/** A later step failed: the loop is one request, so it failed, with that step's error, from the first step's start. */
function failedLoop(first: MeasuredAttempt, step: MeasuredAttempt, stepCalls: ToolCallMade[][]): MeasuredAttempt {
  const steps = stepCalls.length + 1;
  const message = `tool loop step ${steps}: ${step.fields.errorMessage ?? "failed"}`;
  return {
    fields: { ...step.fields, startedAt: first.fields.startedAt, latencyMs: roundMs(endOf(step) - first.handedToFetchAt), errorMessage: message },
    retryAfterMs: step.retryAfterMs,
    handedToFetchAt: first.handedToFetchAt,
    toolLoop: { steps, end: "error", timeToFinalAnswerMs: null, stepCalls, tokens: UNKNOWN_LOOP_TOKENS },
  };
}

/** Where a step ended on the monotonic clock: its latency runs from its own t0. */
function endOf(step: MeasuredAttempt): number {
  return step.handedToFetchAt + (step.fields.latencyMs ?? 0);
}

/** The conversation so far: the input's messages (a chat input's value is its message list). */
function messagesOf(input: ExpandedInput): unknown[] {
  return Array.isArray(input.value) ? (input.value as unknown[]) : input.messages;
}

/**
 * The assistant's turn that made the calls, and a `tool` message answering each by its id. A call the
 * server gave no id gets one of ours, the same in both messages (`call_<step>_<index>`).
 */
function answeredCalls(calls: readonly ToolCallMade[], step: number, results: ToolResults): unknown[] {
  const ids = calls.map((call, index) => call.id ?? `call_${step}_${index}`);
  const assistant = {
    role: "assistant",
    content: null,
    tool_calls: calls.map((call, index) => ({ id: ids[index], type: "function", function: { name: call.name, arguments: call.arguments } })),
  };
  return [assistant, ...calls.map((call, index) => ({ role: "tool", tool_call_id: ids[index], content: toolResultText(results, call) }))];
}

/** Microseconds are finer than any clock a browser gives (as attempt.ts rounds). */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
