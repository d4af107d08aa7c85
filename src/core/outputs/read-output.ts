// Reads a record's parsed output (untrusted JSON from a provider, as the library returned it) into the
// few shapes the views draw and the agreement measures compare. Anything that is not the expected shape
// reads as null, so a malformed answer is shown as missing rather than trusted.
import { isBlobRef, type BlobRef } from "../tasks";

export interface ScoredLabel {
  label: string;
  /** null when the provider gave no score. */
  score: number | null;
}

export interface Entity {
  label: string;
  score: number | null;
  word: string;
  /** Character offsets in the input text; null when the provider gave none. */
  start: number | null;
  end: number | null;
}

export interface Answer {
  answer: string;
  score: number | null;
  /** Character offsets of the answer in the context (question answering); null when not given. */
  start: number | null;
  end: number | null;
}

export interface DetectedBox {
  label: string;
  score: number | null;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

export interface Segment {
  label: string;
  score: number | null;
  /** The mask as base64 PNG (checked to hold only base64 characters). */
  maskBase64Png: string;
}

export interface VectorOutput {
  /** The nested arrays' lengths, outermost first ([768], [1, 768], [12, 768]). */
  shape: number[];
  /** One vector when the output is one (or one row of one): what cosine similarity compares; else null. */
  vector: number[] | null;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Some providers wrap a list in one more list ([[{label, score}, …]]): one level is unwrapped. */
function unwrapSingleList(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 && Array.isArray(value[0]) ? value[0] : value;
}

/** Labels with scores, best first. fill-mask's candidates read as their token ({token_str, score}). */
export function readLabels(value: unknown): ScoredLabel[] | null {
  const list = unwrapSingleList(value);
  if (!Array.isArray(list)) return null;
  const labels: ScoredLabel[] = [];
  for (const item of list) {
    if (!isObject(item)) return null;
    const label = typeof item.label === "string" ? item.label : typeof item.token_str === "string" ? item.token_str : null;
    if (label === null) return null;
    labels.push({ label, score: finiteOrNull(item.score) });
  }
  // A stable sort: equal scores keep the provider's order.
  return labels.sort((a, b) => (b.score ?? -Infinity) - (a.score ?? -Infinity));
}

export function readEntities(value: unknown): Entity[] | null {
  const list = unwrapSingleList(value);
  if (!Array.isArray(list)) return null;
  const entities: Entity[] = [];
  for (const item of list) {
    if (!isObject(item)) return null;
    const label = typeof item.entity_group === "string" ? item.entity_group : typeof item.entity === "string" ? item.entity : null;
    if (label === null) return null;
    const start = finiteOrNull(item.start);
    const end = finiteOrNull(item.end);
    const spanOk = start !== null && end !== null && Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start;
    entities.push({ label, score: finiteOrNull(item.score), word: typeof item.word === "string" ? item.word : "", start: spanOk ? start : null, end: spanOk ? end : null });
  }
  return entities;
}

/** One answer: the object itself, or the first of a list (visual and document question answering give lists). */
export function readAnswer(value: unknown): Answer | null {
  const item: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (!isObject(item) || typeof item.answer !== "string") return null;
  const start = finiteOrNull(item.start);
  const end = finiteOrNull(item.end);
  const spanOk = start !== null && end !== null && Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start;
  return { answer: item.answer, score: finiteOrNull(item.score), start: spanOk ? start : null, end: spanOk ? end : null };
}

export function readBoxes(value: unknown): DetectedBox[] | null {
  if (!Array.isArray(value)) return null;
  const boxes: DetectedBox[] = [];
  for (const item of value) {
    if (!isObject(item) || !isObject(item.box) || typeof item.label !== "string") return null;
    const [xmin, ymin, xmax, ymax] = [item.box.xmin, item.box.ymin, item.box.xmax, item.box.ymax].map(finiteOrNull);
    if (xmin == null || ymin == null || xmax == null || ymax == null || xmax < xmin || ymax < ymin) return null;
    boxes.push({ label: item.label, score: finiteOrNull(item.score), xmin, ymin, xmax, ymax });
  }
  return boxes;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function readSegments(value: unknown): Segment[] | null {
  if (!Array.isArray(value)) return null;
  const segments: Segment[] = [];
  for (const item of value) {
    if (!isObject(item) || typeof item.label !== "string" || typeof item.mask !== "string") return null;
    // A data: URL from anything but base64 characters could carry another type: such a mask is refused.
    const mask = item.mask.replace(/^data:image\/png;base64,/, "");
    if (!BASE64.test(mask)) return null;
    segments.push({ label: item.label, score: finiteOrNull(item.score), maskBase64Png: mask });
  }
  return segments;
}

/** Numbers, nested to any depth in rectangular lists. */
export function readVector(value: unknown): VectorOutput | null {
  const shape: number[] = [];
  let level: unknown = value;
  while (Array.isArray(level)) {
    shape.push(level.length);
    level = level[0];
  }
  if (shape.length === 0 || typeof level !== "number") return null;
  const flat = (value as unknown[]).flat(shape.length - 1) as unknown[];
  if (!flat.every((item) => typeof item === "number" && Number.isFinite(item))) return null;
  const numbers = flat as number[];
  const outer = shape.slice(0, -1).reduce((product, length) => product * length, 1);
  if (numbers.length !== outer * (shape[shape.length - 1] ?? 0)) return null;
  return { shape, vector: outer === 1 ? numbers : null };
}

export function readSimilarities(value: unknown): number[] | null {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "number" && Number.isFinite(item))) return null;
  return value as number[];
}

/** A binary output's reference (tasks/output-value.ts); anything else is not one. */
export function readBlobRef(value: unknown): BlobRef | null {
  return isBlobRef(value) ? value : null;
}

/** Euclidean length of a vector. */
export function vectorNorm(vector: readonly number[]): number {
  let sum = 0;
  for (const value of vector) sum += value * value;
  return Math.sqrt(sum);
}

/** Fields that hold a text task's whole text in the library's outputs (ASR, generation, summary, translation). */
const TEXT_FIELDS = ["text", "generated_text", "summary_text", "translation_text"] as const;

/** A text output's whole text from its parsed value ({ text }, [{ generated_text }], …); null when it has none. */
export function readOutputText(value: unknown): string | null {
  const item: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (!isObject(item)) return null;
  for (const field of TEXT_FIELDS) if (typeof item[field] === "string") return item[field];
  return null;
}
