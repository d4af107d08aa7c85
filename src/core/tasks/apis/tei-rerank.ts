// Text ranking on Text Embeddings Inference's own route (a reranker, a sequence-classification model with
// one label): `POST {endpointUrl}/rerank` with `{ query, texts }` (and `raw_scores`, `truncate`,
// `truncation_direction` from the scenario's parameters), answered `[{ index, score, text? }]`, best first
// (TEI's openapi.json: RerankRequest, RerankResponse, Rank).
import type { TaskCallContext } from "../task-definition";
import { postToEndpoint } from "./endpoint-request";
import { scoresByIndex } from "./rerank-answers";

export const TEI_RERANK_SHAPE = "tei.rerank";
const ROUTE = "/rerank";

/** TEI serves the one model it was started with: the body names none; the texts are not asked back. */
export function teiRerankBody(query: string, documents: readonly string[], context: Pick<TaskCallContext, "parameters">): string {
  return JSON.stringify({ ...context.parameters, query, texts: documents, return_text: false });
}

export function readTeiRerank(answer: unknown, documentCount: number): (number | null)[] {
  return scoresByIndex(answer, documentCount, TEI_RERANK_SHAPE, "the answer", "score");
}

/** Each document's score, asked of the server and read from its answer. */
export async function teiRerank(query: string, documents: readonly string[], context: TaskCallContext): Promise<(number | null)[]> {
  return readTeiRerank(await postToEndpoint(context, ROUTE, teiRerankBody(query, documents, context)), documents.length);
}
