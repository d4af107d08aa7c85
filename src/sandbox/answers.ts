// Turns a plan into a timed answer: JSON bodies, event streams, HTTP errors, and the stream endings of
// the `cut`, `sse-error` and `reset` faults.

import {
  chatChunk,
  chatCompletion,
  chatUsageChunk,
  embeddingList,
  errorBody,
  sseEvent,
  textChunk,
  textCompletion,
  textUsageChunk,
  usageOf,
  type ChoiceText,
  type FinishReason,
  type ResponseContext,
  type Usage,
} from "./openai-responses";
import type { Outcome, ResponsePlan } from "./plan";
import type { ScheduledAnswer } from "./playback";
import type { EmbeddingRequest, GenerationRequest } from "./requests";
import { embeddingFor, embeddingToBase64 } from "./text";

export const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };

/** The shapes that differ between chat and text completions; the timeline is the same. */
export interface Dialect {
  opening(context: ResponseContext, index: number, usageField: boolean): unknown;
  token(context: ResponseContext, index: number, token: string, usageField: boolean): unknown;
  finish(context: ResponseContext, index: number, reason: FinishReason, usageField: boolean): unknown;
  usage(context: ResponseContext, usage: Usage): unknown;
  body(context: ResponseContext, choices: readonly ChoiceText[], usage: Usage): unknown;
}

const CHAT_DIALECT: Dialect = {
  // Real servers open with a role-only chunk whose content is empty: it must not count as the first token.
  opening: (context, index, usageField) => chatChunk(context, index, { role: "assistant", content: "" }, null, usageField),
  token: (context, index, token, usageField) => chatChunk(context, index, { content: token }, null, usageField),
  finish: (context, index, reason, usageField) => chatChunk(context, index, {}, reason, usageField),
  usage: chatUsageChunk,
  body: chatCompletion,
};

const TEXT_DIALECT: Dialect = {
  opening: () => undefined,
  token: (context, index, token, usageField) => textChunk(context, index, token, null, usageField),
  finish: (context, index, reason, usageField) => textChunk(context, index, "", reason, usageField),
  usage: textUsageChunk,
  body: textCompletion,
};

export function dialectFor(endpoint: GenerationRequest["endpoint"]): Dialect {
  return endpoint === "chat" ? CHAT_DIALECT : TEXT_DIALECT;
}

export function jsonAnswer(
  status: number,
  body: unknown,
  atMs: number,
  extraHeaders: Record<string, string> = {},
): ScheduledAnswer {
  const text = JSON.stringify(body);
  return {
    status,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...extraHeaders },
    headersAtMs: atMs,
    pieces: [{ atMs, data: text }],
    endAtMs: atMs,
    ending: "end",
  };
}

/** Headers announcing the whole body, half of it, then a reset. */
function partialJsonAnswer(body: unknown, atMs: number, resetAtMs: number): ScheduledAnswer {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    status: 200,
    headers: { "content-type": "application/json", "content-length": bytes.length },
    headersAtMs: atMs,
    pieces: [{ atMs, data: bytes.subarray(0, Math.floor(bytes.length / 2)) }],
    endAtMs: Math.max(resetAtMs, atMs),
    ending: "reset",
  };
}

function serverErrorEventBody(message: string) {
  return errorBody(message, "server_error");
}

export function httpErrorAnswer(outcome: Extract<Outcome, { kind: "http-error" }>, atMs: number): ScheduledAnswer {
  switch (outcome.status) {
    case 503:
      return jsonAnswer(
        503,
        errorBody("The server is overloaded, please try again later.", "server_error", "service_unavailable"),
        atMs,
      );
    case 429: {
      const seconds = outcome.retryAfterSeconds ?? 1;
      return jsonAnswer(
        429,
        errorBody(
          `Rate limit reached for requests. Please try again in ${seconds}s.`,
          "rate_limit_error",
          "rate_limit_exceeded",
        ),
        atMs,
        { "retry-after": String(seconds) },
      );
    }
    case 500:
      return jsonAnswer(
        500,
        errorBody("The server had an error while processing your request.", "server_error", "internal_error"),
        atMs,
      );
  }
}

function completionTokensOf(plan: ResponsePlan): number {
  return plan.choiceTokens.reduce((sum, tokens) => sum + tokens.length, 0);
}

