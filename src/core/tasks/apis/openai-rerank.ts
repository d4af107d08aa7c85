// Text ranking on an OpenAI-compatible server's rerank route, the Cohere/Jina shape that vLLM, llama.cpp's
// server, Infinity, LocalAI and TEI's compatibility layer serve: `POST {endpointUrl}/rerank` with
// `{ model, query, documents, top_n }`, answered `{ results: [{ index, relevance_score, document? }], usage? }`,
// best first (vLLM's RerankRequest/RerankResponse; Jina's and Cohere's rerank API references). Every
// document is asked for (top_n: all of them), so each has a score to compare.
import type { TaskCallContext } from "../task-definition";
import { isJsonObject, malformedAnswer } from "./answer-fields";
import { postToEndpoint } from "./endpoint-request";
import { scoresByIndex } from "./rerank-answers";

export const OPENAI_RERANK_SHAPE = "openai.rerank";
const ROUTE = "/rerank";

/** The scenario's parameters beside the API's own fields, which win. */
export function openAiRerankBody(query: string, documents: readonly string[], context: Pick<TaskCallContext, "parameters" | "routing">): string {
  return JSON.stringify({ ...context.parameters, model: context.routing.model, query, documents, top_n: documents.length, return_documents: false });
}

export function readOpenAiRerank(answer: unknown, documentCount: number): (number | null)[] {
  if (!isJsonObject(answer)) throw malformedAnswer(OPENAI_RERANK_SHAPE, "the answer", "must be an object");
  return scoresByIndex(answer.results, documentCount, OPENAI_RERANK_SHAPE, "results", "relevance_score");
}

/** Each document's score, asked of the server and read from its answer. */
export async function openAiRerank(query: string, documents: readonly string[], context: TaskCallContext): Promise<(number | null)[]> {
  return readOpenAiRerank(await postToEndpoint(context, ROUTE, openAiRerankBody(query, documents, context)), documents.length);
}
