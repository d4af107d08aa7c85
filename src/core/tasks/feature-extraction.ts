// feature-extraction: embeddings (client.featureExtraction). The vector is kept whole in outputValue (the
// agreement figures compare vectors across targets); `output` shows its shape and first values.
import { describeValue, textInputSchema, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const featureExtractionTask: TaskDefinition<string> = {
  id: "feature-extraction",
  libraryTask: "feature-extraction",
  input: textInputSchema("feature-extraction"),
  acceptsText: true,
  streams: false,
  textOutput: false,
  figures: [],
  // The OpenAI-style base `/v1` gets `/embeddings`: the HF/TEI `{ inputs }` body, which TEI and the sandbox accept there.
  endpointRoute: "/embeddings",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (text, context) => {
    const vector = await context.client.featureExtraction({ ...context.parameters, ...context.routing, inputs: text }, context.options);
    return valueResult(vector, summarizeVector(vector));
  },
};

const VECTOR_PREVIEW_LENGTH = 8;

/** A vector in one line: its shape and first values. */
export function summarizeVector(vector: unknown): string {
  const shape: number[] = [];
  let level: unknown = vector;
  while (Array.isArray(level)) {
    shape.push(level.length);
    level = level[0];
  }
  let first: unknown = vector;
  while (Array.isArray(first) && Array.isArray(first[0])) first = first[0];
  const values = Array.isArray(first) ? (first as unknown[]).slice(0, VECTOR_PREVIEW_LENGTH) : [first];
  const preview = values.map((value) => (typeof value === "number" ? Number(value.toPrecision(4)) : String(value))).join(", ");
  const more = Array.isArray(first) && first.length > VECTOR_PREVIEW_LENGTH ? ", …" : "";
  return `shape=${shape.join("x") || "scalar"} [${preview}${more}]`;
}
