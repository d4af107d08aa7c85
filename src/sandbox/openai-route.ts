// The OpenAI routes' answers (`/<profile>/v1/chat/completions`, `/v1/completions`, `/v1/embeddings`):
// a request's plan put on the wire, with the profile's fault.
//
// Fault profiles on the wire (every inference route; `GET /v1/models` and `/health` always answer normally):
//   err503 / err500  JSON error `{ error: { message, type, param, code } }` with that status.
//   err429           the same with status 429 and `Retry-After: 1`.
//   reset            headers, then part of the body (stream: role chunk + 2 tokens; JSON: half of the
//                    bytes announced by Content-Length), then a TCP reset (RST).
//   hang             reads the request and never answers; close() destroys the socket.
//   trickle          the normal answer, headers at once, then one body byte every ~200 ms (× timeScale).
//   malformed        200 application/json, body = the first 60% of a valid JSON answer (any request).
//   cut              stream: role + half of the tokens, then a clean end, no finish_reason, no [DONE];
//                    JSON: a complete body with finish_reason null; embeddings answer normally.
//   sse-error        stream: 200, role + 2 tokens, then `data: {"error":{"message","type":"server_error"}}`
//                    and the end (no [DONE]); JSON routes: 200 with that error object as the body.
//   huge             a valid answer of about 50 MB (JSON with Content-Length, or an event stream),
//                    ignoring max_tokens; embeddings get very long vectors.
//   wrongtype        200 text/html with an HTML page.
//   nocors           normal answers without any CORS header; OPTIONS gets 405 without CORS headers.
//   evil             normal answers whose tokens include HTML/script payloads.
import type { ServerResponse } from "node:http";
import { embeddingAnswer, generationAnswer, httpErrorAnswer } from "./answers";
import { hugeEmbeddings, hugeGeneration, htmlAnswer, malformed, trickled, type HugeAnswer } from "./faults";
import type { ResponseContext } from "./openai-responses";
import { observeWhenFinished } from "./metrics-page";
import { planResponse, type PlanInput, type RequestDraw, type ResponsePlan } from "./plan";
import { cachedTtftFactor } from "./prefix-cache";
import { playAnswer, RequestLifetime, writeRepeatedParts } from "./playback";
import type { Profile } from "./profiles";
import type { GenerationRequest, InferenceRequest } from "./requests";
import { runtimeOf, timeScaleOf, type ProfileRuntime, type SandboxState } from "./sandbox-state";
import { decideToolCall, toolCallAnswer } from "./tool-answers";
import { structuredAnswerText, withStructuredAnswer } from "./structured-answers";
import { thinkingAnswer } from "./reasoning-answers";

/** A prefix-caching profile's cached share of the prompt (prefix-cache.ts): the count usage reports, and TTFT's multiplier. */
function servedFromCache(profile: Profile, runtime: ProfileRuntime, request: GenerationRequest): Pick<PlanInput, "cachedPromptTokens" | "ttftFactor"> {
  if (profile.prefixCache === undefined || runtime.prefixCache === null) return {};
  const cachedPromptTokens = Math.min(runtime.prefixCache.serve(request.model ?? "", request.promptText ?? ""), request.promptTokens);
  runtime.metrics.prefixCacheQueries += request.promptTokens;
  runtime.metrics.prefixCacheHits += cachedPromptTokens;
  return { cachedPromptTokens, ttftFactor: cachedTtftFactor(profile.prefixCache, cachedPromptTokens, request.promptTokens) };
}

/** A working engine's answer: counted on /metrics, and its blocks kept by a profile that caches prefixes (the next turn sends the answer back). */
function observeServed(runtime: ProfileRuntime, request: InferenceRequest, response: ServerResponse, plan: ResponsePlan, arrivedAtMs: number, startedAtMs: number): void {
  observeWhenFinished(runtime.metrics, response, plan, arrivedAtMs, startedAtMs);
  if (request.endpoint !== "embeddings") runtime.prefixCache?.keepAnswered(request.model ?? "", request.promptText ?? "", plan.choiceTokens[0]?.join("") ?? "");
}

