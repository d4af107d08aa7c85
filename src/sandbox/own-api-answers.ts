// The task routes' answers in servers' own APIs (docs/endpoint-apis.md), so each API can be tried without
// its server:
// - Hugging Face's inference toolkit (api: hf-toolkit): one simulated toolkit server per task at
//   `/<profile>/toolkit/<task>`, whose `POST` is the toolkit's `POST /`. It takes what the task routes take
//   (`{ inputs, parameters }`, or a file's bytes) and answers the same outputs in the shapes the toolkit's
//   pipelines give them (huggingface-inference-toolkit: the transformers pipeline's return value as is;
//   sentence-transformers' `{ embeddings }` and `{ similarities }`), a batch list-wrapped.
// - TEI's `/predict` (its answer is the classification pipeline's shape) and `/rerank`.
// - OpenAI's `/v1/images/generations` (`{ prompt }` in, `{ data: [{ b64_json }] }` out), `/v1/audio/speech`
//   (`{ input }` in, the audio file out), the Cohere/Jina-style `/v1/rerank` and vLLM's `/v1/score`.
import { endpointApisOf, PIPELINE_TASKS, taskDefinition, type PipelineTask } from "../core/tasks";
import type { TaskBody } from "./task-answers";
import type { TaskRequest } from "./task-requests";

/** The tasks an endpoint target may ask of the inference toolkit (core/tasks/endpoint-apis.ts), each a toolkit route here. */
const HF_TOOLKIT_TASKS: readonly PipelineTask[] = PIPELINE_TASKS.filter((task) => endpointApisOf(taskDefinition(task)).includes("hf-toolkit"));

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

/** Whose shapes a task request is answered in besides hf-inference's: the toolkit's, TEI's, OpenAI's. */
export type AnswerConvention = "hf-toolkit" | "tei" | "openai";

type JsonObject = Record<string, unknown>;

/** A server's own route for a task the task routes play: its task, its shapes, and its body as the task route's. */
export interface OwnApiRoute {
  task: PipelineTask;
  convention: AnswerConvention;
  /** The body as the task route's `{ inputs, parameters }` (a model name dropped: the sandbox plays one model). */
  toTaskBody?: (body: JsonObject) => unknown;
}

const OWN_API_ROUTES: Readonly<Record<string, OwnApiRoute>> = {
  // TEI's sequence classification and reranking (openapi.json: PredictRequest, RerankRequest).
  "/predict": { task: "text-classification", convention: "tei" },
  "/rerank": { task: "text-ranking", convention: "tei", toTaskBody: ({ query, texts, ...parameters }) => ({ inputs: { query, texts }, parameters }) },
  // The Cohere/Jina-style rerank of OpenAI-compatible servers; OpenAI's images and speech.
  "/v1/rerank": { task: "text-ranking", convention: "openai", toTaskBody: ({ query, documents, model: _model, ...parameters }) => ({ inputs: { query, texts: documents }, parameters }) },
  // vLLM's score route: a source against each sentence (ScoreRequest's text_1, text_2).
  "/v1/score": { task: "sentence-similarity", convention: "openai", toTaskBody: ({ text_1, text_2, model: _model, ...parameters }) => ({ inputs: { source_sentence: text_1, sentences: text_2 }, parameters }) },
  "/v1/images/generations": { task: "text-to-image", convention: "openai", toTaskBody: ({ prompt, model: _model, n: _n, ...parameters }) => ({ inputs: prompt, parameters }) },
  "/v1/audio/speech": { task: "text-to-speech", convention: "openai", toTaskBody: ({ input, model: _model, ...parameters }) => ({ inputs: input, parameters }) },
};

export function ownApiRouteOf(routePath: string): OwnApiRoute | null {
  return Object.hasOwn(OWN_API_ROUTES, routePath) ? OWN_API_ROUTES[routePath]! : null;
}

/** A JSON body as the task route's, for a route that names its fields its own way. */
export function asTaskRouteBody(route: OwnApiRoute | undefined, json: unknown): unknown {
  if (route?.toTaskBody === undefined || typeof json !== "object" || json === null || Array.isArray(json)) return json;
  return route.toTaskBody(json as JsonObject);
}

/**
 * The task route's answer in the convention's shape: TEI's `/predict` answers one text's `[{ label, score }]`
 * as the pipeline does; a rerank its list of `{ index, score }` (TEI) or `{ results: [{ index,
 * relevance_score }] }` (OpenAI-style, cut to top_n); OpenAI's images answer is JSON with the image in
 * base64, its speech the file as is.
 */
export function bodyInConvention(convention: AnswerConvention, request: TaskRequest, body: TaskBody): TaskBody {
  if (request.task === "text-ranking" && body.kind === "json") return { kind: "json", value: rerankAnswer(convention, request, body.value) };
  if (request.task === "sentence-similarity" && convention === "openai" && body.kind === "json") return { kind: "json", value: scoreAnswer(body.value as number[]) };
  if (convention === "openai") return body.kind === "file" && request.task === "text-to-image" ? { kind: "json", value: openAiImagesAnswer(body.bytes) } : body;
  if (body.kind !== "json" || (convention === "tei" && request.task !== "text-classification")) return body;
  return { kind: "json", value: toolkitAnswer(request, body.value) };
}

function rerankAnswer(convention: AnswerConvention, request: TaskRequest, value: unknown): unknown {
  const ranks = (value as { scores: { index: number; score: number }[] }).scores;
  if (convention === "tei") return ranks;
  if (convention !== "openai") return value;
  const topN = typeof request.parameters.top_n === "number" && request.parameters.top_n >= 1 ? request.parameters.top_n : ranks.length;
  return { id: "rerank-sandbox", results: ranks.slice(0, topN).map(({ index, score }) => ({ index, relevance_score: score })) };
}

/** vLLM's ScoreResponse: one `{ index, object: "score", score }` per sentence. */
function scoreAnswer(scores: readonly number[]): unknown {
  return { id: "score-sandbox", object: "list", model: "sandbox", data: scores.map((score, index) => ({ index, object: "score", score })) };
}

/** OpenAI's "Create image" answer: `{ created, data: [{ b64_json }] }`. */
function openAiImagesAnswer(bytes: Uint8Array): unknown {
  return { created: Math.floor(Date.now() / 1000), data: [{ b64_json: Buffer.from(bytes).toString("base64") }] };
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
