// The three look-ups against answers in the documented shapes (tests/fixtures/catalog) and against answers
// that are not: each error names the look-up and the field; the token goes to Hugging Face hosts only.
import { describe, expect, it } from "vitest";
import {
  CatalogLookupError,
  fetchProviderMapping,
  fetchRouterModels,
  hubModelIdProblem,
  hubPipelineTag,
  modelSearchUrl,
  routerListingsOf,
  searchModels,
} from "../../../src/core/catalog";
import { hubMapping, routerModels, searchResults } from "../../mocks/hf-catalog";
import { fakeFetch, json, lookupOptions, READ_AT, TOKEN } from "./catalog-fetch";

const LLAMA = "meta-llama/Llama-3.1-8B-Instruct";

async function lookupError(promise: Promise<unknown>): Promise<CatalogLookupError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CatalogLookupError);
  return error as CatalogLookupError;
}

describe("the Hub's provider mapping", () => {
  it("reads every provider with its model id, task and status, in the Hub's order, stamped with the read time", async () => {
    const { fetch, sent } = fakeFetch(() => json(hubMapping(LLAMA)));
    const mapping = await fetchProviderMapping(LLAMA, lookupOptions(fetch));
    expect(sent).toEqual([{ url: `https://huggingface.co/api/models/${LLAMA}?expand[]=inferenceProviderMapping`, authorization: `Bearer ${TOKEN}` }]);
    expect(mapping.modelId).toBe(LLAMA);
    expect(mapping.entries.map((entry) => [entry.provider, entry.status])).toEqual([
      ["cerebras", "live"],
      ["groq", "live"],
      ["novita", "live"],
      ["featherless-ai", "live"],
      ["nscale", "staging"],
      ["sambanova", "live"],
    ]);
    expect(mapping.entries[1]).toEqual({ provider: "groq", providerId: "llama-3.1-8b-instant", task: "conversational", status: "live" });
    expect(mapping.source).toEqual({ lookup: "hub-provider-mapping", url: sent[0]!.url, readAt: READ_AT });
  });

  it("reads the array form too, keeps a provider's first entry only, and takes the Hub's spelling of the id", async () => {
    const answer = {
      id: "Org/Model",
      inferenceProviderMapping: [
        { provider: "groq", providerId: "m-1", status: "live", task: "conversational" },
        { provider: "groq", providerId: "m-2", status: "staging", task: "conversational" },
      ],
    };
    const { fetch } = fakeFetch(() => json(answer));
    const mapping = await fetchProviderMapping("org/model", lookupOptions(fetch));
    expect(mapping.modelId).toBe("Org/Model");
    expect(mapping.entries).toEqual([{ provider: "groq", providerId: "m-1", status: "live", task: "conversational" }]);
  });

  it("refuses an id that would change the URL before any request", async () => {
    const { fetch, sent } = fakeFetch(() => json({}));
    for (const id of ["../../settings", "org/model?x=1", "a/b/c", "", "org/ model"]) {
      expect(hubModelIdProblem(id), id).not.toBeNull();
      const error = await lookupError(fetchProviderMapping(id, lookupOptions(fetch)));
      expect(error.failure).toBe("invalid");
    }
    expect(sent).toEqual([]);
    expect(hubModelIdProblem("gpt2")).toBeNull();
  });

  it("names the field that is not as documented", async () => {
    const { fetch } = fakeFetch(() => json({ id: LLAMA, inferenceProviderMapping: { groq: { providerId: "x", status: "retired", task: "conversational" } } }));
    const error = await lookupError(fetchProviderMapping(LLAMA, lookupOptions(fetch)));
    expect(error.failure).toBe("invalid");
    expect(error.message).toContain("inferenceProviderMapping.groq.status");
    const missing = await lookupError(fetchProviderMapping(LLAMA, lookupOptions(fakeFetch(() => json({ id: LLAMA })).fetch)));
    expect(missing.message).toContain("inferenceProviderMapping");
  });

  it("says the Hub's own reason for a refusal, with the status", async () => {
    const { fetch } = fakeFetch(() => json({ error: "Repository not found" }, 404));
    const error = await lookupError(fetchProviderMapping("nobody/nothing", lookupOptions(fetch)));
    expect([error.failure, error.status]).toEqual(["http", 404]);
    expect(error.message).toMatch(/answered HTTP 404: Repository not found$/);
    const gated = await lookupError(fetchProviderMapping(LLAMA, lookupOptions(fakeFetch(() => new Response("no", { status: 401 })).fetch)));
    expect(gated.message).toMatch(/HTTP 401: no \(a private or gated model needs a Hugging Face token/);
  });

  it("fails clearly offline, on text that is not JSON, and on an answer past its bound", async () => {
    const offline = fakeFetch(() => Promise.reject(new TypeError("fetch failed", { cause: new Error("getaddrinfo ENOTFOUND huggingface.co") })));
    const error = await lookupError(fetchProviderMapping(LLAMA, lookupOptions(offline.fetch)));
    expect(error.failure).toBe("network");
    expect(error.message).toContain("fetch failed (getaddrinfo ENOTFOUND huggingface.co)");
    const html = await lookupError(fetchProviderMapping(LLAMA, lookupOptions(fakeFetch(() => new Response("<html>")).fetch)));
    expect(html.failure).toBe("not-json");
    const huge = await lookupError(fetchProviderMapping(LLAMA, lookupOptions(fakeFetch(() => new Response("x".repeat(1024 * 1024 + 1))).fetch)));
    expect(huge.failure).toBe("too-large");
  });

  it("sends no token when there is none, and never a key that is not a Hugging Face token", async () => {
    for (const token of [null, "", "sk-provider-key-0123456789"]) {
      const { fetch, sent } = fakeFetch(() => json(hubMapping(LLAMA)));
      await fetchProviderMapping(LLAMA, lookupOptions(fetch, token));
      expect(sent[0]!.authorization, String(token)).toBeNull();
    }
  });
});

describe("the router's model list", () => {
  it("reads each provider's prices, context length and support flags; absent values stay null", async () => {
    const { fetch, sent } = fakeFetch(() => json(routerModels()));
    const router = await fetchRouterModels(lookupOptions(fetch));
    expect(sent).toEqual([{ url: "https://router.huggingface.co/v1/models", authorization: `Bearer ${TOKEN}` }]);
    expect(router.source).toEqual({ lookup: "router-models", url: "https://router.huggingface.co/v1/models", readAt: READ_AT });
    const listings = routerListingsOf(router, "META-LLAMA/llama-3.1-8b-instruct")!;
    expect(listings.find((listing) => listing.provider === "groq")).toEqual({
      provider: "groq",
      status: "live",
      contextLength: 131072,
      price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: 0.08 },
      supportsTools: true,
      supportsStructuredOutput: false,
      isFree: null,
    });
    expect(listings.find((listing) => listing.provider === "featherless-ai")).toEqual({
      provider: "featherless-ai",
      status: "live",
      contextLength: null,
      price: null,
      supportsTools: null,
      supportsStructuredOutput: null,
      isFree: null,
    });
    expect(listings.find((listing) => listing.provider === "novita")?.isFree).toBe(true);
    expect(routerListingsOf(router, "openai/whisper-large-v3")).toBeNull();
  });

  it("keeps a price listed for one direction only, the other null, never 0", async () => {
    const answer = { data: [{ id: "m/x", providers: [{ provider: "groq", pricing: { input: 0.3 } }] }] };
    const router = await fetchRouterModels(lookupOptions(fakeFetch(() => json(answer)).fetch));
    expect(routerListingsOf(router, "m/x")![0]!.price).toEqual({ inputPerMillionTokens: 0.3, outputPerMillionTokens: null });
  });

  it("checks the asked model's entry and names its field; another model's bad entry does not stop it", async () => {
    const answer = {
      data: [
        { id: "other/model", providers: [{ provider: "groq", pricing: { input: "cheap" } }] },
        { id: "m/x", providers: [{ provider: "groq", pricing: { input: -1, output: 0.2 } }] },
      ],
    };
    const { fetch } = fakeFetch(() => json(answer));
    const error = await lookupError(fetchRouterModels(lookupOptions(fetch), ["m/x"]));
    expect(error.message).toContain("data[1].providers[0].pricing.input: must be 0 or more");
    const fine = { data: [answer.data[0], { id: "m/x", providers: [] }] };
    const router = await fetchRouterModels(lookupOptions(fakeFetch(() => json(fine)).fetch), ["m/x"]);
    expect([...router.models.keys()]).toEqual(["m/x"]);
    const whole = await lookupError(fetchRouterModels(lookupOptions(fakeFetch(() => json(fine)).fetch)));
    expect(whole.message).toContain("data[0].providers[0].pricing.input");
  });

  it("refuses a list that is not one", async () => {
    const error = await lookupError(fetchRouterModels(lookupOptions(fakeFetch(() => json({ object: "list" })).fetch)));
    expect(error.message).toMatch(/the router's model list \(https:\/\/router\.huggingface\.co\/v1\/models\) is not in the documented shape: data: /);
  });
});

describe("the Hub's model search", () => {
  it("asks for models some provider serves, by pipeline type and text, with the fields it shows", () => {
    const url = new URL(modelSearchUrl({ text: " llama 8b ", pipelineTag: hubPipelineTag("chat-completion"), limit: 500 }));
    expect(url.origin + url.pathname).toBe("https://huggingface.co/api/models");
    expect(url.searchParams.get("inference_provider")).toBe("all");
    expect(url.searchParams.get("pipeline_tag")).toBe("text-generation");
    expect(url.searchParams.get("search")).toBe("llama 8b");
    expect(url.searchParams.get("limit")).toBe("100");
    expect(url.searchParams.getAll("expand")).toEqual(["pipeline_tag", "downloads", "likes", "inferenceProviderMapping"]);
    expect(new URL(modelSearchUrl({ text: "" })).searchParams.has("search")).toBe(false);
    expect(hubPipelineTag("automatic-speech-recognition")).toBe("automatic-speech-recognition");
  });

  it("lists the models found, with the providers the Hub maps each to", async () => {
    const { fetch, sent } = fakeFetch(() => json(searchResults()));
    const found = await searchModels({ text: "llama", pipelineTag: "text-generation" }, lookupOptions(fetch, null));
    expect(sent[0]!.authorization).toBeNull();
    expect(found.models[0]).toEqual({ id: "meta-llama/Llama-3.1-8B-Instruct", pipelineTag: "text-generation", downloads: 5318204, likes: 4902, providers: ["cerebras", "groq", "novita"] });
    expect(found.models.map((model) => model.id)).toHaveLength(3);
    expect(found.source.lookup).toBe("hub-model-search");
  });
});
