// image-segmentation: labelled masks over an image (client.imageSegmentation); each mask a base64 image.
import { describeValue, inputFileSchema, taskArgs, valueResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const imageSegmentationTask: TaskDefinition<FilePart> = {
  id: "image-segmentation",
  libraryTask: "image-segmentation",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/image-segmentation",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (image, context) => {
    const masks = await context.client.imageSegmentation(taskArgs("imageSegmentation", image, context), context.options);
    const labels = masks.map((mask) => mask.label).join(", ");
    return valueResult(masks, `${masks.length} mask${masks.length === 1 ? "" : "s"}${labels ? `: ${labels}` : ""}`);
  },
};
