// Pieces the task definitions share: the `{ "file": … }` input part, one-line summaries of inputs and
// outputs, and the result shapes a task call returns.
import { InferenceClientProviderOutputError, type InferenceClient } from "@huggingface/inference";
import { z } from "zod";
import { formatBytes } from "../text";
import { audioInfo, imageInfo } from "./media-info";
import type { TargetCallResult, TaskCallContext } from "./task-definition";

/** An input that is one text: the message names the task, for a scenario that gave it something else. */
export function textInputSchema(task: string) {
  return z.string({ error: `${task} takes a prompt string` });
}

/** A binary input part as written in a scenario: a path relative to the scenario file (or a stored blob's name). */
export interface InputFileRef {
  file: string;
}

export const inputFileSchema = z.strictObject({
  file: z.string({ error: "required: the path of the file, relative to the scenario file" }).min(1, "required"),
});

export function isInputFileRef(value: unknown): value is InputFileRef {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === "file" && typeof (value as { file: unknown }).file === "string";
}

/** A file part as the task method receives it, once read; before reading (validation, tables) its reference. */
export type FilePart = Blob | InputFileRef;

const SUMMARY_TEXT_CHARS = 200;

/** One line of text for tables: a file part reads as its path, an object as its text fields. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return oneLineOf(value);
  if (isInputFileRef(value)) return value.file;
  if (typeof Blob !== "undefined" && value instanceof Blob) return `${value.type || "binary"} ${value.size} bytes`;
  if (Array.isArray(value)) return oneLineOf(value.map(describeValue).join(" | "));
  if (typeof value === "object" && value !== null) {
    return oneLineOf(Object.entries(value).map(([key, part]) => `${key}: ${describeValue(part)}`).join("; "));
  }
  return value === undefined || value === null ? "" : String(value as string | number | boolean | bigint | symbol);
}

function oneLineOf(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > SUMMARY_TEXT_CHARS ? `${line.slice(0, SUMMARY_TEXT_CHARS - 1)}…` : line;
}

/** A text answer: tokens counted, checks read it; `outputValue` keeps the library's parsed answer when it says more than the text. */
export function textResult(text: string, outputValue: unknown = null): TargetCallResult {
  return { output: text, outputKind: "text", outputValue, usage: null, chunkCount: 0, contentChunkCount: 0 };
}

/** A structured answer: kept whole in `outputValue`, with a one-line summary as `output`. */
export function valueResult(outputValue: unknown, summary: string): TargetCallResult {
  return { output: summary, outputKind: "value", outputValue, usage: null, chunkCount: 0, contentChunkCount: 0 };
}

/** A binary answer (image, audio): its reference kept, its bytes handed to the run's blob sink. */
export async function blobResult(blob: Blob, context: TaskCallContext): Promise<TargetCallResult> {
  const ref = await context.keepBlob(blob);
  return valueResult(ref, `${ref.mime} ${await mediaSummary(blob)}`);
}

/** "512×512" for an image, "3.2 s" for a recording, from the file's header (media-info.ts); else its size. */
async function mediaSummary(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const image = imageInfo(bytes);
  if (image) return `${image.width}×${image.height}`;
  const audio = audioInfo(bytes);
  return audio ? `${audio.durationSeconds.toFixed(1)} s` : formatBytes(bytes.byteLength);
}

/** "POSITIVE 0.98" for the best of a list of scored labels (classification answers). */
export function topLabelSummary(labels: readonly { label?: unknown; score?: unknown }[]): string {
  if (labels.length === 0) return "no label";
  const best = labels.reduce((top, item) => (scoreOf(item) > scoreOf(top) ? item : top));
  return `${String(best.label)} ${scoreOf(best).toFixed(2)}`;
}

function scoreOf(item: { score?: unknown }): number {
  return typeof item.score === "number" ? item.score : Number.NEGATIVE_INFINITY;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The arguments of one of the library's task methods. */
export type TaskMethodArgs<Method extends keyof InferenceClient> = InferenceClient[Method] extends (args: infer Args, ...rest: never[]) => unknown ? Args : never;

/**
 * `{ inputs, parameters }`, the body shape of every Hugging Face task route, with the target's routing;
 * no `parameters` key when there are none. The scenario's parameters pass through as they are: the
 * provider judges them, as it would any caller's (the cast is the library's parameter types, unchecked).
 */
export function taskArgs<Method extends keyof InferenceClient>(
  _method: Method,
  inputs: unknown,
  context: TaskCallContext,
  extraParameters: Record<string, unknown> = {},
): TaskMethodArgs<Method> {
  const parameters = { ...context.parameters, ...extraParameters };
  return { inputs, ...(Object.keys(parameters).length > 0 ? { parameters } : {}), ...context.routing } as TaskMethodArgs<Method>;
}

/**
 * Runs a library call keeping a copy of the answer's body (already buffered by the timing fetch: no second
 * read of the wire), for a task whose servers answer in two conventions: when the library refuses the
 * answer's shape (InferenceClientProviderOutputError), `otherConvention` reads the kept body, and its
 * result (non-null) stands in for the library's; else the library's error stands.
 */
export async function withOtherConvention<Result>(
  context: TaskCallContext,
  call: (options: TaskCallContext["options"]) => Promise<Result>,
  otherConvention: (body: unknown) => Result | null,
): Promise<Result> {
  const kept: { answer: Response | null } = { answer: null };
  const fetchKeepingAnswer: typeof fetch = async (input, init) => {
    const response = await context.options.fetch(input, init);
    kept.answer = response.ok ? response.clone() : null;
    return response;
  };
  try {
    return await call({ ...context.options, fetch: fetchKeepingAnswer });
  } catch (error) {
    if (!(error instanceof InferenceClientProviderOutputError) || kept.answer === null) throw error;
    const result = otherConvention(await kept.answer.json().catch(() => undefined));
    if (result === null) throw error;
    return result;
  }
}

/** The Hugging Face answer of a generation: `[{ generated_text }]` (TGI's `/`, hf-inference) or `{ generated_text }` (TGI's `/generate`); else null. */
export function huggingFaceGeneratedText(body: unknown): string | null {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  const text = (first as { generated_text?: unknown } | null | undefined)?.generated_text;
  return typeof text === "string" ? text : null;
}
