// visual-question-answering: a question about an image answered (client.visualQuestionAnswering).
import { z } from "zod";
import { answerSummary } from "./question-answering";
import { describeValue, inputFileSchema, taskArgs, valueResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export interface ImageQuestionInput {
  image: FilePart;
  question: string;
}

export const imageQuestionSchema = z.strictObject({
  image: inputFileSchema,
  question: z.string({ error: "required" }).min(1, "required"),
});

export const visualQuestionAnsweringTask: TaskDefinition<ImageQuestionInput> = {
  id: "visual-question-answering",
  libraryTask: "visual-question-answering",
  input: imageQuestionSchema,
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/visual-question-answering",
  describeInput: (input) => describeValue((input as ImageQuestionInput).question),
  toValue: (input) => input as ImageQuestionInput,
  call: async (inputs, context) => {
    const args = taskArgs("visualQuestionAnswering", inputs, context);
    const answer = await context.client.visualQuestionAnswering(args, context.options);
    return valueResult(answer, answerSummary(answer));
  },
};
