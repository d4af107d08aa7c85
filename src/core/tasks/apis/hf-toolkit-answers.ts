// The answers of Hugging Face's inference toolkit (huggingface-inference-toolkit, the container behind
// Inference Endpoints' default handler): `POST /` with `{ inputs, parameters }` runs the transformers (or
// sentence-transformers) pipeline and serialises what it returns, as it returns it (handler.py,
// webservice_starlette.py, sentence_transformers_utils.py). Those are the pipelines' own shapes, which
// differ from hf-inference's in places (a flat label list, `entity` without aggregation, `{ similarities }`,
// list-wrapped answers for batched inputs). One reader per task: it accepts each shape, names the one seen
// (the record's answerShape) and gives back the value in the form the library reads for that task, so the
// task's own call turns it into the same record as the default's. A field out of shape is named.
import type { Task } from "../task-ids";
import { isJsonObject, malformedAnswer, numberVectorAt } from "./answer-fields";
import { has, labelScore, listDepth, objects, pathOf, type ItemCheck, type ShapeReading } from "./answer-objects";

/** The answer in the form the library's task method reads (hf-inference's), and `hf-toolkit.<task>`, with `[list]` when it came list-wrapped. */
export type ToolkitReading = ShapeReading;

export type ToolkitReader = (answer: unknown) => ToolkitReading;

const zeroShotScores: ItemCheck = (item, shape, field) => {
  if (!Array.isArray(item.labels) || !item.labels.every((label) => typeof label === "string")) throw malformedAnswer(shape, pathOf(field, "labels"), "must be a list of strings");
  const { labels, scores } = item;
  if (!Array.isArray(scores) || scores.length !== labels.length || !scores.every((score) => typeof score === "number" && Number.isFinite(score))) {
    throw malformedAnswer(shape, pathOf(field, "scores"), "must be a list of numbers, one per label");
  }
};

/** Without aggregation (the toolkit drops aggregation_strategy from a request) each token says `entity`, not `entity_group`. */
const tokenEntity: ItemCheck = (item, shape, field) => {
  if (typeof item.entity_group !== "string" && typeof item.entity !== "string") throw malformedAnswer(shape, pathOf(field, "entity_group"), "(or entity) must be a string");
  has({ score: "number", word: "string", start: "number", end: "number" })(item, shape, field);
};

const box: ItemCheck = (item, shape, field) => {
  labelScore(item, shape, field);
  if (!isJsonObject(item.box)) throw malformedAnswer(shape, pathOf(field, "box"), "must be an object");
  has({ xmin: "number", ymin: "number", xmax: "number", ymax: "number" })(item.box, shape, pathOf(field, "box"));
};

/** The pipeline's nested numbers (batch × tokens × dimensions, as deep as the model answers), or sentence-transformers' `{ embeddings }`. */
const embeddings: ToolkitReader = (answer) => {
  if (isJsonObject(answer)) {
    const shape = "hf-toolkit.sentence-embeddings";
    const listed = Array.isArray(answer.embeddings) && Array.isArray(answer.embeddings[0]);
    return { value: numberVectorAt(listed ? (answer.embeddings as unknown[])[0] : answer.embeddings, shape, listed ? "embeddings[0]" : "embeddings"), shape };
  }
  const depth = listDepth(answer);
  let row: unknown = answer;
  for (let level = 1; level < depth; level++) row = (row as unknown[])[0];
  numberVectorAt(row, "hf-toolkit.feature-extraction", depth <= 1 ? "the answer" : "[0]".repeat(depth - 1));
  return { value: answer, shape: "hf-toolkit.feature-extraction" };
};

/** sentence-transformers' `{ similarities }`, or the bare list hf-inference answers. */
const similarities: ToolkitReader = (answer) => {
  const keyed = isJsonObject(answer);
  const shape = keyed ? "hf-toolkit.sentence-similarity" : "hf-toolkit.sentence-similarity[bare]";
  return { value: numberVectorAt(keyed ? answer.similarities : answer, shape, keyed ? "similarities" : "the answer"), shape };
};

/**
 * The tasks the toolkit answers in JSON that the library's own request (`{ inputs, parameters }`, or an
 * image's or a recording's bytes) asks correctly of it, each with its reader. Not here: text generation
 * (the library asks OpenAI's completions of an endpoint: its toolkit call builds the request, hf-toolkit.ts),
 * text ranking (its default request is the toolkit's), chat (Inference Endpoints serve it with TGI or vLLM),
 * and the tasks whose answer is a file (text-to-image, image-to-image, text-to-speech: the toolkit answers
 * JSON unless the request's Accept names a file type, which the library does not send).
 */
export const HF_TOOLKIT_READERS: Readonly<Partial<Record<Task, ToolkitReader>>> = {
  // hf-inference answers `[[{ label, score }]]`; the pipeline, one input's `[{ label, score }]`.
  "text-classification": objects("hf-toolkit.text-classification", 1, labelScore, (labels) => [labels]),
  "token-classification": objects("hf-toolkit.token-classification", 1, tokenEntity, (entities: Record<string, unknown>[]) => entities.map(({ entity, ...item }) => ({ ...item, entity_group: item.entity_group ?? entity }))),
  "zero-shot-classification": objects("hf-toolkit.zero-shot-classification", 0, zeroShotScores, ({ labels, scores }: { labels: string[]; scores: number[] }) => labels.map((label, index) => ({ label, score: scores[index] }))),
  "question-answering": objects("hf-toolkit.question-answering", 0, has({ answer: "string" })),
  "table-question-answering": objects("hf-toolkit.table-question-answering", 0, has({ answer: "string" })),
  "fill-mask": objects("hf-toolkit.fill-mask", 1, has({ score: "number", token: "number", token_str: "string", sequence: "string" })),
  summarization: objects("hf-toolkit.summarization", 1, has({ summary_text: "string" })),
  translation: objects("hf-toolkit.translation", 1, has({ translation_text: "string" })),
  "feature-extraction": embeddings,
  "sentence-similarity": similarities,
  "image-classification": objects("hf-toolkit.image-classification", 1, labelScore),
  "zero-shot-image-classification": objects("hf-toolkit.zero-shot-image-classification", 1, labelScore),
  "audio-classification": objects("hf-toolkit.audio-classification", 1, labelScore),
  "object-detection": objects("hf-toolkit.object-detection", 1, box),
  "image-segmentation": objects("hf-toolkit.image-segmentation", 1, has({ label: "string", mask: "string" })),
  // The library reads one `{ generated_text }`; the pipeline answers a list of them.
  "image-to-text": objects("hf-toolkit.image-to-text", 1, has({ generated_text: "string" }), (captions: unknown[]) => captions[0] ?? { generated_text: "" }),
  "visual-question-answering": objects("hf-toolkit.visual-question-answering", 1, has({ answer: "string", score: "number" })),
  "document-question-answering": objects("hf-toolkit.document-question-answering", 1, has({ answer: "string" })),
  "automatic-speech-recognition": objects("hf-toolkit.automatic-speech-recognition", 0, has({ text: "string" })),
};
