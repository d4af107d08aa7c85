// text-to-image: an image from a prompt (client.textToImage); the image is kept by reference (BlobRef).
import { blobResult, describeValue, textInputSchema, taskArgs } from "./task-io";
import type { TaskDefinition } from "./task-definition";

async function fetchImage(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`the image at ${url} could not be fetched: HTTP ${response.status}`);
  return response.blob();
}

export const textToImageTask: TaskDefinition<string> = {
  id: "text-to-image",
  libraryTask: "text-to-image",
  input: textInputSchema("text-to-image"),
  acceptsText: true,
  streams: false,
  textOutput: false,
  figures: ["outputImages"],
  endpointRoute: "/text-to-image",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (prompt, context) => {
    // outputType "blob": the library fetches the image itself when a provider answers with its URL.
    const image: Blob | string = await context.client.textToImage(taskArgs("textToImage", prompt, context), { ...context.options, outputType: "blob" });
    // A provider answering with the image's address (together, when it ignores the base64 asked for): the
    // image is fetched apart, outside the measured request (the attempt's fetch times one request only).
    return blobResult(typeof image === "string" ? await fetchImage(image, context.options.signal) : image, context);
  },
};
