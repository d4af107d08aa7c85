// feature-extraction: embeddings (client.featureExtraction). The vector is kept whole in outputValue (the
// agreement figures compare vectors across targets); `output` shows its shape and first values. An endpoint
// target may speak OpenAI's `/embeddings` or TEI's `/embed` instead (apis/): the same vector is kept, so
// cosine agreement compares a hosted provider with a self-hosted server.
import { OPENAI_EMBEDDINGS_SHAPE, openAiEmbedding } from "./apis/openai-embeddings";
import { TEI_EMBED_SHAPE, teiEmbedding } from "./apis/tei-embed";
import { describeValue, textInputSchema, valueResult } from "./task-io";
import type { TargetCallResult, TaskDefinition, TokenUsage } from "./task-definition";

/** The shape of the library's answer (hf-inference's, an hf-style endpoint's): a vector, or a list of them. */
export const HF_FEATURE_EXTRACTION_SHAPE = "hf.feature-extraction";

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
    return vectorResult(vector, HF_FEATURE_EXTRACTION_SHAPE, null);
  },
  apiCalls: {
    openai: async (text, context) => {
      const { vector, promptTokens } = await openAiEmbedding(text, context);
      return vectorResult(vector, OPENAI_EMBEDDINGS_SHAPE, { promptTokens, completionTokens: null });
    },
    tei: async (text, context) => vectorResult(await teiEmbedding(text, context), TEI_EMBED_SHAPE, null),
  },
};

function vectorResult(vector: unknown, answerShape: string, usage: TokenUsage | null): TargetCallResult {
  return { ...valueResult(vector, summarizeVector(vector)), usage, answerShape };
}

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
