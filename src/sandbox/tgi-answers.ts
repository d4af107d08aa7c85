// Text generation the Hugging Face way (TGI, hf-inference): `[{ "generated_text": … }]`, or a stream of
// `{ token, generated_text, details }` events whose last one carries the whole text, as the router's
// recorded streams show. Same plan, timeline and faults as the OpenAI routes.

import { jsonAnswer, SSE_HEADERS } from "./answers";
import { sseEvent } from "./openai-responses";
import type { ResponsePlan } from "./plan";
import type { ScheduledAnswer } from "./playback";
import { hashString } from "./random";
import { partialTaskAnswer } from "./task-answers";

function tokenEvent(index: number, text: string, last: { generatedText: string; finishReason: string; tokens: number } | null) {
  return {
    index,
    token: { id: hashString(text) % 32000, text, logprob: -Number(((hashString(text, index) % 1000) / 1000).toFixed(4)), special: false },
    generated_text: last ? last.generatedText : null,
    details: last ? { finish_reason: last.finishReason, generated_tokens: last.tokens, seed: null } : null,
  };
}

export function tgiAnswer(plan: ResponsePlan, prompt: string, returnFullText: boolean, stream: boolean, errorMessage: string): ScheduledAnswer {
  const tokens = plan.choiceTokens[0] ?? [];
  const continuation = tokens.join("");
  const generatedText = returnFullText ? `${prompt}${continuation}` : continuation;
  if (!stream) {
    if (plan.termination === "error-event") return jsonAnswer(200, { error: errorMessage, error_type: "generation" }, plan.endMs);
    const body = { kind: "json" as const, value: [{ generated_text: generatedText }] };
    if (plan.termination === "reset") return partialTaskAnswer(body, plan.ttftMs);
    return jsonAnswer(200, body.value, plan.endMs);
  }
  const complete = plan.termination === "done";
  const pieces: ScheduledAnswer["pieces"] = tokens.map((token, index) => {
    const last = complete && index === tokens.length - 1 ? { generatedText, finishReason: plan.finishReason, tokens: tokens.length } : null;
    return { atMs: plan.tokenOffsetsMs[index] ?? plan.endMs, data: sseEvent(tokenEvent(index + 1, token, last)) };
  });
  if (plan.termination === "error-event") pieces.push({ atMs: plan.endMs, data: sseEvent({ error: errorMessage, error_type: "generation" }) });
  const reset = plan.termination === "reset";
  return { status: 200, headers: SSE_HEADERS, headersAtMs: 0, pieces, endAtMs: reset ? Math.max(plan.endMs, 30) : plan.endMs, ending: reset ? "reset" : "end" };
}
