// sentence-similarity: one sentence scored against others (client.sentenceSimilarity). An endpoint target
// may speak vLLM's OpenAI-compatible `/score` instead (apis/openai-score.ts): the same scores are kept.
import { z } from "zod";
import { OPENAI_SCORE_SHAPE, openAiScore } from "./apis/openai-score";
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
  apiCalls: {
    openai: async ({ source_sentence, sentences }, context) => {
      const scores = await openAiScore(source_sentence, sentences, context);
      return { ...valueResult(scores, scores.map((score) => score.toFixed(2)).join(", ")), answerShape: OPENAI_SCORE_SHAPE };
    },
  },
};
