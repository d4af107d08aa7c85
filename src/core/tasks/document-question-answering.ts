// document-question-answering: a question about a document image answered, with its span (client.documentQuestionAnswering).
import { answerSummary } from "./question-answering";
import { describeValue, taskArgs, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";
import { imageQuestionSchema, type ImageQuestionInput } from "./visual-question-answering";

export const documentQuestionAnsweringTask: TaskDefinition<ImageQuestionInput> = {
  id: "document-question-answering",
  libraryTask: "document-question-answering",
  input: imageQuestionSchema,
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/document-question-answering",
  describeInput: (input) => describeValue((input as ImageQuestionInput).question),
  toValue: (input) => input as ImageQuestionInput,
  call: async (inputs, context) => {
    const args = taskArgs("documentQuestionAnswering", inputs, context);
    const answer = await context.client.documentQuestionAnswering(args, context.options);
    return valueResult(answer, answerSummary(answer));
  },
};
