// Everything random about one request, decided up front: error or answer, when each token goes out,
// the text, and how a fault profile ends it. Pure, so the same draw always gives the same plan.

import type { ErrorRates, HttpErrorStatus, Profile, ProfileName, ProfileTiming } from "./profiles";
import { hashString, integerBetween, logNormal, mulberry32, uint32, type Random } from "./random";
import { pseudoTokens } from "./text";
import { formatSandboxRequest, type SandboxRequestIdentity } from "../core/endpoints";

/** One generator per profile: requests to other profiles never shift this profile's sequence. */
export function createProfileRandom(seed: number, profileName: ProfileName): Random {
  return mulberry32(hashString(profileName, seed));
}

/** Exactly two numbers per request from the profile's generator, whatever the request asks for. */
export interface RequestDraw {
  /**
   * Which request of the profile this is, counted from 1: since the server started, or (a request that
   * says which it is) its place in its target's sequence; 0 is on no beat.
   */
  requestNumber: number;
  errorRoll: number;
  requestSeed: number;
}

export function drawRequest(profileRandom: Random, requestNumber: number): RequestDraw {
  return { requestNumber, errorRoll: profileRandom(), requestSeed: uint32(profileRandom) };
}

/**
 * The draw of a request that says which one it is (core/endpoints/sandbox-request.ts): a function of the seed, the
 * profile and that identity alone, so a run sent twice gets the same answers whatever the arrival order
 * or what the sandbox served before. The error beat counts the request's place in its target's sequence,
 * first attempts only (a retry is not a new request); a warm-up is off the beat.
 */
export function drawIdentifiedRequest(seed: number, profileName: ProfileName, identity: SandboxRequestIdentity): RequestDraw {
  const random = mulberry32(hashString(formatSandboxRequest(identity), hashString(profileName, seed)));
  const requestNumber = identity.attempt === 1 && !identity.warmup ? identity.sequence + 1 : 0;
  return drawRequest(random, requestNumber);
}

export type { HttpErrorStatus };

export type Outcome = { kind: "answer" } | { kind: "http-error"; status: HttpErrorStatus; retryAfterSeconds?: number };

/**
 * How the answer ends: `done` normally; `cut` stops cleanly before finish_reason; `error-event` ends
 * with an error event (or a 200 error body); `reset` destroys the connection mid-body.
 */
export type Termination = "done" | "cut" | "error-event" | "reset";

export interface ResponsePlan {
  outcome: Outcome;
  requestSeed: number;
  /** When the first content token (or an error answer) goes out, ms after the request arrived. */
  ttftMs: number;
  /** The tokens actually sent, one list per choice, all of the same length. */
  choiceTokens: string[][];
  /** When each token index is written, ms after the request arrived. */
  tokenOffsetsMs: number[];
  /** When the answer completes: final chunk and [DONE], the whole non-streaming body, or the fault. */
  endMs: number;
  finishReason: "stop" | "length";
  termination: Termination;
  /** Prompt tokens served from the profile's prefix cache; absent for a profile that caches nothing. */
  cachedPromptTokens?: number;
}

export interface PlanInput {
  maxTokens: number | undefined;
  /** vLLM's min_tokens and ignore_eos, as asked: only a profile that honours them (Profile.honoursLengthControls) reads them. */
  minTokens?: number | undefined;
  ignoreEos?: boolean;
  choiceCount: number;
  /** False for embeddings: no tokens, the answer goes out at TTFT (or at `totalMs` for fixed timing). */
  generatesText: boolean;
  /** The request asked for JSON (`response_format`): the tokens spell `{"answer": "…"}`. */
  jsonMode?: boolean;
  /** Prompt tokens a prefix-caching profile served from its cache (prefix-cache.ts): reported in usage, and TTFT scaled by `ttftFactor`. */
  cachedPromptTokens?: number;
  ttftFactor?: number;
}

function httpError(errors: ErrorRates, status: HttpErrorStatus): Outcome {
  return status === 429 ? { kind: "http-error", status, retryAfterSeconds: errors.retryAfterSeconds } : { kind: "http-error", status };
}

/** The scheduled status of this request, if it falls on the schedule's beat. */
function scheduledStatus(errors: ErrorRates, requestNumber: number): HttpErrorStatus | null {
  const schedule = errors.schedule;
  if (!schedule || requestNumber < schedule.first || (requestNumber - schedule.first) % schedule.every !== 0) return null;
  const beat = (requestNumber - schedule.first) / schedule.every;
  return schedule.statuses[beat % schedule.statuses.length] ?? null;
}

function decideOutcome(errors: ErrorRates, draw: RequestDraw): Outcome {
  const scheduled = scheduledStatus(errors, draw.requestNumber);
  if (scheduled !== null) return httpError(errors, scheduled);
  const roll = draw.errorRoll;
  if (roll < errors.p503) return httpError(errors, 503);
  if (roll < errors.p503 + errors.p429) return httpError(errors, 429);
  if (roll < errors.p503 + errors.p429 + errors.p500) return httpError(errors, 500);
  return { kind: "answer" };
}

interface TokenSchedule {
  ttftMs: number;
  tokenOffsetsMs: number[];
  endMs: number;
}

