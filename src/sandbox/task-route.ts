// The Hugging Face task routes, `POST /<profile>/pipeline/<task>` (or `/<profile>/v1/<task>`): what @huggingface/inference sends to
// an hf-inference-style endpoint for each task, answered in that task's shape on the profile's timeline
// and with its faults. Timing: the profile's TTFT, then the task's work (per word, per image, per second
// of audio) at the profile's pace, so per-image and per-audio-second figures differ across profiles.
//
// Faults: err503/err429/err500 answer hf-inference's `{ "error": … }` bodies; reset sends half the body
// then a TCP reset; hang never answers; trickle sends a byte at a time; malformed cuts the body to 60% as
// JSON; sse-error answers 200 with an `{ "error" }` body (an error event in a token stream); huge pads
// a file answer (image, audio) to about 50 MB (JSON answers are left as they are); wrongtype answers an
// HTML page; evil puts HTML and script payloads in every text field; cut and nocors answer normally.

import type { ServerResponse } from "node:http";
import { htmlAnswer, malformed, trickled } from "./faults";
import { planResponse, type RequestDraw } from "./plan";
import { playAnswer, writeRepeatedParts, type RequestLifetime } from "./playback";
import type { Profile } from "./profiles";
import { logNormal, mulberry32 } from "./random";
import { answerTask, hfErrorAnswer, partialTaskAnswer, taskBodyAnswer, withPayloads, type TaskBody } from "./task-answers";
import { isPipelineTask, PIPELINE_TASKS, type PipelineTask, type TaskRequest } from "./task-requests";
import { TaskInputError } from "./task-text";
import { tgiAnswer } from "./tgi-answers";
import { bodyInConvention, type AnswerConvention } from "./own-api-answers";
import { TRANSCRIPTIONS_ROUTE } from "./transcription-form";

const STEADY_TOKENS_PER_SECOND = 60;

/**
 * `/pipeline/<task>` → the task; text generation also under `…/v1/completions`, where the library sends
 * it when an endpoint URL is given. `/v1/<task>` too (not text generation or feature extraction, whose
 * `/v1/completions` and `/v1/embeddings` speak OpenAI): where a `/v1` endpoint URL's task goes.
 * OpenAI's `/v1/audio/transcriptions` is speech recognition (transcription-form.ts reads its form).
 * `unknown` for another name under `/pipeline/`, null for other paths.
 */
export function pipelineTaskOf(routePath: string): PipelineTask | "unknown" | null {
  if (routePath === TRANSCRIPTIONS_ROUTE) return "automatic-speech-recognition";
  const underV1 = /^\/v1\/([^/]+)$/.exec(routePath)?.[1];
  if (underV1 !== undefined && isPipelineTask(underV1) && underV1 !== "text-generation" && underV1 !== "feature-extraction") return underV1;
  const match = /^\/pipeline\/([^/]+)(\/v1\/completions|\/completions)?$/.exec(routePath);
  if (!match) return routePath.startsWith("/pipeline") ? "unknown" : null;
  const task = match[1] ?? "";
  if (!isPipelineTask(task)) return "unknown";
  if (match[2] !== undefined && task !== "text-generation") return "unknown";
  return task;
}

export function unknownPipelineMessage(profileName: string, path: string): string {
  return `Unknown path ${path}. Task routes: POST /${profileName}/pipeline/<task>, where <task> is one of ${PIPELINE_TASKS.join(", ")}.`;
}

export interface TaskPlayback {
  profile: Profile;
  draw: RequestDraw;
  seed: number;
  timeScale: number;
  /** The inference toolkit's routes, or a server's own route for the task: the answer in its shapes (own-api-answers.ts). */
  convention?: AnswerConvention | undefined;
}

/** How much longer than steady this profile takes for the same work (0 for fixed-timing profiles). */
function workScale(profile: Profile, timeScale: number): number {
  return profile.timing.kind === "sampled" ? (STEADY_TOKENS_PER_SECOND / profile.timing.tokensPerSecond) * timeScale : 0;
}

