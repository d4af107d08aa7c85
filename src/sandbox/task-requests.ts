// Request bodies of the Hugging Face task routes (`POST /<profile>/pipeline/<task>`), as
// @huggingface/inference sends them to an hf-inference-style endpoint: JSON `{ inputs, parameters }`,
// or the raw bytes of an image or a recording. Unknown JSON or bytes in, a typed request or a problem out.

import type { PipelineTask } from "../core/tasks";

// The task routes served are core's list of tasks, less the two the library sends to the chat route.
export { isPipelineTask, PIPELINE_TASKS, type PipelineTask } from "../core/tasks";

export type TaskInput =
  | { kind: "text"; texts: string[]; single: boolean }
  | { kind: "question"; question: string; context: string }
  | { kind: "table"; query: string; table: Record<string, string[]> }
  | { kind: "similarity"; source: string; sentences: string[] }
  | { kind: "media"; bytes: Uint8Array }
  | { kind: "media-question"; question: string; bytes: Uint8Array };

export interface TaskRequest {
  task: PipelineTask;
  input: TaskInput;
  /** `parameters` as sent (an object), or `{}`; raw-bytes bodies carry none. */
  parameters: Record<string, unknown>;
  /** Zero-shot tasks: the labels to choose from. */
  candidateLabels: string[];
  /** Text generation asked for a token stream (`"stream": true`). */
  stream: boolean;
}

export type ParsedTask = { ok: true; request: TaskRequest } | { ok: false; message: string };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string");
}

function problem(message: string): ParsedTask {
  return { ok: false, message };
}