function scheduleTokens(timing: ProfileTiming, random: Random, tokenCount: number, timeScale: number, ttftFactor = 1): TokenSchedule {
  if (timing.kind === "fixed") {
    const spanMs = timing.totalMs - timing.ttftMs;
    const tokenOffsetsMs = Array.from({ length: tokenCount }, (_, index) => timing.ttftMs + (spanMs * index) / tokenCount);
    return { ttftMs: timing.ttftMs, tokenOffsetsMs, endMs: timing.totalMs };
  }
  // Scaled after the draw, so a cached prompt's plan draws the same numbers as any other.
  const ttftMs = logNormal(random, timing.ttftMedianMs, timing.ttftSigma) * timeScale * ttftFactor;
  const gapMedianMs = 1000 / timing.tokensPerSecond;
  const tokenOffsetsMs: number[] = [];
  let atMs = ttftMs;
  for (let index = 0; index < tokenCount; index++) {
    tokenOffsetsMs.push(atMs);
    // The final chunk comes one gap after the last token, as a real server needs one more decode step.
    atMs += logNormal(random, gapMedianMs, timing.tokenGapSigma) * timeScale;
  }
  return { ttftMs, tokenOffsetsMs, endMs: atMs };
}

/** Payloads take the place of evenly spread tokens, so the token count stays what usage reports. */
function injectPayloads(tokens: string[], payloads: readonly string[]): void {
  const replaced = new Set<number>();
  payloads.forEach((payload, payloadIndex) => {
    const position = Math.floor((payloadIndex * tokens.length) / payloads.length);
    if (position < tokens.length && !replaced.has(position)) {
      tokens[position] = ` ${payload}`;
      replaced.add(position);
    }
  });
}

function keptTokensFor(profile: Profile, input: PlanInput, tokenCount: number): { kept: number; termination: Termination } {
  switch (profile.fault?.kind) {
    case "cut":
      return input.generatesText
        ? { kept: Math.max(1, Math.floor(tokenCount / 2)), termination: "cut" }
        : { kept: tokenCount, termination: "done" };
    case "sse-error":
      return { kept: Math.min(profile.fault.afterTokens, tokenCount), termination: "error-event" };
    case "reset":
      return { kept: Math.min(profile.fault.afterTokens, tokenCount), termination: "reset" };
    default:
      return { kept: tokenCount, termination: "done" };
  }
}

/**
 * The same words as a JSON object, `{"answer": "ka lo mi"}`, closed within the token count (so within
 * max_tokens), or, when not compliant, the same object inside a Markdown code fence. The count is unchanged.
 */
function spellJson(tokens: string[], compliant: boolean): void {
  if (tokens.length === 0) return;
  const [open, close] = compliant ? ['{"answer":"', '"}'] : ['```json\n{"answer":"', '"}\n```'];
  tokens[0] = `${open}${tokens[0]!.trimStart()}`;
  tokens[tokens.length - 1] = `${tokens[tokens.length - 1]}${close}`;
}

/**
 * The answer's tokens: the drawn length within max_tokens. A profile that honours min_tokens and
 * ignore_eos, as vLLM does, goes on past its drawn end: to max_tokens with ignore_eos, to min_tokens with it.
 */
function answerLength(profile: Profile, input: PlanInput, sampledLength: number): number {
  const length = Math.min(sampledLength, input.maxTokens ?? sampledLength);
  if (profile.honoursLengthControls !== true) return length;
  if (input.ignoreEos === true && input.maxTokens !== undefined) return input.maxTokens;
  if (input.minTokens === undefined) return length;
  return Math.max(length, Math.min(input.minTokens, input.maxTokens ?? input.minTokens));
}

export function planResponse(profile: Profile, draw: RequestDraw, input: PlanInput, timeScale: number): ResponsePlan {
  const random = mulberry32(draw.requestSeed);
  const sampledLength = integerBetween(random, profile.outputTokens.min, profile.outputTokens.max);
  const tokenCount = input.generatesText ? answerLength(profile, input, sampledLength) : 0;
  const schedule = scheduleTokens(profile.timing, random, tokenCount, timeScale, input.ttftFactor);
  const choiceTokens = Array.from({ length: input.choiceCount }, () => pseudoTokens(random, tokenCount));
  if (profile.fault?.kind === "evil") {
    for (const tokens of choiceTokens) injectPayloads(tokens, profile.fault.payloads);
  }
  // Drawn last, and only in JSON mode, so every other request's plan is what it always was.
  if (input.jsonMode === true) {
    for (const tokens of choiceTokens) spellJson(tokens, random() < (profile.jsonCompliance ?? 1));
  }
  const { kept, termination } = keptTokensFor(profile, input, tokenCount);
  return {
    outcome: decideOutcome(profile.errors, draw),
    requestSeed: draw.requestSeed,
    ttftMs: schedule.ttftMs,
    choiceTokens: choiceTokens.map((tokens) => tokens.slice(0, kept)),
    tokenOffsetsMs: schedule.tokenOffsetsMs.slice(0, kept),
    // A truncated answer ends when its next token would have been due.
    endMs: schedule.tokenOffsetsMs[kept] ?? schedule.endMs,
    // Cut by max_tokens: before the drawn end, or (ignore_eos honoured) past it.
    finishReason: tokenCount < sampledLength || (tokenCount > sampledLength && tokenCount === input.maxTokens) ? "length" : "stop",
    termination,
    ...(input.cachedPromptTokens === undefined ? {} : { cachedPromptTokens: input.cachedPromptTokens }),
  };
}