function maxNewTokens(parameters: Record<string, unknown>): number | undefined {
  const value = parameters.max_new_tokens;
  return typeof value === "number" && Number.isInteger(value) && value >= 1 ? value : undefined;
}

export function playTask(playback: TaskPlayback, request: TaskRequest, response: ServerResponse, lifetime: RequestLifetime): void {
  const { profile, draw, seed, timeScale } = playback;
  const generation = request.task === "text-generation";
  const plan = planResponse(profile, draw, { maxTokens: maxNewTokens(request.parameters), choiceCount: 1, generatesText: generation }, timeScale);
  if (plan.outcome.kind === "http-error") {
    playAnswer(response, hfErrorAnswer(plan.outcome.status, null, plan.ttftMs, plan.outcome.retryAfterSeconds), lifetime);
    return;
  }
  const fault = profile.fault;
  if (fault?.kind === "hang") return;
  const errorMessage = fault?.kind === "sse-error" ? fault.message : "Internal error";

  if (generation) {
    const prompt = request.input.kind === "text" ? (request.input.texts[0] ?? "") : "";
    const answer = tgiAnswer(plan, prompt, request.parameters.return_full_text === true, request.stream, errorMessage);
    playFaulted(response, answer, fault, timeScale, lifetime);
    return;
  }

  let body: TaskBody;
  let workMs: number;
  try {
    ({ body, workMs } = answerTask(request, { seed, profileName: profile.name, noise: profile.outputNoise ?? 0 }));
  } catch (error) {
    if (!(error instanceof TaskInputError)) throw error;
    playAnswer(response, hfErrorAnswer(400, error.message, plan.ttftMs), lifetime);
    return;
  }
  if (playback.convention !== undefined) body = bodyInConvention(playback.convention, request, body);
  if (fault?.kind === "evil" && body.kind === "json") body = { kind: "json", value: withPayloads(body.value, fault.payloads) };
  // The work's own jitter comes from the request's seed, after everything the plan drew.
  const atMs = plan.endMs + workMs * workScale(profile, timeScale) * logNormal(mulberry32(plan.requestSeed ^ 0x5f3759df), 1, 0.1);
  switch (plan.termination) {
    case "error-event":
      playAnswer(response, taskBodyAnswer({ kind: "json", value: { error: errorMessage } }, atMs), lifetime);
      return;
    case "reset":
      playAnswer(response, partialTaskAnswer(body, atMs), lifetime);
      return;
    default:
  }
  if (fault?.kind === "huge" && body.kind === "file") {
    const file = body;
    const padding = Math.max(0, fault.bodyBytes - file.bytes.length);
    lifetime.at(atMs, () => {
      response.writeHead(200, { "content-type": file.mime, "content-length": file.bytes.length + padding });
      void writeRepeatedParts(response, [{ data: file.bytes, times: 1 }, { data: Buffer.alloc(64 * 1024), times: Math.floor(padding / (64 * 1024)) }, { data: Buffer.alloc(padding % (64 * 1024)), times: 1 }], lifetime);
    });
    return;
  }
  playFaulted(response, taskBodyAnswer(body, atMs), fault, timeScale, lifetime);
}

function playFaulted(response: ServerResponse, answer: ReturnType<typeof taskBodyAnswer>, fault: Profile["fault"], timeScale: number, lifetime: RequestLifetime): void {
  switch (fault?.kind) {
    case "wrongtype":
      playAnswer(response, htmlAnswer(answer.endAtMs), lifetime);
      return;
    case "malformed":
      playAnswer(response, malformed(answer), lifetime);
      return;
    case "trickle":
      playAnswer(response, trickled(answer, fault.byteIntervalMs * timeScale), lifetime);
      return;
    default:
      playAnswer(response, answer, lifetime);
  }
}
