// The sandbox as Hugging Face's inference toolkit (docs/endpoint-apis.md, api: hf-toolkit): one simulated
// toolkit server per task at `/<profile>/toolkit/<task>`, whose `POST` is the toolkit's `POST /`. It takes
// what the task routes take (`{ inputs, parameters }`, or a file's bytes) and answers the same outputs in
// the shapes the toolkit's pipelines give them (huggingface-inference-toolkit: the transformers pipeline's
// return value as is; sentence-transformers' `{ embeddings }` and `{ similarities }`), a batch list-wrapped.
// TEI's `/predict` is served here too: its answer is the classification pipeline's shape (openapi.json, PredictResponse).
import { HF_TOOLKIT_TASKS, type PipelineTask } from "../core/tasks";
import type { TaskRequest } from "./task-requests";

/** `/toolkit/<task>` → the task; `unknown` for another name under `/toolkit/`; null for other paths. */
export function toolkitTaskOf(routePath: string): PipelineTask | "unknown" | null {
  const match = /^\/toolkit(?:\/([^/]+))?$/.exec(routePath);
  if (!match) return null;
  const task = match[1] ?? "";
  return (HF_TOOLKIT_TASKS as readonly string[]).includes(task) ? (task as PipelineTask) : "unknown";
}

export function unknownToolkitMessage(profileName: string, path: string): string {
  return `Unknown path ${path}. Inference toolkit routes: POST /${profileName}/toolkit/<task>, where <task> is one of ${HF_TOOLKIT_TASKS.join(", ")}.`;
}

type Labels = { label: string; score: number }[];

/** Text Embeddings Inference's `/predict` (a sequence-classification model): text classification, answered as TEI does. */
export const TEI_PREDICT_ROUTE = "/predict";

/** Whose shapes a task request is answered in besides hf-inference's: the toolkit's, or TEI's on /predict. */
export type AnswerConvention = "hf-toolkit" | "tei";

/** The task route's answer in the convention's shape: TEI's `/predict` answers one text's `[{ label, score }]` as the pipeline does. */
export function answerInConvention(convention: AnswerConvention, request: TaskRequest, value: unknown): unknown {
  return convention === "tei" && request.task !== "text-classification" ? value : toolkitAnswer(request, value);
}

/** The task route's answer (hf-inference's shape, task-answers.ts) in the toolkit's shape for the same request. */
export function toolkitAnswer(request: TaskRequest, value: unknown): unknown {
  const texts = request.input.kind === "text" ? request.input.texts : [];
  const single = request.input.kind !== "text" || request.input.single;
  switch (request.task) {
    case "text-classification":
      // The pipeline answers one text's labels as a list; a batch, a list per text.
      return single ? (value as Labels[])[0] : value;
    case "token-classification":
      // No aggregation (the toolkit drops aggregation_strategy): each token's class is `entity`.
      return (value as Record<string, unknown>[]).map(({ entity_group, ...item }) => ({ entity: entity_group, ...item }));
    case "zero-shot-classification": {
      const answers = (single ? [value] : value) as Labels[];
      const scored = answers.map((labels, index) => ({ sequence: texts[index] ?? "", labels: labels.map((item) => item.label), scores: labels.map((item) => item.score) }));
      return single ? scored[0] : scored;
    }
    case "feature-extraction":
      return { embeddings: value };
    case "sentence-similarity":
      return { similarities: value };
    case "image-to-text":
      return [value];
    default:
      return value;
  }
}
