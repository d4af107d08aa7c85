// The task routes' answers in servers' own APIs (docs/endpoint-apis.md), so each API can be tried without
// its server:
// - Hugging Face's inference toolkit (api: hf-toolkit): one simulated toolkit server per task at
//   `/<profile>/toolkit/<task>`, whose `POST` is the toolkit's `POST /`. It takes what the task routes take
//   (`{ inputs, parameters }`, or a file's bytes) and answers the same outputs in the shapes the toolkit's
//   pipelines give them (huggingface-inference-toolkit: the transformers pipeline's return value as is;
//   sentence-transformers' `{ embeddings }` and `{ similarities }`), a batch list-wrapped.
// - TEI's `/predict`: its answer is the classification pipeline's shape (openapi.json, PredictResponse).
// - OpenAI's `/v1/images/generations` (`{ prompt }` in, `{ data: [{ b64_json }] }` out) and `/v1/audio/speech`
//   (`{ input }` in, the audio file out).
import { HF_TOOLKIT_TASKS, type PipelineTask } from "../core/tasks";
import type { TaskBody } from "./task-answers";
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

/** Whose shapes a task request is answered in besides hf-inference's: the toolkit's, TEI's on /predict, OpenAI's (openai-task-routes.ts). */
export type AnswerConvention = "hf-toolkit" | "tei" | "openai";

/**
 * The task route's answer in the convention's shape: TEI's `/predict` answers one text's `[{ label, score }]`
 * as the pipeline does; OpenAI's images answer is JSON with the image in base64, its speech the file as is.
 */
export function bodyInConvention(convention: AnswerConvention, request: TaskRequest, body: TaskBody): TaskBody {
  if (convention === "openai") return body.kind === "file" && request.task === "text-to-image" ? { kind: "json", value: openAiImagesAnswer(body.bytes) } : body;
  if (body.kind !== "json" || (convention === "tei" && request.task !== "text-classification")) return body;
  return { kind: "json", value: toolkitAnswer(request, body.value) };
}

/** OpenAI's "Create image" answer: `{ created, data: [{ b64_json }] }`. */
function openAiImagesAnswer(bytes: Uint8Array): unknown {
  return { created: Math.floor(Date.now() / 1000), data: [{ b64_json: Buffer.from(bytes).toString("base64") }] };
}

/** OpenAI's JSON routes for tasks the task routes play: the field that carries the input, the rest parameters. */
const OPENAI_TASK_ROUTES: Readonly<Record<string, { task: PipelineTask; inputField: string }>> = {
  "/v1/images/generations": { task: "text-to-image", inputField: "prompt" },
  "/v1/audio/speech": { task: "text-to-speech", inputField: "input" },
};

export function openAiTaskOf(routePath: string): PipelineTask | null {
  return OPENAI_TASK_ROUTES[routePath]?.task ?? null;
}

/** OpenAI's body as the task route's `{ inputs, parameters }` (model and n dropped: the sandbox plays one model, one image). */
export function asTaskRouteBody(task: PipelineTask, json: unknown): unknown {
  const route = Object.values(OPENAI_TASK_ROUTES).find((entry) => entry.task === task);
  if (route === undefined || typeof json !== "object" || json === null || Array.isArray(json)) return json;
  const { [route.inputField]: inputs, model: _model, n: _n, ...parameters } = json as Record<string, unknown>;
  return { inputs, parameters };
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
