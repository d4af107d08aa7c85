// What the output views need to know of the input an output answers: its text (entities are marked in
// it), its context (an answer's span is marked in it) and its image (boxes and masks are drawn over it).
import type { BlobRef } from "../../../../core/tasks";

export interface InputView {
  text: string | null;
  context: string | null;
  image: BlobRef | null;
  /** Sentence similarity's candidate sentences (text ranking's documents), in the order of the scores. */
  sentences: string[] | null;
}

export const NO_INPUT: InputView = { text: null, context: null, image: null, sentences: null };

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** A stored file input (`{ "file": "sha256:<hex>" }`, as a run pins its inputs) as a blob reference; else null. */
function storedFile(value: unknown): BlobRef | null {
  if (typeof value !== "object" || value === null) return null;
  const file = (value as Record<string, unknown>).file;
  const match = typeof file === "string" ? /^sha256:([0-9a-f]{64})$/.exec(file) : null;
  // The type is the stored blob's own; the reference does not know it.
  return match === null ? null : { blob: match[1]!, mime: "application/octet-stream", bytes: 0 };
}

/**
 * The view of a scenario input as the task method takes it: a string (its text), or an object such as
 * `{ question, context }`, `{ text, candidate_labels }`, `{ source_sentence, sentences }`, `{ query, documents }`, `{ file }` or
 * `{ image: { file }, question }`. An image is drawn over only when its bytes are in this browser (a
 * stored file, `sha256:<hex>`).
 */
export function inputViewOf(input: unknown): InputView {
  if (typeof input === "string") return { ...NO_INPUT, text: input };
  if (typeof input !== "object" || input === null) return NO_INPUT;
  const fields = input as Record<string, unknown>;
  const imageBlob = storedFile(input) ?? storedFile(fields.image);
  // Text ranking's documents are scored one by one, as similarity's sentences are.
  const candidates = fields.sentences ?? fields.documents;
  const sentences = Array.isArray(candidates) && candidates.every((item) => typeof item === "string") ? (candidates as string[]) : null;
  return { text: stringOrNull(fields.text) ?? stringOrNull(fields.question) ?? stringOrNull(fields.query), context: stringOrNull(fields.context), image: imageBlob, sentences };
}
