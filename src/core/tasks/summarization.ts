// summarization: a text shortened (client.summarization); the summary is text, counted and checked.
import { describeValue, textInputSchema, taskArgs, textResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const summarizationTask: TaskDefinition<string> = {
  id: "summarization",
  libraryTask: "summarization",
  input: textInputSchema("summarization"),
  acceptsText: true,
  streams: false,
  textOutput: true,
  figures: ["generatedTokens"],
  endpointRoute: "/summarization",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (text, context) => {
    const summary = await context.client.summarization(taskArgs("summarization", text, context), context.options);
    return textResult(summary.summary_text);
  },
};
