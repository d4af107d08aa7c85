// Text classification on Text Embeddings Inference's own route (a sequence-classification model):
// `POST {endpointUrl}/predict` with `{ inputs }` (and TEI's `raw_scores`, `truncate`, `truncation_direction`
// from the scenario's parameters), answered with one input's predictions `[{ label, score }]`, or a batch's
// `[[…]]` (TEI's openapi.json: PredictRequest, PredictResponse, Prediction).
import type { TaskCallContext } from "../task-definition";
import { labelScore, objects, type ShapeReading } from "./answer-objects";
import { postToEndpoint } from "./endpoint-request";

export const TEI_PREDICT_SHAPE = "tei.predict";
const ROUTE = "/predict";

/** TEI serves the one model it was started with: the body names none. */
export function teiPredictBody(text: string, context: Pick<TaskCallContext, "parameters">): string {
  return JSON.stringify({ ...context.parameters, inputs: text });
}

/** The one input's labels with scores; a batch's first; else an error naming the field. */
export const readTeiPredict: (answer: unknown) => ShapeReading = objects(TEI_PREDICT_SHAPE, 1, labelScore);

/** The one input's predictions, asked of the server and read from its answer. */
export async function teiPrediction(text: string, context: TaskCallContext): Promise<ShapeReading> {
  return readTeiPredict(await postToEndpoint(context, ROUTE, teiPredictBody(text, context)));
}
