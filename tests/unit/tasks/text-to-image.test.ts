// text-to-image reads the image out of the answer the library hands back untouched (outputType "json"),
// whichever provider's shape it has, keeps an answer that is the image's own bytes as it came, and leaves
// every fetch of a URL to the run's transport (the hook).
import { InferenceClient, InferenceClientProviderOutputError } from "@huggingface/inference";
import { describe, expect, it } from "vitest";
import { fetchAnswerUrl } from "../../../src/core/run";
import { textToImageTask } from "../../../src/core/tasks/text-to-image";
import { type TaskCallContext, blobRefOf } from "../../../src/core/tasks";

const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 8, 0, 0, 0, 4, 8, 2, 0, 0, 0]);
const PNG_BASE64 = Buffer.from(PNG_BYTES).toString("base64");
const IMAGE_URL = "https://files.example/out/1.png";

/**
 * Calls the task with a client answering `answer` (or, given one, the real client with its fetch); a URL
 * is "fetched" by handing back the PNG, and noted.
 */
async function callWith(answer: Record<string, unknown> | null, real?: { client: InferenceClient; fetch: typeof fetch }) {
  const asked: { outputType?: string }[] = [];
  const fetchedUrls: string[] = [];
  const client =
    real?.client ??
    ({
      textToImage: async (_args: unknown, options: { outputType?: string }) => {
        asked.push(options);
        return answer;
      },
    } as unknown as InferenceClient);
  const context: TaskCallContext = {
    client,
    routing: { model: "m" },
    parameters: {},
    stream: false,
    hooks: {
      fetch: globalThis.fetch,
      signal: new AbortController().signal,
      onContent: () => undefined,
      fetchAnswerUrl: async (url) => {
        if (url.startsWith("data:")) return fetchAnswerUrl(globalThis.fetch, url, { answeredFrom: IMAGE_URL, allowedOrigins: [], maxResponseBytes: 1024, signal: new AbortController().signal });
        fetchedUrls.push(url);
        return new Blob([PNG_BYTES], { type: "image/png" });
      },
    },
    options: { fetch: real?.fetch ?? globalThis.fetch, signal: new AbortController().signal, retry_on_error: false },
    keepBlob: blobRefOf,
  };
  const result = await textToImageTask.call("a fox", context);
  return { result, asked, fetchedUrls };
}

describe("text-to-image answers", () => {
  it("asks the library for the answer as JSON, so it fetches no URL itself", async () => {
    const { asked } = await callWith({ data: [{ b64_json: PNG_BASE64 }] });
    expect(asked[0]?.outputType).toBe("json");
  });

  it.each([
    ["OpenAI-style url (deepinfra, together)", { data: [{ url: IMAGE_URL }] }],
    ["output string (replicate)", { output: IMAGE_URL }],
    ["output list (hf-inference, replicate)", { output: [IMAGE_URL] }],
    ["images (fal-ai)", { images: [{ url: IMAGE_URL, width: 8 }] }],
    ["data.outputs (wavespeed)", { data: { status: "completed", outputs: [IMAGE_URL] } }],
    ["image_result (zai-org)", { image_result: [{ url: IMAGE_URL }] }],
  ])("hands an image URL to the run's transport: %s", async (_shape, answer) => {
    const { result, fetchedUrls } = await callWith(answer);
    expect(fetchedUrls).toEqual([IMAGE_URL]);
    expect(result.outputValue).toMatchObject({ mime: "image/png", bytes: PNG_BYTES.length });
  });

  it("decodes base64 and the library's data: URL without a request, typed by the image's header", async () => {
    // The library turns a server's PNG body into `data:image/jpeg;…` (its dataUrlFromBlob's default).
    for (const answer of [{ data: [{ b64_json: PNG_BASE64 }] }, { output: `data:image/jpeg;base64,${PNG_BASE64}` }]) {
      const { result, fetchedUrls } = await callWith(answer);
      expect(fetchedUrls).toEqual([]);
      expect(result).toMatchObject({ outputValue: { mime: "image/png", bytes: PNG_BYTES.length }, output: "image/png 8×4" });
    }
  });

  it("keeps an answer that is the image's own bytes (hf-inference) as it came, though the library turns it into {}", async () => {
    const requested: string[] = [];
    const endpointFetch = (async (input: RequestInfo | URL) => {
      requested.push(String(input));
      return new Response(PNG_BYTES, { headers: { "content-type": "image/png" } });
    }) as typeof fetch;
    const { result, fetchedUrls } = await callWith(null, { client: new InferenceClient("", { endpointUrl: "https://api.example/v1/text-to-image" }), fetch: endpointFetch });
    expect(requested).toEqual(["https://api.example/v1/text-to-image"]);
    expect(fetchedUrls).toEqual([]);
    expect(result).toMatchObject({ outputValue: { mime: "image/png", bytes: PNG_BYTES.length }, output: "image/png 8×4" });
  });

  it("refuses an answer with no image in it as the provider's malformed output", async () => {
    await expect(callWith({ status: "done" })).rejects.toBeInstanceOf(InferenceClientProviderOutputError);
  });
});
