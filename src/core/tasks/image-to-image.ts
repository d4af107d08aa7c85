// image-to-image: an image transformed (client.imageToImage; the prompt and strength as parameters). The
// result is kept by reference (BlobRef).
import { blobResult, describeValue, inputFileSchema, taskArgs, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const imageToImageTask: TaskDefinition<FilePart> = {
  id: "image-to-image",
  libraryTask: "image-to-image",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: ["outputImages"],
  endpointRoute: "/image-to-image",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (image, context) => {
    const result = await context.client.imageToImage(taskArgs("imageToImage", image, context), context.options);
    return blobResult(result, context);
  },
};
