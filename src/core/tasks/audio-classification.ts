// audio-classification: labels with scores for a sound (client.audioClassification).
import { describeValue, inputFileSchema, taskArgs, topLabelSummary, valueResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const audioClassificationTask: TaskDefinition<FilePart> = {
  id: "audio-classification",
  libraryTask: "audio-classification",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/audio-classification",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (audio, context) => {
    const labels = await context.client.audioClassification(taskArgs("audioClassification", audio, context), context.options);
    return valueResult(labels, topLabelSummary(labels));
  },
};
