// Feature extraction on Text Embeddings Inference's own route: `POST {endpointUrl}/embed` with `{ inputs }`
// (and TEI's options, normalize, truncate, dimensions, … from the scenario's parameters), answered with one
// vector per input, `[[…]]`, whether one text or a list was sent (TEI's openapi.json: EmbedRequest, EmbedResponse).
import type { TaskCallContext } from "../task-definition";
import { malformedAnswer, numberVectorAt } from "./answer-fields";
import { postToEndpoint } from "./endpoint-request";

export const TEI_EMBED_SHAPE = "tei.embed";
const ROUTE = "/embed";

/** TEI serves the one model it was started with: the body names none. */
export function teiEmbedBody(text: string, context: Pick<TaskCallContext, "parameters">): string {
  return JSON.stringify({ ...context.parameters, inputs: text });
}

/** The one input's vector: the first row of the answer's list of vectors; else an error naming the field. */
export function readTeiEmbed(answer: unknown): number[] {
  if (!Array.isArray(answer) || answer.length === 0) throw malformedAnswer(TEI_EMBED_SHAPE, "the answer", "must be a non-empty list of vectors");
  if (!Array.isArray(answer[0])) throw malformedAnswer(TEI_EMBED_SHAPE, "[0]", "must be a vector (a list of numbers)");
  return numberVectorAt(answer[0], TEI_EMBED_SHAPE, "[0]");
}

/** The one input's vector, asked of the server and read from its answer. */
export async function teiEmbedding(text: string, context: TaskCallContext): Promise<number[]> {
  return readTeiEmbed(await postToEndpoint(context, ROUTE, teiEmbedBody(text, context)));
}
