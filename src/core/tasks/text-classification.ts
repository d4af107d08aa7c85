// text-classification: labels with scores for a text (client.textClassification). An endpoint target may
// speak TEI's `/predict` instead (apis/tei-predict.ts), or the inference toolkit (apis/hf-toolkit.ts): the
// same labels are kept, so label agreement compares them.
import { teiPrediction } from "./apis/tei-predict";
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
  apiCalls: {
    tei: async (text, context) => {
      const { value, shape } = await teiPrediction(text, context);
      const labels = value as { label: string; score: number }[];
      return { ...valueResult(labels, topLabelSummary(labels)), answerShape: shape };
    },
  },
};