/** A body is JSON when it says so, or says nothing and looks like it; an image or a recording otherwise. */
export function decodeTaskBody(raw: Buffer, contentType: string | undefined): { json: unknown } | { bytes: Uint8Array } | { error: string } {
  const declared = (contentType ?? "").toLowerCase();
  const first = raw.find((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
  const looksLikeJson = first === 0x7b || first === 0x5b || first === 0x22;
  if (declared.includes("json") || ((declared === "" || declared.startsWith("text/plain")) && looksLikeJson)) {
    try {
      return { json: JSON.parse(raw.toString("utf8")) };
    } catch (error) {
      return { error: `We could not parse the JSON body of your request: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { bytes: raw };
}

const BINARY_TASKS: ReadonlySet<PipelineTask> = new Set([
  "image-to-image",
  "image-classification",
  "zero-shot-image-classification",
  "object-detection",
  "image-segmentation",
  "image-to-text",
  "automatic-speech-recognition",
  "audio-classification",
]);

/** What `candidate_labels` must be for the zero-shot tasks. */
function readCandidateLabels(parameters: JsonObject): string[] | string {
  const labels = parameters.candidate_labels;
  if (labels === undefined || labels === null) return "Missing required parameter: 'parameters.candidate_labels'.";
  if (typeof labels === "string" && labels.trim() !== "") return labels.split(",").map((label) => label.trim());
  if (!isStringArray(labels)) return "Invalid value for 'parameters.candidate_labels': expected a non-empty array of strings.";
  return labels;
}

function fromBase64(value: unknown, param: string): Uint8Array | string {
  if (typeof value !== "string" || value === "") return `Invalid value for '${param}': expected the bytes in base64.`;
  const bytes = Buffer.from(value, "base64");
  if (bytes.length === 0) return `Invalid value for '${param}': expected the bytes in base64.`;
  return bytes;
}

function readJsonInput(task: PipelineTask, inputs: unknown): TaskInput | string {
  switch (task) {
    case "question-answering": {
      if (!isObject(inputs) || typeof inputs.question !== "string" || typeof inputs.context !== "string") {
        return "Invalid value for 'inputs': expected { question: string, context: string }.";
      }
      return { kind: "question", question: inputs.question, context: inputs.context };
    }
    case "table-question-answering": {
      const table = isObject(inputs) ? inputs.table : undefined;
      // The library's types say `question`; the router's recorded requests say `query`: both are served.
      const query = isObject(inputs) ? (inputs.question ?? inputs.query) : undefined;
      if (typeof query !== "string" || !isObject(table)) {
        return "Invalid value for 'inputs': expected { question: string, table: { column: [cells] } }.";
      }
      const columns = Object.entries(table);
      if (columns.length === 0 || !columns.every(([, cells]) => Array.isArray(cells) && cells.every((cell) => typeof cell === "string"))) {
        return "Invalid value for 'inputs.table': expected every column to be an array of strings.";
      }
      return { kind: "table", query, table: table as Record<string, string[]> };
    }
    case "sentence-similarity": {
      if (!isObject(inputs) || typeof inputs.source_sentence !== "string" || !isStringArray(inputs.sentences)) {
        return "Invalid value for 'inputs': expected { source_sentence: string, sentences: string[] }.";
      }
      return { kind: "similarity", source: inputs.source_sentence, sentences: inputs.sentences };
    }
    case "text-ranking": {
      // The inference toolkit's sentence-ranking inputs; TEI's and OpenAI's rerank bodies arrive as these (own-api-answers.ts).
      if (!isObject(inputs) || typeof inputs.query !== "string" || !isStringArray(inputs.texts)) {
        return "Invalid value for 'inputs': expected { query: string, texts: string[] }.";
      }
      return { kind: "similarity", source: inputs.query, sentences: inputs.texts };
    }
    case "visual-question-answering":
    case "document-question-answering": {
      if (!isObject(inputs) || typeof inputs.question !== "string") {
        return "Invalid value for 'inputs': expected { question: string, image: base64 }.";
      }
      const bytes = fromBase64(inputs.image, "inputs.image");
      return typeof bytes === "string" ? bytes : { kind: "media-question", question: inputs.question, bytes };
    }
    case "zero-shot-image-classification": {
      const bytes = fromBase64(isObject(inputs) ? inputs.image : inputs, isObject(inputs) ? "inputs.image" : "inputs");
      return typeof bytes === "string" ? bytes : { kind: "media", bytes };
    }
    default: {
      if (BINARY_TASKS.has(task)) {
        const bytes = fromBase64(inputs, "inputs");
        return typeof bytes === "string" ? bytes : { kind: "media", bytes };
      }
      if (typeof inputs === "string") return { kind: "text", texts: [inputs], single: true };
      if (isStringArray(inputs)) return { kind: "text", texts: inputs, single: false };
      return "Invalid value for 'inputs': expected a string or a non-empty array of strings.";
    }
  }
}

export function parseTaskRequest(task: PipelineTask, body: { json: unknown } | { bytes: Uint8Array }): ParsedTask {
  if ("bytes" in body) {
    if (!BINARY_TASKS.has(task) || task === "zero-shot-image-classification") {
      return problem(`${task} takes a JSON body; got ${body.bytes.length} bytes of something else.`);
    }
    if (body.bytes.length === 0) return problem("The request body is empty: send the file's bytes.");
    return { ok: true, request: { task, input: { kind: "media", bytes: body.bytes }, parameters: {}, candidateLabels: [], stream: false } };
  }
  const json = body.json;
  if (!isObject(json)) return problem("The request body must be a JSON object.");
  // The library's text generation speaks OpenAI completions even to an hf-inference-style endpoint.
  const inputs = task === "text-generation" && json.inputs === undefined ? json.prompt : json.inputs;
  if (inputs === undefined || inputs === null) return problem("Missing required parameter: 'inputs'.");
  if (json.parameters !== undefined && json.parameters !== null && !isObject(json.parameters)) {
    return problem("Invalid value for 'parameters': expected an object.");
  }
  const parameters = isObject(json.parameters) ? json.parameters : {};
  const input = readJsonInput(task, inputs);
  if (typeof input === "string") return problem(input);
  let candidateLabels: string[] = [];
  if (task === "zero-shot-classification" || task === "zero-shot-image-classification") {
    const labels = readCandidateLabels(parameters);
    if (typeof labels === "string") return problem(labels);
    candidateLabels = labels;
  }
  // OpenAI-style fields of a completions body count as parameters.
  const merged = task === "text-generation" && typeof json.max_tokens === "number" ? { max_new_tokens: json.max_tokens, ...parameters } : parameters;
  return { ok: true, request: { task, input, parameters: merged, candidateLabels, stream: task === "text-generation" && json.stream === true } };
}