function streamAnswer(
  plan: ResponsePlan,
  request: GenerationRequest,
  context: ResponseContext,
  dialect: Dialect,
  errorMessage: string,
): ScheduledAnswer {
  const usageField = request.includeUsage;
  const choiceIndexes = plan.choiceTokens.map((_, index) => index);
  const pieces: ScheduledAnswer["pieces"] = [];
  const openings = choiceIndexes.map((index) => dialect.opening(context, index, usageField)).filter((event) => event !== undefined);
  if (openings.length > 0) pieces.push({ atMs: 0, data: openings.map(sseEvent).join("") });
  plan.tokenOffsetsMs.forEach((atMs, tokenIndex) => {
    const events = choiceIndexes.map((index) =>
      sseEvent(dialect.token(context, index, plan.choiceTokens[index]?.[tokenIndex] ?? "", usageField)),
    );
    pieces.push({ atMs, data: events.join("") });
  });
  if (plan.termination === "done") {
    const closing = choiceIndexes.map((index) => sseEvent(dialect.finish(context, index, plan.finishReason, usageField)));
    if (request.includeUsage) closing.push(sseEvent(dialect.usage(context, usageOf(request.promptTokens, completionTokensOf(plan), plan.cachedPromptTokens))));
    closing.push(sseEvent("[DONE]"));
    pieces.push({ atMs: plan.endMs, data: closing.join("") });
  } else if (plan.termination === "error-event") {
    // Like the router tapes: the error event is the last thing on the stream, with no [DONE] after it.
    pieces.push({ atMs: plan.endMs, data: sseEvent(serverErrorEventBody(errorMessage)) });
  }
  const reset = plan.termination === "reset";
  return {
    status: 200,
    headers: SSE_HEADERS,
    headersAtMs: 0,
    pieces,
    endAtMs: plan.endMs,
    ending: reset ? "reset" : "end",
  };
}

function bodyAnswer(
  plan: ResponsePlan,
  request: GenerationRequest,
  context: ResponseContext,
  dialect: Dialect,
  errorMessage: string,
): ScheduledAnswer {
  if (plan.termination === "error-event") return jsonAnswer(200, serverErrorEventBody(errorMessage), plan.endMs);
  const finishReason = plan.termination === "done" ? plan.finishReason : null;
  const choices = plan.choiceTokens.map((tokens) => ({ text: tokens.join(""), finishReason }));
  const body = dialect.body(context, choices, usageOf(request.promptTokens, completionTokensOf(plan), plan.cachedPromptTokens));
  if (plan.termination === "reset") return partialJsonAnswer(body, plan.ttftMs, plan.endMs);
  return jsonAnswer(200, body, plan.endMs);
}

export function generationAnswer(
  plan: ResponsePlan,
  request: GenerationRequest,
  context: ResponseContext,
  errorMessage: string,
): ScheduledAnswer {
  const dialect = dialectFor(request.endpoint);
  return request.stream
    ? streamAnswer(plan, request, context, dialect, errorMessage)
    : bodyAnswer(plan, request, context, dialect, errorMessage);
}

/** OpenAI form → embedding list; TEI form → a bare vector for one string, a list of vectors otherwise. */
export function embeddingBody(request: EmbeddingRequest, model: string, vectors: readonly (number[] | string)[]): unknown {
  if (request.form === "tei") return request.singleInput ? vectors[0] : vectors;
  return embeddingList(model, vectors, usageOf(request.promptTokens, 0));
}

export function embeddingAnswer(
  plan: ResponsePlan,
  request: EmbeddingRequest,
  model: string,
  errorMessage: string,
): ScheduledAnswer {
  if (plan.termination === "error-event") return jsonAnswer(200, serverErrorEventBody(errorMessage), plan.endMs);
  const vectors = request.inputs.map((text) => embeddingFor(text));
  const encoded = request.form === "openai" && request.encoding === "base64" ? vectors.map(embeddingToBase64) : vectors;
  const body = embeddingBody(request, model, encoded);
  if (plan.termination === "reset") return partialJsonAnswer(body, plan.ttftMs, plan.endMs);
  return jsonAnswer(200, body, plan.endMs);
}
