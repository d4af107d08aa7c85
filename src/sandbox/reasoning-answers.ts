// Answers of the reasoning profiles (profiles.ts, `reasoning`): a model that thinks aloud before it
// answers. Its thinking streams as `reasoning_content` deltas, more of them the more effort the request
// asks (`reasoning_effort`, or `reasoning: { effort }`), on the plan's own token clock; then the answer,
// right more often at higher effort; usage reports the reasoning tokens. The answer to a sum or product
// in the prompt ("What is 17 + 25?") is the right number or one a little off, so a scenario's `contains`
// expectation shows a pass rate that rises with effort. The thinking's length is drawn from the request's
// seed with a salt of its own; whether the answer is right from the request's place in its target's
// sequence and its prompt alone, not its stage, so a request right at one effort is right at every higher
// one (common random numbers: a sweep's curve shows the effort, not the draws). The same run gets the
// same answers.
import { jsonAnswer, SSE_HEADERS } from "./answers";
import { chatChunk, chatCompletion, chatStreamClosing, sseEvent, usageOf, type ResponseContext } from "./openai-responses";
import type { ResponsePlan } from "./plan";
import type { ScheduledAnswer } from "./playback";
import { hashString, mulberry32 } from "./random";
import type { GenerationRequest, InferenceRequest } from "./requests";
import { withStructuredAnswer } from "./structured-answers";
import type { Profile, ReasoningBehaviour } from "./profiles";
import { REASONING_EFFORTS, type ReasoningEffort } from "../core/workloads";

/** What a chat request asked of reasoning: its effort as either family sends it, and the prompt its answer reads. */
export interface AskedReasoning {
  effort: string | undefined;
  prompt: string;
}

/** Apart from the plan's own draws, so the rest of a request's answer is what it always was. */
const REASONING_SALT = 0x2ea50e11;

const THOUGHTS = [" let", " me", " think", " step", " by", " step", ":", " first", " the", " numbers", " then", " check", " again", "."];

/** `reasoning_effort: "high"` (OpenAI-compatible) or `reasoning: { effort: "high" }` (the object form). */
export function askedEffort(body: Record<string, unknown>): string | undefined {
  if (typeof body.reasoning_effort === "string") return body.reasoning_effort;
  const reasoning = body.reasoning;
  if (typeof reasoning === "object" && reasoning !== null && typeof (reasoning as { effort?: unknown }).effort === "string") return (reasoning as { effort: string }).effort;
  return undefined;
}

export interface ReasoningPlan {
  reasoningTokens: number;
  answer: string;
}

/** How long it thinks (from `requestSeed`), and what it answers (from `requestNumber` and the prompt). */
export function planReasoning(behaviour: ReasoningBehaviour, asked: AskedReasoning, requestSeed: number, requestNumber: number): ReasoningPlan {
  const random = mulberry32((requestSeed ^ REASONING_SALT) >>> 0);
  const effort = (REASONING_EFFORTS as readonly string[]).includes(asked.effort ?? "") ? (asked.effort as ReasoningEffort) : behaviour.defaultEffort;
  const reasoningTokens = Math.round(behaviour.tokensByEffort[effort] * (0.75 + 0.5 * random()));
  const answerRandom = mulberry32(hashString(asked.prompt, (requestNumber ^ REASONING_SALT) >>> 0));
  const right = answerRandom() < behaviour.accuracyByEffort[effort];
  const miss = 1 + Math.floor(answerRandom() * 9);
  const result = arithmeticOf(asked.prompt);
  const answer = result === null ? "I cannot tell." : `The answer is ${right ? result : result + miss}.`;
  return { reasoningTokens, answer };
}

/** The first `a + b`, `a - b` or `a × b` (`*`, `x`) in the prompt, worked out; null when it has none. */
function arithmeticOf(prompt: string): number | null {
  const match = /(-?\d{1,9})\s*([+\-*x×])\s*(-?\d{1,9})/.exec(prompt);
  if (match === null) return null;
  const [a, b] = [Number(match[1]), Number(match[3])];
  return match[2] === "+" ? a + b : match[2] === "-" ? a - b : a * b;
}

/**
 * The answer on the wire: the role chunk, the reasoning deltas one per token from the plan's TTFT at its
 * mean gap, then the plan's answer tokens (spelling the answer) shifted by the time spent thinking.
 */
export function reasoningAnswer(plan: ResponsePlan, request: GenerationRequest, context: ResponseContext, reasoning: ReasoningPlan): ScheduledAnswer {
  const spelled = withStructuredAnswer(plan, reasoning.answer);
  const tokens = spelled.choiceTokens[0] ?? [];
  const gapMs = tokens.length > 0 ? (plan.endMs - plan.ttftMs) / tokens.length : 0;
  const thinkingMs = reasoning.reasoningTokens * gapMs;
  const endMs = plan.endMs + thinkingMs;
  const usage = { ...usageOf(request.promptTokens, tokens.length + reasoning.reasoningTokens), completion_tokens_details: { reasoning_tokens: reasoning.reasoningTokens } };
  const thoughts = Array.from({ length: reasoning.reasoningTokens }, (_, index) => THOUGHTS[index % THOUGHTS.length]!);
  if (!request.stream) {
    const body = chatCompletion(context, [{ text: tokens.join(""), finishReason: "stop" }], usage);
    const choices = body.choices.map((choice) => ({ ...choice, message: { ...choice.message, reasoning_content: thoughts.join("") } }));
    return jsonAnswer(200, { ...body, choices }, endMs);
  }
  const usageField = request.includeUsage;
  return {
    status: 200,
    headers: SSE_HEADERS,
    headersAtMs: 0,
    pieces: [
      { atMs: 0, data: sseEvent(chatChunk(context, 0, { role: "assistant", content: "" }, null, usageField)) },
      ...thoughts.map((thought, index) => ({ atMs: plan.ttftMs + index * gapMs, data: sseEvent(chatChunk(context, 0, { reasoning_content: thought }, null, usageField)) })),
      ...tokens.map((token, index) => ({ atMs: (plan.tokenOffsetsMs[index] ?? plan.ttftMs) + thinkingMs, data: sseEvent(chatChunk(context, 0, { content: token }, null, usageField)) })),
      { atMs: endMs, data: chatStreamClosing(context, "stop", usage, usageField) },
    ],
    endAtMs: endMs,
    ending: "end",
  };
}

/**
 * A reasoning profile's answer to a chat request, as the request (or a fault's variant of it) asks;
 * null for every other profile and request, which answer at once, as before.
 */
export function thinkingAnswer(profile: Profile, request: InferenceRequest, plan: ResponsePlan, requestNumber: number, context: ResponseContext): ((asRequested: GenerationRequest) => ScheduledAnswer) | null {
  if (request.endpoint !== "chat" || request.reasoning === undefined || profile.reasoning === undefined) return null;
  const reasoning = planReasoning(profile.reasoning, request.reasoning, plan.requestSeed, requestNumber);
  return (asRequested) => reasoningAnswer(plan, asRequested, context, reasoning);
}
