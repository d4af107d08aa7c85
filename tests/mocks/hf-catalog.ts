// msw handlers for the catalogues the providers table reads: the Hub's model API with its provider mapping,
// the Hub's model search, and the router's model list, answering with tests/fixtures/catalog/ (written in the
// documented shapes: tests/fixtures/README.md). Every request is noted with the Authorization it carried.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { http, HttpResponse, type JsonBodyType } from "msw";

// From the project's root (vitest's working directory), not import.meta.url: under happy-dom that is no file: address.
const fixture = (name: string): JsonBodyType => JSON.parse(readFileSync(join(process.cwd(), "tests/fixtures/catalog", name), "utf8"));

/** The Hub's answers by model id, lower case (the Hub reads ids without regard to case). */
export const HUB_MODELS: Readonly<Record<string, string>> = {
  "meta-llama/llama-3.1-8b-instruct": "hub-mapping-llama-3.1-8b-instruct.json",
  "qwen/qwen3-embedding-8b": "hub-mapping-qwen3-embedding-8b.json",
  "openai/whisper-large-v3": "hub-mapping-whisper-large-v3.json",
};

export function hubMapping(modelId: string): JsonBodyType {
  return fixture(HUB_MODELS[modelId.toLowerCase()]!);
}

export const routerModels = (): JsonBodyType => fixture("router-models.json");
export const searchResults = (): JsonBodyType => fixture("hub-search-text-generation-llama.json");

export interface SeenRequest {
  url: string;
  authorization: string | null;
}

/** The three catalogues, each noting what it was sent in `seen`. */
export function catalogHandlers(seen: SeenRequest[]) {
  const note = (request: Request): void => {
    seen.push({ url: request.url, authorization: request.headers.get("authorization") });
  };
  return [
    http.get("https://huggingface.co/api/models/:owner/:name", ({ request, params }) => {
      note(request);
      const file = HUB_MODELS[`${String(params.owner)}/${String(params.name)}`.toLowerCase()];
      if (new URL(request.url).searchParams.get("expand[]") !== "inferenceProviderMapping") return HttpResponse.json({ error: "expected expand[]=inferenceProviderMapping" }, { status: 400 });
      if (file === undefined) return HttpResponse.json({ error: "Repository not found" }, { status: 404 });
      return HttpResponse.json(fixture(file));
    }),
    http.get("https://huggingface.co/api/models", ({ request }) => {
      note(request);
      return HttpResponse.json(searchResults());
    }),
    http.get("https://router.huggingface.co/v1/models", ({ request }) => {
      note(request);
      return HttpResponse.json(routerModels());
    }),
  ];
}
