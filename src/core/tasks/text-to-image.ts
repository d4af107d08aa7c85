// text-to-image: an image from a prompt (client.textToImage); the image is kept by reference (BlobRef). An
// endpoint target may speak OpenAI's `/images/generations` instead (apis/openai-images.ts): the same image is kept.
import { InferenceClientProviderOutputError } from "@huggingface/inference";
import { openAiImage } from "./apis/openai-images";
import { imageInfo } from "./media-info";
import { blobResult, describeValue, textInputSchema, taskArgs } from "./task-io";
import type { TaskCallContext, TaskDefinition } from "./task-definition";

/**
 * The image's URL in an answer as the provider helpers hand it back with outputType "json": `{ data: [{ b64_json
 * | url }] }` (OpenAI-style: hf-inference, deepinfra, nscale, together), `{ output: url | [url] }`
 * (hf-inference, replicate; a data: URL when the server answered with the image's bytes), `{ images: [{ url
 * }] }` (fal-ai), `{ data: { outputs: [url] } }` (wavespeed), `{ image_result: [{ url }] }` (zai-org).
 */
function imageUrlOf(answer: Record<string, unknown>): string | null {
  const { data, output, images, image_result: imageResult } = answer;
  const first = (list: unknown): unknown => (Array.isArray(list) ? list[0] : undefined);
  const field = (item: unknown, name: string): unknown => (typeof item === "object" && item !== null ? (item as Record<string, unknown>)[name] : undefined);
  const base64 = field(first(data), "b64_json");
  if (typeof base64 === "string") return `data:image/jpeg;base64,${base64}`;
  const url = [field(first(data), "url"), typeof output === "string" ? output : first(output), field(first(images), "url"), first(field(data, "outputs")), field(first(imageResult), "url")].find(
    (candidate): candidate is string => typeof candidate === "string",
  );
  return url ?? null;
}

/**
 * The library's fetch for one call, keeping the image when the answer is the image's own bytes. Asked for
 * outputType "json" (so no provider helper fetches a URL in the answer with the global fetch), the library
 * still reads a body that is not JSON as a Blob (its own test: Content-Type application/json or not), but
 * hf-inference's helper then hands back `{ ...blob }`, an empty object: the Blob it read is kept here, by
 * wrapping the response's blob(). Runs after the timing fetch has read the body: it moves no timestamp.
 */
function keepingBinaryAnswer(libraryFetch: typeof fetch): { fetch: typeof fetch; binaryAnswer(): Blob | null } {
  let binaryAnswer: Blob | null = null;
  const keeping = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await libraryFetch(input, init);
    if (!response.ok) return response;
    const readBlob = response.blob.bind(response);
    Object.defineProperty(response, "blob", {
      configurable: true,
      value: async () => (binaryAnswer = await readBlob()),
    });
    return response;
  };
  return { fetch: keeping as typeof fetch, binaryAnswer: () => binaryAnswer };
}

async function imageOf(answer: Record<string, unknown>, context: TaskCallContext): Promise<Blob> {
  const url = imageUrlOf(answer);
  if (url === null) throw new InferenceClientProviderOutputError(`the text-to-image answer holds no image (keys: ${Object.keys(answer).slice(0, 10).join(", ")})`);
  // A data: URL is decoded, not fetched; an http(s) one goes through the target's transport.
  return labelledByHeader(await context.hooks.fetchAnswerUrl(url));
}

/**
 * The image with the type its header says (media-info.ts), when it says one: base64 carries no type at all
 * (imageUrlOf labels it JPEG, as the library does), and a data: URL's or a file server's label may be wrong.
 */
async function labelledByHeader(image: Blob): Promise<Blob> {
  const bytes = new Uint8Array(await image.arrayBuffer());
  const format = imageInfo(bytes)?.format;
  return format === undefined || image.type === `image/${format}` ? image : new Blob([bytes], { type: `image/${format}` });
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
    // outputType "json": the library hands back the answer as it came, and never fetches a URL in it with
    // the global fetch; an image URL is fetched here, through the target's transport and origin rule. An
    // answer that is the image itself (hf-inference's raw bytes) is kept as it came.
    const kept = keepingBinaryAnswer(context.options.fetch);
    const answer = await context.client.textToImage(taskArgs("textToImage", prompt, context), { ...context.options, fetch: kept.fetch, outputType: "json" });
    const binary = kept.binaryAnswer();
    return blobResult(binary ?? (await imageOf(answer, context)), context);
  },
  apiCalls: {
    openai: async (prompt, context) => {
      const { url, shape } = await openAiImage(prompt, context);
      // A data: URL is decoded, not fetched; an http(s) one goes through the target's transport and origin rule.
      const image = await labelledByHeader(await context.hooks.fetchAnswerUrl(url));
      return { ...(await blobResult(image, context)), answerShape: shape };
    },
  },
};
