// Feature extraction on an OpenAI-compatible server (vLLM, llama.cpp, Ollama, LocalAI, SGLang, TEI's /v1):
// `POST {endpointUrl}/embeddings` with `{ input, model, encoding_format: "float" }`, answered
// `{ object: "list", data: [{ object: "embedding", index, embedding }], model, usage: { prompt_tokens, total_tokens } }`
// (OpenAI's API reference, "Create embeddings"; vLLM's EmbeddingResponse). The vector is data[0]'s: one input, one vector.
import type { TaskCallContext } from "../task-definition";
import { isJsonObject, malformedAnswer, numberVectorAt } from "./answer-fields";
import { postToEndpoint } from "./endpoint-request";

export const OPENAI_EMBEDDINGS_SHAPE = "openai.embeddings";
const ROUTE = "/embeddings";

/** The request body: the scenario's parameters (dimensions, user, …) beside the API's own fields, which win. */
export function openAiEmbeddingsBody(text: string, context: Pick<TaskCallContext, "parameters" | "routing">): string {
  return JSON.stringify({ ...context.parameters, input: text, model: context.routing.model, encoding_format: "float" });
}

/** One vector and the prompt's token count, from the documented answer; else an error naming the field. */
export function readOpenAiEmbeddings(answer: unknown): { vector: number[]; promptTokens: number | null } {
  if (!isJsonObject(answer)) throw malformedAnswer(OPENAI_EMBEDDINGS_SHAPE, "the answer", "must be an object");
  if (!Array.isArray(answer.data) || answer.data.length === 0) throw malformedAnswer(OPENAI_EMBEDDINGS_SHAPE, "data", "must be a non-empty list");
  // One input was sent: the item of index 0 is its vector, wherever the server listed it.
  const item: unknown = answer.data.find((entry) => isJsonObject(entry) && entry.index === 0) ?? answer.data[0];
  if (!isJsonObject(item)) throw malformedAnswer(OPENAI_EMBEDDINGS_SHAPE, "data[0]", "must be an object");
  if (typeof item.embedding === "string") throw malformedAnswer(OPENAI_EMBEDDINGS_SHAPE, "data[0].embedding", 'is base64, though encoding_format "float" was asked');
  const vector = numberVectorAt(item.embedding, OPENAI_EMBEDDINGS_SHAPE, "data[0].embedding");
  const promptTokens = isJsonObject(answer.usage) ? answer.usage.prompt_tokens : undefined;
  return { vector, promptTokens: typeof promptTokens === "number" ? promptTokens : null };
}

/** The one input's vector, asked of the server and read from its answer. */
export async function openAiEmbedding(text: string, context: TaskCallContext): Promise<{ vector: number[]; promptTokens: number | null }> {
  return readOpenAiEmbeddings(await postToEndpoint(context, ROUTE, openAiEmbeddingsBody(text, context)));
}
