// object-detection: labelled boxes in an image (client.objectDetection).
import { describeValue, inputFileSchema, taskArgs, topLabelSummary, valueResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const objectDetectionTask: TaskDefinition<FilePart> = {
  id: "object-detection",
  libraryTask: "object-detection",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/object-detection",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (image, context) => {
    const boxes = await context.client.objectDetection(taskArgs("objectDetection", image, context), context.options);
    const count = boxes.length === 1 ? "1 box" : `${boxes.length} boxes`;
    return valueResult(boxes, boxes.length === 0 ? count : `${count}, best ${topLabelSummary(boxes)}`);
  },
};
