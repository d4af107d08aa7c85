// Text to image on an OpenAI-compatible server (LocalAI, vLLM-Omni, SD.Next's, gateways): `POST
// {endpointUrl}/images/generations` with `{ model, prompt, n: 1 }`, answered `{ created, data: [{ b64_json }
// | { url }] }` (OpenAI's API reference, "Create image": `response_format` "b64_json" or "url"; gpt-image
// models always answer b64_json). One image per request, so per-image latency means one image. A URL is
// fetched through the run's transport under its origin and size rules (run/answer-urls.ts), the base64 decoded.
import type { TaskCallContext } from "../task-definition";
import { isJsonObject, malformedAnswer } from "./answer-fields";
import { postToEndpoint } from "./endpoint-request";

export const OPENAI_IMAGES_SHAPE = "openai.images";
const ROUTE = "/images/generations";

/** The scenario's parameters (size, quality, response_format, …) beside the API's own fields, which win. */
export function openAiImagesBody(prompt: string, context: Pick<TaskCallContext, "parameters" | "routing">): string {
  return JSON.stringify({ ...context.parameters, model: context.routing.model, prompt, n: 1 });
}

/** The image's address: a data: URL of the base64 (`openai.images.b64_json`), or the URL given (`openai.images.url`). */
export function readOpenAiImages(answer: unknown): { url: string; shape: string } {
  if (!isJsonObject(answer)) throw malformedAnswer(OPENAI_IMAGES_SHAPE, "the answer", "must be an object");
  if (!Array.isArray(answer.data) || answer.data.length === 0) throw malformedAnswer(OPENAI_IMAGES_SHAPE, "data", "must be a non-empty list");
  const item: unknown = answer.data[0];
  if (!isJsonObject(item)) throw malformedAnswer(OPENAI_IMAGES_SHAPE, "data[0]", "must be an object");
  // The bytes' type is read from their header afterwards (text-to-image.ts): base64 carries none.
  if (typeof item.b64_json === "string" && item.b64_json !== "") return { url: `data:application/octet-stream;base64,${item.b64_json}`, shape: `${OPENAI_IMAGES_SHAPE}.b64_json` };
  if (typeof item.url === "string" && item.url !== "") return { url: item.url, shape: `${OPENAI_IMAGES_SHAPE}.url` };
  throw malformedAnswer(OPENAI_IMAGES_SHAPE, "data[0].b64_json", "(or data[0].url) must be a non-empty string");
}

/** The image's address, asked of the server and read from its answer. */
export async function openAiImage(prompt: string, context: TaskCallContext): Promise<{ url: string; shape: string }> {
  return readOpenAiImages(await postToEndpoint(context, ROUTE, openAiImagesBody(prompt, context)));
}
