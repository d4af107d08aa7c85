// One task request answered: the output (JSON or a file), how much work it stands for, and the timed
// answer on the wire, with hf-inference's error bodies (`{ "error": "…" }`) and the fault profiles.

import { jsonAnswer } from "./answers";
import type { HttpErrorStatus } from "./profiles";
import type { ScheduledAnswer } from "./playback";
import {
  audioClassification,
  documentQuestionAnswering,
  hearRecording,
  imageClassification,
  imageSegmentation,
  imageToImage,
  imageToText,
  objectDetection,
  speak,
  textToImage,
  transcribe,
  visualQuestionAnswering,
  zeroShotImageClassification,
} from "./task-media";
import type { TaskInput, TaskRequest } from "./task-requests";
import {
  answerSpan,
  featureExtraction,
  fillMask,
  sentenceSimilarity,
  summarize,
  tableQuestionAnswering,
  textClassification,
  tokenClassification,
  translate,
  zeroShotClassification,
} from "./task-text";
import type { Variation } from "./task-variation";
import { countWords } from "./text";

export type TaskBody = { kind: "json"; value: unknown } | { kind: "file"; mime: string; bytes: Buffer };

export interface TaskOutput {
  body: TaskBody;
  /** The work it stands for, in ms at the steady profile's pace; a profile's speed scales it. */
  workMs: number;
}

// Work per unit at the steady profile's pace: what makes per-image and per-audio-second figures move.
const MS_PER_AUDIO_SECOND_HEARD = 150;
const MS_PER_AUDIO_SECOND_SPOKEN = 120;
const MS_PER_DIFFUSION_STEP = 15;
const DEFAULT_DIFFUSION_STEPS = 20;
const MS_PER_INPUT_WORD = 1.5;
const MS_PER_OUTPUT_WORD = 8;
const MS_PER_PICTURE_SEEN = 60;


function json(value: unknown, workMs: number): TaskOutput {
  return { body: { kind: "json", value }, workMs };
}

function textsOf(input: TaskInput): string[] {
  return input.kind === "text" ? input.texts : [];
}

function bytesOf(input: TaskInput): Uint8Array {
  return input.kind === "media" || input.kind === "media-question" ? input.bytes : new Uint8Array(0);
}

function diffusionMs(parameters: Record<string, unknown>, width: number, height: number): number {
  const steps = typeof parameters.num_inference_steps === "number" && parameters.num_inference_steps >= 1 ? parameters.num_inference_steps : DEFAULT_DIFFUSION_STEPS;
  return steps * MS_PER_DIFFUSION_STEP * Math.sqrt((width * height) / (128 * 128));
}

/** Every pipeline task but text generation (which streams tokens: tgi-answers.ts). */
export function answerTask(request: TaskRequest, variation: Variation): TaskOutput {
  const { input, parameters } = request;
  const texts = textsOf(input);
  const inputWords = texts.reduce((sum, text) => sum + countWords(text), 0);
  const bytes = bytesOf(input);
  switch (request.task) {
    case "text-classification":
      return json(textClassification(texts, variation), 20 + MS_PER_INPUT_WORD * inputWords);
    case "token-classification":
      return json(tokenClassification(texts.join(" "), variation), 20 + MS_PER_INPUT_WORD * inputWords);
    case "zero-shot-classification": {
      const multiLabel = parameters.multi_label === true;
      const answers = texts.map((text) => zeroShotClassification(text, request.candidateLabels, multiLabel, variation));
      const work = 20 + MS_PER_INPUT_WORD * inputWords * request.candidateLabels.length;
      return json(input.kind === "text" && input.single ? answers[0] : answers, work);
    }
    case "question-answering": {
      if (input.kind !== "question") break;
      return json(answerSpan(input.question, input.context, variation), 20 + MS_PER_INPUT_WORD * countWords(input.context));
    }
    case "table-question-answering": {
      if (input.kind !== "table") break;
      return json(tableQuestionAnswering(input.query, input.table, variation), 40);
    }
    case "fill-mask":
      return json(fillMask(texts[0] ?? "", variation), 20 + MS_PER_INPUT_WORD * inputWords);
    case "summarization": {
      const summaries = texts.map((text) => ({ summary_text: summarize(text, parameters, variation) }));
      return json(summaries, 40 + MS_PER_OUTPUT_WORD * summaries.reduce((sum, item) => sum + countWords(item.summary_text), 0));
    }
    case "translation": {
      const translations = texts.map((text) => ({ translation_text: translate(text, variation) }));
      return json(translations, 40 + MS_PER_OUTPUT_WORD * inputWords);
    }
    case "sentence-similarity":
    case "text-ranking":
      if (input.kind !== "similarity") break;
      return scoreSentences(request.task, input.source, input.sentences, variation);
    case "feature-extraction":
      return json(featureExtraction(texts, input.kind === "text" && input.single), 20 + MS_PER_INPUT_WORD * inputWords);
    case "text-to-image": {
      const { bytes: image, picture } = textToImage(texts[0] ?? "", parameters, variation);
      return { body: { kind: "file", mime: "image/png", bytes: image }, workMs: diffusionMs(parameters, picture.width, picture.height) };
    }
    case "image-to-image": {
      const image = imageToImage(bytes, parameters, variation);
      return { body: { kind: "file", mime: "image/png", bytes: image }, workMs: diffusionMs(parameters, 128, 128) };
    }
    case "image-classification":
      return json(imageClassification(bytes, variation), MS_PER_PICTURE_SEEN);
    case "zero-shot-image-classification":
      return json(zeroShotImageClassification(bytes, request.candidateLabels, variation), MS_PER_PICTURE_SEEN * 1.5);
    case "object-detection":
      return json(objectDetection(bytes, variation), MS_PER_PICTURE_SEEN * 2);
    case "image-segmentation":
      return json(imageSegmentation(bytes, variation), MS_PER_PICTURE_SEEN * 2.5);
    case "image-to-text":
      return json(imageToText(bytes, variation), MS_PER_PICTURE_SEEN * 2);
    case "visual-question-answering":
      if (input.kind !== "media-question") break;
      return json(visualQuestionAnswering(input.question, input.bytes, variation), MS_PER_PICTURE_SEEN * 1.5);
    case "document-question-answering":
      if (input.kind !== "media-question") break;
      return json(documentQuestionAnswering(input.question, input.bytes, variation), MS_PER_PICTURE_SEEN * 1.5);
    case "automatic-speech-recognition": {
      const { recording, text } = transcribe(bytes, variation);
      return json({ text }, 20 + MS_PER_AUDIO_SECOND_HEARD * recording.durationSeconds);
    }
    case "text-to-speech": {
      const speech = speak(texts.join(" "), variation);
      return { body: { kind: "file", mime: "audio/wav", bytes: speech.bytes }, workMs: 20 + MS_PER_AUDIO_SECOND_SPOKEN * speech.durationSeconds };
    }
    case "audio-classification":
      return json(audioClassification(bytes, variation), 40 + 30 * hearRecording(bytes).durationSeconds);
    case "text-generation":
      break;
  }
  throw new Error(`no answer for ${request.task} with ${input.kind} input`);
}

