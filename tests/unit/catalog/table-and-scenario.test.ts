// The providers table (mapping and router joined, each value's source) and the scenario built from it, for
// a chat model, an embedding model and a speech-recognition model of tests/fixtures/catalog.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildProvidersScenario,
  fetchProviderMapping,
  fetchRouterModels,
  providersTable,
  servesTask,
  type ProvidersTable,
} from "../../../src/core/catalog";
import { validateScenario } from "../../../src/core/scenario";
import { hubMapping, routerModels } from "../../mocks/hf-catalog";
import { fakeFetch, json, lookupOptions, READ_AT } from "./catalog-fetch";

const LLAMA = "meta-llama/Llama-3.1-8B-Instruct";
const QWEN_EMBEDDING = "Qwen/Qwen3-Embedding-8B";
const WHISPER = "openai/whisper-large-v3";
const ROUTER_SOURCE = { lookup: "router-models", url: "https://router.huggingface.co/v1/models", readAt: READ_AT };

/** The table as the catalogues in the fixtures give it; `routerDown`: the router's list could not be read. */
async function tableOf(modelId: string, { routerDown = false } = {}): Promise<ProvidersTable> {
  const { fetch } = fakeFetch((url) => (url.hostname === "router.huggingface.co" ? json(routerModels()) : json(hubMapping(modelId))));
  const mapping = await fetchProviderMapping(modelId, lookupOptions(fetch));
  return providersTable(mapping, routerDown ? null : await fetchRouterModels(lookupOptions(fetch), [mapping.modelId]));
}

describe("the providers table", () => {
  it("gives every mapped provider its router values and each value its source; no listing is null, not 0", async () => {
    const table = await tableOf(LLAMA);
    expect(table.rows.map((row) => [row.provider, row.status, row.contextLength, row.price?.inputPerMillionTokens ?? null, row.price?.outputPerMillionTokens ?? null])).toEqual([
      ["cerebras", "live", 32768, 0.1, 0.1],
      ["groq", "live", 131072, 0.05, 0.08],
      ["novita", "live", 16384, 0.02, 0.05],
      ["featherless-ai", "live", null, null, null],
      ["nscale", "staging", 131072, 0.03, 0.03],
      ["sambanova", "live", 16384, 0.1, 0.2],
    ]);
    const featherless = table.rows[3]!;
    expect([featherless.price, featherless.supportsTools, featherless.supportsStructuredOutput]).toEqual([null, null, null]);
    expect(featherless.sources.price).toEqual(ROUTER_SOURCE);
    expect(featherless.sources.providerModelId).toEqual({ lookup: "hub-provider-mapping", url: `https://huggingface.co/api/models/${LLAMA}?expand[]=inferenceProviderMapping`, readAt: READ_AT });
    expect(table.rows[5]!.routerStatus).toBe("error");
    expect(table.routerOnly.map((listing) => listing.provider)).toEqual(["hyperbolic"]);
  });

  it("keeps the Hub's values when the router's list is not read, its values then without a source", async () => {
    const table = await tableOf(LLAMA, { routerDown: true });
    expect(table.routerSource).toBeNull();
    expect(table.rows.every((row) => row.price === null && row.contextLength === null && row.sources.price === null && row.sources.status !== null)).toBe(true);
  });

  it("lists a model the router does not list with its sources read and its values null", async () => {
    const table = await tableOf(WHISPER);
    expect(table.rows.map((row) => [row.provider, row.task, row.price, row.sources.price?.lookup])).toEqual([
      ["hf-inference", "automatic-speech-recognition", null, "router-models"],
      ["fal-ai", "automatic-speech-recognition", null, "router-models"],
      ["replicate", "automatic-speech-recognition", null, "router-models"],
    ]);
    expect(servesTask(table.rows[0]!, "automatic-speech-recognition")).toBe(true);
    expect(servesTask({ task: "conversational" }, "chat-completion")).toBe(true);
    expect(servesTask({ task: "conversational" }, "text-generation")).toBe(false);
  });
});

