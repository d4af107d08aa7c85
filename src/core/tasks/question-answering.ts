// question-answering: an answer found in a context, with its span (client.questionAnswering).
import { z } from "zod";
import { describeValue, taskArgs, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export interface QuestionAnsweringInput {
  question: string;
  context: string;
}

export const questionAnsweringTask: TaskDefinition<QuestionAnsweringInput> = {
  id: "question-answering",
  libraryTask: "question-answering",
  input: z.strictObject({
    question: z.string({ error: "required" }).min(1, "required"),
    context: z.string({ error: "required" }).min(1, "required"),
  }),
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/question-answering",
  describeInput: (input) => describeValue((input as QuestionAnsweringInput).question),
  toValue: (input) => input as QuestionAnsweringInput,
  call: async (inputs, context) => {
    const answer = await context.client.questionAnswering(taskArgs("questionAnswering", inputs, context), context.options);
    return valueResult(answer, answerSummary(answer));
  },
};

/** `"Paris" 0.97`: the answer quoted, then its score when there is one. */
export function answerSummary(answer: { answer?: unknown; score?: unknown }): string {
  const text = JSON.stringify(typeof answer.answer === "string" ? answer.answer : (JSON.stringify(answer.answer) ?? ""));
  return typeof answer.score === "number" ? `${text} ${answer.score.toFixed(2)}` : text;
}
