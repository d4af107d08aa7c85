// Prompt caching priced, and prices kept with a run: the provider's cached token count read from its usage,
// a cached-input price in the scenario (refused where no record carries the count, or without the full
// input price), the cost that splits the input tokens between the two prices, the router's cached price
// put into the built scenario's price, and a bundle's prices with their source read back (or refused by field).
import { describe, expect, it } from "vitest";
import { priceRecord, type ProviderRow } from "../../src/core/catalog";
import { bundlePieces, readRunBundle, type BundleRun, type RunPrice } from "../../src/core/io/bundle";
import { piecesOf, textLines } from "../../src/core/io";
import { RUN_FILE_LIMITS } from "../../src/core/io/imports";
import { inapplicablePriceParts, requestCost, validateScenario } from "../../src/core/scenario";
import { usageFrom } from "../../src/core/tasks/streaming";
import { requestRecord } from "./request-record";
import { testScenario } from "./store/fixtures";

describe("cached input tokens", () => {
  it("are read from usage.prompt_tokens_details.cached_tokens, and are null when the provider does not say", () => {
    expect(usageFrom({ prompt_tokens: 1200, completion_tokens: 40, prompt_tokens_details: { cached_tokens: 1024 } })?.cachedInputTokens).toBe(1024);
    expect(usageFrom({ prompt_tokens: 1200, completion_tokens: 40 })?.cachedInputTokens).toBeNull();
    expect(usageFrom({ prompt_tokens: 1200, completion_tokens: 40, prompt_tokens_details: null })?.cachedInputTokens).toBeNull();
  });

  it("cost the cached price, the rest of the input the input price; without a reported count, all of it the input price", () => {
    const price = { inputPerMillionTokens: 1, outputPerMillionTokens: 4, cachedInputPerMillionTokens: 0.25 };
    const record = requestRecord({ inputTokens: 1_000_000, outputTokens: 1_000_000, cachedInputTokens: 800_000 });
    expect(requestCost(price, record)?.usd).toBeCloseTo(0.2 * 1 + 0.8 * 0.25 + 4, 10);
    expect(requestCost(price, { ...record, cachedInputTokens: null })?.usd).toBeCloseTo(1 + 4, 10);
    // A record written before the field existed: no discount guessed.
    const { cachedInputTokens: _absent, ...older } = record;
    expect(requestCost(price, older)?.usd).toBeCloseTo(1 + 4, 10);
    // A count past the input count is capped at it, never a negative price for the rest.
    expect(requestCost(price, { ...record, cachedInputTokens: 2_000_000 })?.usd).toBeCloseTo(0.25 + 4, 10);
    // No cached price: cached tokens are input tokens like the others.
    expect(requestCost({ inputPerMillionTokens: 1, outputPerMillionTokens: 4 }, record)?.usd).toBeCloseTo(1 + 4, 10);
  });

  it("take a cached price on chat, with the input price only; not on embeddings", () => {
    const scenario = (price: Record<string, number>, task = "chat-completion") =>
      validateScenario({ version: 1, name: "cached", task, targets: [{ id: "a", provider: "groq", model: "m/m", price }], inputs: ["Hello"] });
    expect(scenario({ inputPerMillionTokens: 1, cachedInputPerMillionTokens: 0.5 }).ok).toBe(true);
    const alone = scenario({ outputPerMillionTokens: 1, cachedInputPerMillionTokens: 0.5 });
    expect(!alone.ok && alone.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([
      "targets[0].price.cachedInputPerMillionTokens: needs inputPerMillionTokens too (the uncached input tokens' price)",
    ]);
    expect(inapplicablePriceParts("feature-extraction", { inputPerMillionTokens: 1, cachedInputPerMillionTokens: 0.5 })).toEqual([
      { part: "cachedInputPerMillionTokens", message: "not applicable: feature-extraction records carry no cached input token count" },
    ]);
  });

  it("are priced in a built scenario at the router's cached price when it lists one", () => {
    const source = { lookup: "router-models" as const, url: "https://router.huggingface.co/v1/models", readAt: "2026-09-01T12:00:00.000Z" };
    const row = { provider: "groq", price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: 0.08, cachedInputPerMillionTokens: 0.025 }, sources: { price: source } } as unknown as ProviderRow;
    expect(priceRecord(row, "chat-completion")).toEqual({ targetId: "groq", provider: "groq", source, price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: 0.08, cachedInputPerMillionTokens: 0.025 } });
    expect(priceRecord(row, "feature-extraction").price).toEqual({ inputPerMillionTokens: 0.05 });
  });
});

describe("a bundle's prices", () => {
  const prices: RunPrice[] = [
    { targetId: "fast", provider: "groq", price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: 0.08 }, source: { lookup: "router-models", url: "https://router.huggingface.co/v1/models", readAt: "2026-09-01T12:00:00.000Z" } },
    { targetId: "slow", provider: "featherless-ai", price: null, reason: "the router lists no price for this provider", source: null },
  ];
  const run: BundleRun = {
    id: "run-1",
    scenarioName: "store test",
    scenario: testScenario(),
    startedAt: 1_700_000_000_000,
    planned: 1,
    appVersion: "0.1.0",
    libraryVersions: {},
    origin: { label: null, tool: "providerbench-cli", toolVersion: "0.1.0", host: null, userAgent: null },
    replayOfRunId: null,
  };
  const read = (bundleRun: unknown) => {
    const text = [...bundlePieces(bundleRun as BundleRun, [requestRecord({ runId: "run-1" })], { status: "completed", finishedAt: null, errorMessage: null, blobs: [] })].join("");
    return readRunBundle(textLines(piecesOf([text]), RUN_FILE_LIMITS), () => undefined);
  };

  it("read back as written, and a bundle without them still reads", async () => {
    expect((await read({ ...run, prices })).run.prices).toEqual(prices);
    expect((await read(run)).run.prices).toBeUndefined();
  });

  it("are refused by field when malformed", async () => {
    const undated = [{ ...prices[0]!, source: { ...prices[0]!.source!, readAt: "yesterday" } }];
    await expect(read({ ...run, prices: undated })).rejects.toThrow(/^line 1: run\.prices\[0\]\.source\.readAt: /);
    await expect(read({ ...run, prices: [{ ...prices[0]!, price: { inputPerMillionTokens: -1 } }] })).rejects.toThrow(/^line 1: run\.prices\[0\]\.price\.inputPerMillionTokens: must be 0 or more/);
  });
});