describe("the scenario comparing every provider", () => {
  it("builds a chat scenario with one target per live provider the library can call, prices prefilled", async () => {
    const table = await tableOf(LLAMA);
    const built = buildProvidersScenario({ modelId: LLAMA, task: "chat-completion", rows: table.rows, inputs: ["Hello", "Write a haiku"], parameters: { max_tokens: 64 } });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    expect(built.scenario.targets).toEqual([
      { id: "cerebras", label: "cerebras", provider: "cerebras", model: LLAMA, price: { inputPerMillionTokens: 0.1, outputPerMillionTokens: 0.1 } },
      { id: "groq", label: "groq", provider: "groq", model: LLAMA, price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: 0.08 } },
      { id: "novita", label: "novita", provider: "novita", model: LLAMA, price: { inputPerMillionTokens: 0.02, outputPerMillionTokens: 0.05 } },
      { id: "featherless-ai", label: "featherless-ai", provider: "featherless-ai", model: LLAMA },
    ]);
    expect(built.scenario.inputs).toEqual(["Hello", "Write a haiku"]);
    expect(built.scenario.parameters).toEqual({ max_tokens: 64 });
    expect(built.prices.find((price) => price.targetId === "groq")).toEqual({ targetId: "groq", provider: "groq", price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: 0.08 }, source: ROUTER_SOURCE });
    expect(built.prices.find((price) => price.targetId === "featherless-ai")).toEqual({ targetId: "featherless-ai", provider: "featherless-ai", price: null, reason: "the router lists no price for this provider", source: ROUTER_SOURCE });
    expect(built.excluded).toEqual([
      { provider: "nscale", reason: "staging (for testing only): include staging providers to compare it" },
      { provider: "sambanova", reason: 'unknown provider "sambanova"' },
    ]);
    // What was built is what a file would give.
    expect(validateScenario(JSON.parse(JSON.stringify(built.scenario)))).toEqual({ ok: true, scenario: built.scenario });
  });

  it("adds staging providers when asked, labelled so, and keeps to an allow-list", async () => {
    const table = await tableOf(LLAMA);
    const staged = buildProvidersScenario({ modelId: LLAMA, task: "chat-completion", rows: table.rows, inputs: ["Hi"], includeStaging: true, providers: ["groq", "nscale"] });
    if (!staged.ok) throw new Error(JSON.stringify(staged.errors));
    expect(staged.scenario.targets.map((target) => [target.id, target.label])).toEqual([
      ["groq", "groq"],
      ["nscale", "nscale (staging)"],
    ]);
    expect(staged.excluded.map((entry) => entry.reason)).toEqual(Array(4).fill("not among the providers asked for"));
    const unknown = buildProvidersScenario({ modelId: LLAMA, task: "chat-completion", rows: table.rows, inputs: ["Hi"], providers: ["groq", "together"] });
    expect(unknown).toMatchObject({ ok: false, errors: [{ path: "targets", message: expect.stringMatching(/^together does not serve meta-llama\/Llama-3.1-8B-Instruct \(serving it: cerebras, groq/) }] });
  });

  it("builds an embedding scenario without prices: the router lists none for it", async () => {
    const table = await tableOf(QWEN_EMBEDDING);
    const built = buildProvidersScenario({ modelId: QWEN_EMBEDDING, task: "feature-extraction", rows: table.rows, inputs: ["Benchmarks should measure what users feel."] });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    expect(built.scenario.targets.map((target) => [target.id, target.price])).toEqual([
      ["hf-inference", undefined],
      ["scaleway", undefined],
    ]);
    expect(built.prices.map((price) => price.reason)).toEqual(["the router lists no price for this provider", "the router lists no price for this provider"]);
    expect(built.excluded).toEqual([{ provider: "nebius", reason: 'unknown provider "nebius"' }]);
    // The task the mapping names decides: the same rows serve no chat.
    const chat = buildProvidersScenario({ modelId: QWEN_EMBEDDING, task: "chat-completion", rows: table.rows, inputs: ["Hi"] });
    expect(chat).toMatchObject({ ok: false, errors: [{ path: "targets", message: expect.stringContaining("hf-inference: serves the model for feature-extraction, not chat-completion") }] });
  });

  it("builds a speech-recognition scenario from an existing one: its inputs and run kept, its targets replaced, no token price", async () => {
    const existing = JSON.parse(readFileSync(new URL("../../../scenarios/sandbox-speech-recognition.json", import.meta.url), "utf8"));
    const table = await tableOf(WHISPER);
    const built = buildProvidersScenario({ modelId: WHISPER, task: "automatic-speech-recognition", rows: table.rows, scenario: existing });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    expect(built.scenario.targets.map((target) => target.id)).toEqual(["hf-inference", "fal-ai"]);
    expect(built.scenario.inputs).toEqual(existing.inputs);
    expect(built.scenario.run).toMatchObject(existing.run);
    expect(built.prices.map((price) => [price.targetId, price.price, price.reason])).toEqual([
      ["hf-inference", null, "automatic-speech-recognition is not priced per token, and the router lists token prices only"],
      ["fal-ai", null, "automatic-speech-recognition is not priced per token, and the router lists token prices only"],
    ]);
    const wrongTask = buildProvidersScenario({ modelId: WHISPER, task: "chat-completion", rows: table.rows, scenario: existing });
    expect(wrongTask).toMatchObject({ ok: false, errors: [{ path: "task", message: 'the scenario\'s task is "automatic-speech-recognition", not chat-completion' }] });
  });

  it("uses no price that misses a part the task is priced by, and says why", async () => {
    const table = await tableOf(LLAMA);
    const halfPriced = table.rows.map((row) => (row.provider === "groq" ? { ...row, price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: null } } : row));
    const built = buildProvidersScenario({ modelId: LLAMA, task: "chat-completion", rows: halfPriced, inputs: ["Hi"], providers: ["groq"] });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    expect(built.scenario.targets[0]!.price).toBeUndefined();
    expect(built.prices[0]!.reason).toBe("the router lists no output price");
    const unread = buildProvidersScenario({ modelId: LLAMA, task: "chat-completion", rows: (await tableOf(LLAMA, { routerDown: true })).rows, inputs: ["Hi"], providers: ["groq"] });
    expect(unread.ok && unread.prices[0]).toEqual({ targetId: "groq", provider: "groq", price: null, reason: "the router's list could not be read", source: null });
  });

  it("asks for inputs or a scenario, one of the two", async () => {
    const table = await tableOf(LLAMA);
    expect(buildProvidersScenario({ modelId: LLAMA, task: "chat-completion", rows: table.rows })).toMatchObject({ ok: false, errors: [{ path: "inputs" }] });
    expect(buildProvidersScenario({ modelId: LLAMA, task: "chat-completion", rows: table.rows, inputs: [] })).toMatchObject({ ok: false, errors: [{ path: "inputs", message: "needs at least one input" }] });
  });
});
