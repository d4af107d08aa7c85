// The sandbox's image and audio "models". A picture or a recording the sandbox made says what it holds
// in its metadata (media.ts), so the answers about it read right; anything else gets a stable answer
// drawn from a hash of its bytes.

import { createHash } from "node:crypto";
import { clampBox, DESCRIPTION_KEY, OBJECTS_KEY, paintMask, paintPicture, synthesizeSpeech, type Picture, type PictureObject } from "./media";
import { readPngInfo } from "./png";
import { hashString, integerBetween, standardNormal, type Random } from "./random";
import { answerSpan, sentimentLogit, type AnswerSpan } from "./task-text";
import {
  bentLogit,
  contentWords,
  isStopword,
  overlapCount,
  profileRandom,
  rankedLabels,
  referenceRandom,
  roundScore,
  softmax,
  type Variation,
} from "./task-variation";
import { readWavInfo } from "./wav";

export function bytesKey(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const IMAGE_LABELS = [
  "tabby cat", "golden retriever", "red fox", "cheetah", "bicycle", "sports car", "teapot", "laptop",
  "sunflower", "lighthouse", "mountain bike", "espresso", "umbrella", "acoustic guitar", "school bus", "pizza",
];

const DEFAULT_SIZE = { width: 128, height: 128 };

/** What a picture shows: its own metadata when the sandbox painted it, else drawn from its bytes. */
export function seePicture(bytes: Uint8Array, variation: Variation): Picture {
  const info = readPngInfo(bytes);
  const { width, height } = info ?? DEFAULT_SIZE;
  const described = info?.text[DESCRIPTION_KEY];
  const objects = parseObjects(info?.text[OBJECTS_KEY]);
  if (described !== undefined && objects !== null) return { width, height, description: described, objects };
  const reference = referenceRandom(variation, bytesKey(bytes));
  const drawn = randomObjects(reference, width, height, integerBetween(reference, 1, 3));
  return { width, height, description: described ?? drawn[0]!.label, objects: objects ?? drawn };
}

function parseObjects(text: string | undefined): PictureObject[] | null {
  if (text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const objects = parsed.filter(
      (item): item is PictureObject =>
        typeof item === "object" && item !== null && typeof (item as PictureObject).label === "string" && typeof (item as PictureObject).box?.xmin === "number",
    );
    return objects.length === parsed.length ? objects : null;
  } catch {
    return null;
  }
}

function randomObjects(random: Random, width: number, height: number, count: number, labels: readonly string[] = IMAGE_LABELS): PictureObject[] {
  return Array.from({ length: count }, (_, index) => {
    const boxWidth = width * (0.2 + 0.3 * random());
    const boxHeight = height * (0.2 + 0.3 * random());
    const xmin = (width - boxWidth) * random();
    const ymin = (height - boxHeight) * random();
    const label = labels[(integerBetween(random, 0, labels.length - 1) + index) % labels.length] as string;
    return { label, box: clampBox({ xmin, ymin, xmax: xmin + boxWidth, ymax: ymin + boxHeight }, width, height) };
  });
}

/** The same boxes moved by up to noise × 10% of the picture: what makes box IoU across targets below 1. */
function jitterObjects(objects: readonly PictureObject[], width: number, height: number, variation: Variation, random: Random): PictureObject[] {
  const shift = (size: number) => variation.noise * 0.1 * size * standardNormal(random);
  return objects.map(({ label, box }) => ({
    label,
    box: clampBox({ xmin: box.xmin + shift(width), ymin: box.ymin + shift(height), xmax: box.xmax + shift(width), ymax: box.ymax + shift(height) }, width, height),
  }));
}

function pictureLabels(picture: Picture): string[] {
  return [...new Set([picture.description, ...picture.objects.map((object) => object.label)])];
}

/** Top five labels; the picture's own labels first, a sloppy profile sometimes ranks a distractor above. */
export function imageClassification(bytes: Uint8Array, variation: Variation): { label: string; score: number }[] {
  const key = bytesKey(bytes);
  const picture = seePicture(bytes, variation);
  const own = pictureLabels(picture).slice(0, 2);
  const reference = referenceRandom(variation, key);
  const distractors = IMAGE_LABELS.filter((label) => !own.includes(label)).sort((a, b) => hashString(a, hashString(key)) - hashString(b, hashString(key)));
  const labels = [...own, ...distractors.slice(0, 5 - own.length)];
  const profile = profileRandom(variation, key);
  const logits = labels.map((_, index) => bentLogit(index < own.length ? 4 - index : 2 * reference(), variation, profile, 5));
  return rankedLabels(labels, softmax(logits));
}

export function zeroShotImageClassification(bytes: Uint8Array, labels: readonly string[], variation: Variation): { label: string; score: number }[] {
  const key = `${bytesKey(bytes)}\u0000${labels.join("\u0000")}`;
  const seen = pictureLabels(seePicture(bytes, variation)).flatMap((label) => contentWords(label));
  const reference = referenceRandom(variation, key);
  const own = profileRandom(variation, key);
  const logits = labels.map((label) => bentLogit(3 * overlapCount(contentWords(label), seen) + reference(), variation, own));
  return rankedLabels(labels, softmax(logits));
}

export interface Detection {
  score: number;
  label: string;
  box: PictureObject["box"];
}

/** The picture's objects, boxes moved a little per profile; a sloppy profile sometimes misses the last one. */
export function detectObjects(bytes: Uint8Array, variation: Variation): { picture: Picture; detections: Detection[] } {
  const key = bytesKey(bytes);
  const picture = seePicture(bytes, variation);
  const own = profileRandom(variation, key);
  const reference = referenceRandom(variation, key);
  let objects = jitterObjects(picture.objects, picture.width, picture.height, variation, own);
  if (objects.length > 1 && own() < variation.noise) objects = objects.slice(0, -1);
  return { picture, detections: objects.map(({ label, box }) => ({ score: roundScore(0.85 + 0.149 * reference()), label, box })) };
}

export function objectDetection(bytes: Uint8Array, variation: Variation): Detection[] {
  return detectObjects(bytes, variation).detections;
}

export function imageSegmentation(bytes: Uint8Array, variation: Variation): { score: number; label: string; mask: string }[] {
  const { picture, detections } = detectObjects(bytes, variation);
  return detections.map(({ score, label, box }) => ({ score, label, mask: paintMask(picture.width, picture.height, box).toString("base64") }));
}

const CAPTIONS = ["a photo of {}", "an image of {}", "{} on a plain background", "a picture showing {}"];

export function imageToText(bytes: Uint8Array, variation: Variation): { generated_text: string } {
  const picture = seePicture(bytes, variation);
  const own = profileRandom(variation, bytesKey(bytes));
  const template = own() < variation.noise * 2 ? CAPTIONS[integerBetween(own, 1, CAPTIONS.length - 1)]! : CAPTIONS[0]!;
  const subject = /^(a|an|the)\s/i.test(picture.description) ? picture.description : `a ${picture.description}`;
  return { generated_text: template.replace("{}", subject) };
}

/** Counts for "how many", yes/no for questions that start like one, the main subject otherwise. */
export function visualQuestionAnswering(question: string, bytes: Uint8Array, variation: Variation): { answer: string; score: number }[] {
  const picture = seePicture(bytes, variation);
  const key = `${question}\u0000${bytesKey(bytes)}`;
  const own = profileRandom(variation, key);
  let candidates: string[];
  if (/^\s*how many\b/i.test(question)) {
    const asked = contentWords(question);
    const count = picture.objects.filter((object) => overlapCount(contentWords(object.label), asked) > 0).length || picture.objects.length;
    candidates = [String(count), String(count + 1), String(Math.max(0, count - 1))];
  } else if (/^\s*(is|are|does|do|can|was|were|has|have)\b/i.test(question)) {
    const seen = pictureLabels(picture).flatMap((label) => contentWords(label));
    const yes = overlapCount(contentWords(question), seen) > 0;
    candidates = yes ? ["yes", "no"] : ["no", "yes"];
  } else {
    candidates = [...pictureLabels(picture), "nothing"];
  }
  const logits = candidates.map((_, index) => bentLogit(3 - index, variation, own));
  return rankedLabels(candidates, softmax(logits))
    .slice(0, 3)
    .map(({ label, score }) => ({ answer: label, score }));
}

/** The answer span in the document's text (its description), start and end as word positions. */
export function documentQuestionAnswering(question: string, bytes: Uint8Array, variation: Variation): AnswerSpan[] {
  const picture = seePicture(bytes, variation);
  const span = answerSpan(question, picture.description, variation);
  const wordIndex = (offset: number) => picture.description.slice(0, offset).split(/\s+/).filter((word) => word !== "").length;
  return [{ ...span, start: wordIndex(span.start), end: Math.max(wordIndex(span.start), wordIndex(span.end) - 1) }];
}

export interface Recording {
  durationSeconds: number;
  /** What the recording says, when it says so in its metadata. */
  transcript: string | null;
}

// A compressed recording that is not a WAV: about 128 kbit/s, a fair guess for MP3, Opus or FLAC speech.
const ASSUMED_BYTES_PER_SECOND = 16_000;

export function hearRecording(bytes: Uint8Array): Recording {
  const wav = readWavInfo(bytes);
  if (wav) return { durationSeconds: wav.durationSeconds, transcript: wav.comment };
  return { durationSeconds: bytes.length / ASSUMED_BYTES_PER_SECOND, transcript: null };
}

const FILLER_WORDS = ["the", "weather", "today", "is", "fine", "and", "we", "will", "meet", "at", "noon", "near", "the", "station", "please", "bring", "tickets"];

/**
 * The recording's own transcript (or words drawn from its bytes, about 2.5 a second), with a sloppy
 * profile mishearing or dropping a word now and then: what makes WER between targets above 0.
 */
export function transcribe(bytes: Uint8Array, variation: Variation): { recording: Recording; text: string } {
  const recording = hearRecording(bytes);
  const key = bytesKey(bytes);
  const reference = referenceRandom(variation, key);
  const words =
    recording.transcript?.split(/\s+/).filter((word) => word !== "") ??
    Array.from({ length: Math.max(1, Math.round(recording.durationSeconds * 2.5)) }, () => FILLER_WORDS[integerBetween(reference, 0, FILLER_WORDS.length - 1)]!);
  const own = profileRandom(variation, key);
  const heard: string[] = [];
  for (const word of words) {
    const roll = own();
    if (roll < variation.noise * 0.1) continue;
    if (roll < variation.noise * 0.4) heard.push(FILLER_WORDS[integerBetween(own, 0, FILLER_WORDS.length - 1)]!);
    else heard.push(word);
  }
  return { recording, text: heard.join(" ") };
}

const EMOTIONS = ["neu", "hap", "ang", "sad"];

export function audioClassification(bytes: Uint8Array, variation: Variation): { label: string; score: number }[] {
  const recording = hearRecording(bytes);
  const key = bytesKey(bytes);
  const reference = referenceRandom(variation, key);
  const own = profileRandom(variation, key);
  const sentiment = recording.transcript === null ? 0 : sentimentLogit(recording.transcript);
  const logits = EMOTIONS.map((label) => {
    const base = label === "neu" ? 1 : label === "hap" ? sentiment : label === "sad" || label === "ang" ? -sentiment / 2 : 0;
    return bentLogit(base + reference(), variation, own);
  });
  return rankedLabels(EMOTIONS, softmax(logits));
}

/** Each profile speaks at its own pace (0.28 to 0.36 s a word): the audio seconds differ per target. */
export function speak(text: string, variation: Variation): { bytes: Buffer; durationSeconds: number } {
  const secondsPerWord = 0.28 + 0.08 * profileRandom(variation, "voice")();
  const bytes = synthesizeSpeech(text, secondsPerWord);
  return { bytes, durationSeconds: readWavInfo(bytes)?.durationSeconds ?? 0 };
}

function sizeParameter(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(16, Math.min(1024, Math.round(value))) : fallback;
}

/** A picture of the prompt's nouns (its longer content words), laid out per prompt, moved a little per profile. */
export function textToImage(prompt: string, parameters: Record<string, unknown>, variation: Variation): { bytes: Buffer; picture: Picture } {
  const width = sizeParameter(parameters.width, DEFAULT_SIZE.width);
  const height = sizeParameter(parameters.height, DEFAULT_SIZE.height);
  const subjects = [...new Set(contentWords(prompt).filter((word) => word.length >= 4 && !isStopword(word)))].slice(0, 3);
  const reference = referenceRandom(variation, prompt);
  const laidOut = randomObjects(reference, width, height, Math.max(1, subjects.length), subjects.length > 0 ? subjects : ["thing"]);
  const objects = subjects.length > 0 ? laidOut.map((object, index) => ({ ...object, label: subjects[index]! })) : laidOut;
  const picture: Picture = { width, height, description: prompt, objects: jitterObjects(objects, width, height, variation, profileRandom(variation, prompt)) };
  return { bytes: paintPicture(picture, hashString(`${variation.profileName}\u0000${prompt}`, variation.seed)), picture };
}

export function imageToImage(bytes: Uint8Array, parameters: Record<string, unknown>, variation: Variation): Buffer {
  const source = seePicture(bytes, variation);
  const prompt = typeof parameters.prompt === "string" ? parameters.prompt : "";
  const key = `${bytesKey(bytes)}\u0000${prompt}`;
  const picture: Picture = {
    ...source,
    description: prompt === "" ? source.description : `${source.description}, ${prompt}`,
    objects: jitterObjects(source.objects, source.width, source.height, variation, profileRandom(variation, key)),
  };
  return paintPicture(picture, hashString(`${variation.profileName}\u0000${key}`, variation.seed));
}
