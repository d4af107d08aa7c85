// What the output views need to know of the input an output answers: its text (entities are marked in
// it), its context (an answer's span is marked in it) and its image (boxes and masks are drawn over it).
import type { BlobReference } from "../../../../core/outputs/read-output";

export interface InputView {
  text: string | null;
  context: string | null;
  image: BlobReference | null;
  /** Sentence similarity's candidate sentences, in the order of the scores. */
  sentences: string[] | null;
}

export const NO_INPUT: InputView = { text: null, context: null, image: null, sentences: null };

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/**
 * The view of a scenario input as the task method takes it: a string (its text), or an object such as
 * `{ question, context }`, `{ text, candidate_labels }`, `{ source_sentence, sentences }`. An image input
 * is drawn over only when its bytes are known by hash (`imageBlob`).
 */
export function inputViewOf(input: unknown, imageBlob: BlobReference | null = null): InputView {
  if (typeof input === "string") return { text: input, context: null, image: imageBlob, sentences: null };
  if (typeof input !== "object" || input === null) return { ...NO_INPUT, image: imageBlob };
  const fields = input as Record<string, unknown>;
  const sentences = Array.isArray(fields.sentences) && fields.sentences.every((item) => typeof item === "string") ? (fields.sentences as string[]) : null;
  return { text: stringOrNull(fields.text) ?? stringOrNull(fields.question), context: stringOrNull(fields.context), image: imageBlob, sentences };
}
