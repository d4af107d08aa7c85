// image-classification: labels with scores for an image (client.imageClassification).
import { describeValue, inputFileSchema, taskArgs, topLabelSummary, valueResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const imageClassificationTask: TaskDefinition<FilePart> = {
  id: "image-classification",
  libraryTask: "image-classification",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/image-classification",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (image, context) => {
    const labels = await context.client.imageClassification(taskArgs("imageClassification", image, context), context.options);
    return valueResult(labels, topLabelSummary(labels));
  },
};