/** The id, time and model an answer names, as OpenAI's do: an id from the request's seed and number. */
function responseContext(request: InferenceRequest, profile: Profile, requestSeed: number, requestCount: number): ResponseContext {
  const idPrefix = request.endpoint === "chat" ? "chatcmpl-" : request.endpoint === "completions" ? "cmpl-" : "embd-";
  return {
    id: `${idPrefix}sbx${requestSeed.toString(16).padStart(8, "0")}${requestCount.toString(36).padStart(4, "0")}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model ?? `sandbox-${profile.name}`,
  };
}

/** Plans the answer to one inference request and plays it from `startedAtMs` (when it was let in). */
export function playInference(
  state: SandboxState,
  profile: Profile,
  request: InferenceRequest,
  draw: RequestDraw,
  response: ServerResponse,
  startedAtMs: number,
  arrivedAtMs = startedAtMs,
): void {
  const runtime = runtimeOf(state, profile.name);
  const timeScale = timeScaleOf(state, profile.name);
  const generation = request.endpoint !== "embeddings";
  const plan = planResponse(
    profile,
    draw,
    {
      maxTokens: generation ? request.maxTokens : undefined,
      ...(generation ? { minTokens: request.minTokens, ignoreEos: request.ignoreEos === true } : {}),
      choiceCount: generation ? request.choiceCount : 1,
      generatesText: generation,
      jsonMode: generation && request.jsonMode === true,
      ...(generation ? servedFromCache(profile, runtime, request) : {}),
    },
    timeScale,
  );
  const lifetime = new RequestLifetime(response, startedAtMs);
  if (plan.outcome.kind === "http-error") {
    playAnswer(response, httpErrorAnswer(plan.outcome, plan.ttftMs), lifetime);
    return;
  }
  // Only what a working engine served is counted on /metrics: a fault's answer is no engine's timeline.
  if (profile.fault === undefined && generation) observeServed(runtime, request, response, plan, arrivedAtMs, startedAtMs);
  const context = responseContext(request, profile, plan.requestSeed, runtime.requestCount);
  const fault = profile.fault;
  const errorMessage = fault?.kind === "sse-error" ? fault.message : "Internal error";
  // Only the tool profiles call tools; every other profile answers a request offering them in text, as before.
  const toolCall = request.endpoint === "chat" && request.tools !== undefined && profile.toolCalling !== undefined ? decideToolCall(profile.toolCalling, request.tools, plan.requestSeed) : null;
  // Only the structured profiles fill a json_schema; every other profile answers `{"answer": …}` in JSON mode, as before.
  const asked = request.endpoint === "chat" ? request.responseSchema : undefined;
  const answerPlan = asked !== undefined && profile.structuredOutput !== undefined ? withStructuredAnswer(plan, structuredAnswerText(profile.structuredOutput, asked, plan.requestSeed)) : plan;
  const thinking = thinkingAnswer(profile, request, plan, draw.requestNumber, context);
  const build = (asRequested: InferenceRequest) =>
    asRequested.endpoint === "embeddings"
      ? embeddingAnswer(plan, asRequested, context.model, errorMessage)
      : toolCall?.kind === "call"
        ? toolCallAnswer(plan, asRequested, context, toolCall)
        : (thinking?.(asRequested) ?? generationAnswer(answerPlan, asRequested, context, errorMessage));

  switch (fault?.kind) {
    case "hang":
      // Nothing to schedule: the socket stays open until the client gives up or close() destroys it.
      return;
    case "huge": {
      const huge: HugeAnswer =
        request.endpoint === "embeddings"
          ? hugeEmbeddings(request, context.model, fault.bodyBytes)
          : hugeGeneration(request, context, fault.bodyBytes);
      lifetime.at(plan.ttftMs, () => {
        response.writeHead(200, huge.headers);
        void writeRepeatedParts(response, huge.parts, lifetime);
      });
      return;
    }
    case "wrongtype":
      playAnswer(response, htmlAnswer(plan.endMs), lifetime);
      return;
    case "malformed":
      playAnswer(response, malformed(build(request.endpoint === "embeddings" ? request : { ...request, stream: false })), lifetime);
      return;
    case "trickle":
      playAnswer(response, trickled(build(request), fault.byteIntervalMs * timeScale), lifetime);
      return;
    default:
      playAnswer(response, build(request), lifetime);
  }
}
