// sentence-similarity: one sentence scored against others (client.sentenceSimilarity).
import { z } from "zod";
import { describeValue, taskArgs, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export interface SentenceSimilarityInput {
  source_sentence: string;
  sentences: string[];
}

export const sentenceSimilarityTask: TaskDefinition<SentenceSimilarityInput> = {
  id: "sentence-similarity",
  libraryTask: "sentence-similarity",
  input: z.strictObject({
    source_sentence: z.string({ error: "required" }).min(1, "required"),
    sentences: z.array(z.string(), { error: "required: a list of sentences" }).min(1, "needs at least one sentence"),
  }),
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/sentence-similarity",
  describeInput: (input) => describeValue((input as SentenceSimilarityInput).source_sentence),
  toValue: (input) => input as SentenceSimilarityInput,
  call: async (inputs, context) => {
    const scores = await context.client.sentenceSimilarity(taskArgs("sentenceSimilarity", inputs, context), context.options);
    return valueResult(scores, scores.map((score) => score.toFixed(2)).join(", "));
  },
};
