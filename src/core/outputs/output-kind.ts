// Which kind of output each task gives, so every view (the outputs side by side, the agreement tables)
// picks its renderer and its measure from the task, not from guessing at a value's shape.

/** How an output is shown and compared. */
export type OutputKind =
  /** Generated text: chat, text generation, summaries, translations, captions, transcripts. */
  | "text"
  /** Labels with scores, best first: the classification tasks (and fill-mask's candidate tokens). */
  | "labels"
  /** Spans of the input text with a label: token classification. */
  | "entities"
  /** One answer, with its span in the context when the task gives one. */
  | "answer"
  /** A vector of numbers: embeddings. */
  | "vector"
  /** One similarity score per candidate sentence. */
  | "similarities"
  /** Detected objects: a label, a score and a box in the input image's pixels. */
  | "boxes"
  /** Segments of the input image: a label, a score and a mask image. */
  | "masks"
  /** Generated image bytes (a blob reference). */
  | "image"
  /** Generated audio bytes (a blob reference). */
  | "audio";

const KIND_OF_TASK: Readonly<Record<string, OutputKind>> = {
  "chat-completion": "text",
  "text-generation": "text",
  summarization: "text",
  translation: "text",
  "image-to-text": "text",
  "image-text-to-text": "text",
  "automatic-speech-recognition": "text",
  "feature-extraction": "vector",
  "sentence-similarity": "similarities",
  "text-ranking": "similarities",
  "text-classification": "labels",
  "zero-shot-classification": "labels",
  "image-classification": "labels",
  "zero-shot-image-classification": "labels",
  "audio-classification": "labels",
  "fill-mask": "labels",
  "token-classification": "entities",
  "question-answering": "answer",
  "table-question-answering": "answer",
  "visual-question-answering": "answer",
  "document-question-answering": "answer",
  "object-detection": "boxes",
  "image-segmentation": "masks",
  "text-to-image": "image",
  "image-to-image": "image",
  "text-to-speech": "audio",
};

/** The kind of a task's output; "text" for a task this table does not know (its output is then shown as text). */
export function outputKindOf(task: string): OutputKind {
  return KIND_OF_TASK[task] ?? "text";
}

/** Tasks whose input image the output refers to (boxes and masks are drawn over it). */
export function drawsOverInputImage(kind: OutputKind): boolean {
  return kind === "boxes" || kind === "masks";
}
