// Sentence similarity on vLLM's score route (an OpenAI-compatible server's `/score`, served for embedding and
// cross-encoder models): `POST {endpointUrl}/score` with `{ model, text_1: source, text_2: [sentences] }`,
// answered `{ id, object: "list", model, data: [{ index, object: "score", score }], usage }` (vLLM's
// ScoreRequest and ScoreResponse). One score per sentence, kept in the sentences' order.
import type { TaskCallContext } from "../task-definition";
import { isJsonObject, malformedAnswer } from "./answer-fields";
import { postToEndpoint } from "./endpoint-request";
import { scoresByIndex } from "./rerank-answers";

export const OPENAI_SCORE_SHAPE = "openai.score";
const ROUTE = "/score";

/** The scenario's parameters beside the API's own fields, which win. */
export function openAiScoreBody(source: string, sentences: readonly string[], context: Pick<TaskCallContext, "parameters" | "routing">): string {
  return JSON.stringify({ ...context.parameters, model: context.routing.model, text_1: source, text_2: sentences });
}

/** The scores in the sentences' order; a sentence left out is an error here (similarity has a score for each). */
export function readOpenAiScore(answer: unknown, sentenceCount: number): number[] {
  if (!isJsonObject(answer)) throw malformedAnswer(OPENAI_SCORE_SHAPE, "the answer", "must be an object");
  const scores = scoresByIndex(answer.data, sentenceCount, OPENAI_SCORE_SHAPE, "data", "score");
  const missing = scores.indexOf(null);
  if (missing >= 0) throw malformedAnswer(OPENAI_SCORE_SHAPE, "data", `has no score for sentence ${missing}`);
  return scores as number[];
}

/** Each sentence's score against the source, asked of the server and read from its answer. */
export async function openAiScore(source: string, sentences: readonly string[], context: TaskCallContext): Promise<number[]> {
  return readOpenAiScore(await postToEndpoint(context, ROUTE, openAiScoreBody(source, sentences, context)), sentences.length);
}
