// text-to-image: an image from a prompt (client.textToImage); the image is kept by reference (BlobRef).
import { blobResult, describeValue, textInputSchema, taskArgs } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const textToImageTask: TaskDefinition<string> = {
  id: "text-to-image",
  libraryTask: "text-to-image",
  input: textInputSchema("text-to-image"),
  acceptsText: true,
  streams: false,
  textOutput: false,
  endpointRoute: "/text-to-image",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (prompt, context) => {
    // outputType "blob": the library fetches the image itself when a provider answers with its URL.
    const image = await context.client.textToImage(taskArgs("textToImage", prompt, context), { ...context.options, outputType: "blob" });
    return blobResult(image, context);
  },
};
