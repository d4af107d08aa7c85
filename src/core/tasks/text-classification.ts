// text-classification: labels with scores for a text (client.textClassification).
import { describeValue, textInputSchema, taskArgs, topLabelSummary, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const textClassificationTask: TaskDefinition<string> = {
  id: "text-classification",
  libraryTask: "text-classification",
  input: textInputSchema("text-classification"),
  acceptsText: true,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/text-classification",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (text, context) => {
    const labels = await context.client.textClassification(taskArgs("textClassification", text, context), context.options);
    return valueResult(labels, topLabelSummary(labels));
  },
};