/**
 * Sentence similarity's scores (a bare list), or text ranking's as the inference toolkit's sentence-ranking
 * answers them: `{ scores: [{ index, score }] }` best first. A cross-encoder reads the query with each
 * document: its work counts the query once per document.
 */
function scoreSentences(task: "sentence-similarity" | "text-ranking", source: string, sentences: readonly string[], variation: Variation): TaskOutput {
  const scores = sentenceSimilarity(source, sentences, variation);
  const sentenceWords = sentences.reduce((sum, text) => sum + countWords(text), 0);
  if (task === "sentence-similarity") return json(scores, 20 + MS_PER_INPUT_WORD * (countWords(source) + sentenceWords));
  const ranked = scores.map((score, index) => ({ index, score })).sort((a, b) => b.score - a.score || a.index - b.index);
  return json({ scores: ranked }, 20 + MS_PER_INPUT_WORD * (countWords(source) * sentences.length + sentenceWords));
}

export function fileAnswer(mime: string, bytes: Uint8Array, atMs: number): ScheduledAnswer {
  return {
    status: 200,
    headers: { "content-type": mime, "content-length": bytes.length },
    headersAtMs: atMs,
    pieces: [{ atMs, data: bytes }],
    endAtMs: atMs,
    ending: "end",
  };
}

export function taskBodyAnswer(body: TaskBody, atMs: number): ScheduledAnswer {
  return body.kind === "json" ? jsonAnswer(200, body.value, atMs) : fileAnswer(body.mime, body.bytes, atMs);
}

/** Headers announcing the whole body, half of it, then a reset (no sooner than 30 ms after the headers). */
export function partialTaskAnswer(body: TaskBody, atMs: number): ScheduledAnswer {
  const whole = taskBodyAnswer(body, atMs);
  const bytes = body.kind === "json" ? Buffer.from(JSON.stringify(body.value)) : body.bytes;
  return { ...whole, pieces: [{ atMs, data: bytes.subarray(0, Math.floor(bytes.length / 2)) }], endAtMs: atMs + 30, ending: "reset" };
}

/** What hf-inference answers for these statuses: `{ "error": "…" }`, with Retry-After on a 429. */
export function hfErrorAnswer(status: HttpErrorStatus | 400 | 404, message: string | null, atMs: number, retryAfterSeconds = 1): ScheduledAnswer {
  switch (status) {
    case 503:
      return jsonAnswer(503, { error: message ?? "Model sandbox is currently loading", estimated_time: 20 }, atMs);
    case 429:
      return jsonAnswer(429, { error: message ?? "Rate limit reached. Please retry later." }, atMs, { "retry-after": String(retryAfterSeconds) });
    case 500:
      return jsonAnswer(500, { error: message ?? "Internal Server Error" }, atMs);
    default:
      return jsonAnswer(status, { error: message ?? "Bad request" }, atMs);
  }
}

const TEXT_FIELDS = new Set(["label", "text", "answer", "generated_text", "summary_text", "translation_text", "word", "token_str", "sequence"]);

/** The evil profile: every text field of the answer carries an HTML or script payload. */
export function withPayloads(value: unknown, payloads: readonly string[]): unknown {
  let next = 0;
  const visit = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(visit);
    if (typeof item !== "object" || item === null) return item;
    return Object.fromEntries(
      Object.entries(item).map(([key, field]) => {
        if (TEXT_FIELDS.has(key) && typeof field === "string") return [key, `${field} ${payloads[next++ % payloads.length] ?? ""}`];
        return [key, visit(field)];
      }),
    );
  };
  return visit(value);
}
