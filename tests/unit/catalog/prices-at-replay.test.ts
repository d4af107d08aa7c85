// Prices kept with the run, shown again later: today's price of each target read from a providers table looked
// up now, the run's records priced again at it (the summary's cost, never stored) while its own prices stay,
// a replay keeping the stored prices only where its targets still carry them, and a bundle carrying them
// from one browser to another.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fetchProviderMapping, fetchRouterModels, modelsToPrice, pricesFromTables, pricesStillApplying, providersTable, scenarioAtPrices, type ProvidersTable } from "../../../src/core/catalog";
import { validateScenario, type Scenario } from "../../../src/core/scenario";
import { ProviderBenchDb } from "../../../src/store/db";
import { appendRecords } from "../../../src/store/record-store";
import { importRunFile, runBundleBlob } from "../../../src/store/run-bundle";
import { summaryOfRun, summaryUnder } from "../../../src/store/run-summary";
import { hubMapping, routerModels } from "../../mocks/hf-catalog";
import { testRecord, testRun } from "../store/fixtures";
import { fakeFetch, json, lookupOptions } from "./catalog-fetch";

const LLAMA = "meta-llama/Llama-3.1-8B-Instruct";

/** The fixtures' table, with the router listing cerebras at `cerebrasPrice` today. */
async function tableToday(cerebrasPrice: { input: number; output: number } | null): Promise<ProvidersTable> {
  const list = routerModels() as { data: { id: string; providers?: { provider: string; pricing?: unknown }[] }[] };
  const cerebras = list.data.find((model) => model.id === LLAMA)!.providers!.find((provider) => provider.provider === "cerebras")!;
  if (cerebrasPrice === null) delete cerebras.pricing;
  else cerebras.pricing = cerebrasPrice;
  const { fetch } = fakeFetch((url) => (url.hostname === "router.huggingface.co" ? json(list) : json(hubMapping(LLAMA))));
  const mapping = await fetchProviderMapping(LLAMA, lookupOptions(fetch));
  return providersTable(mapping, await fetchRouterModels(lookupOptions(fetch), [LLAMA]));
}

/** A run of three targets: two providers priced at the run's time, and an endpoint. */
function runScenario(): Scenario {
  const checked = validateScenario({
    version: 1,
    name: "every provider",
    task: "chat-completion",
    targets: [
      { id: "fast", provider: "cerebras", model: LLAMA, price: { inputPerMillionTokens: 0.1, outputPerMillionTokens: 0.1 } },
      { id: "slow", provider: "novita", model: LLAMA, price: { inputPerMillionTokens: 0.02, outputPerMillionTokens: 0.05 } },
      { id: "mine", endpointUrl: "http://127.0.0.1:8000/v1", model: "llama" },
    ],
    inputs: ["hello"],
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.scenario;
}

const STORED_PRICES = [
  { targetId: "fast", provider: "cerebras", price: { inputPerMillionTokens: 0.1, outputPerMillionTokens: 0.1 }, source: { lookup: "router-models", url: "https://router.huggingface.co/v1/models", readAt: "2026-01-01T00:00:00.000Z" } },
  { targetId: "slow", provider: "novita", price: { inputPerMillionTokens: 0.02, outputPerMillionTokens: 0.05 }, source: { lookup: "router-models", url: "https://router.huggingface.co/v1/models", readAt: "2026-01-01T00:00:00.000Z" } },
];

describe("today's prices of a run's targets", () => {
  it("reads each provider target's price from today's table; an endpoint, or a provider listed without one, has none", async () => {
    const scenario = runScenario();
    expect(modelsToPrice(scenario)).toEqual([LLAMA]);
    const prices = pricesFromTables(scenario, [await tableToday(null)]);
    expect(prices.map((entry) => [entry.targetId, entry.price, entry.reason ?? null])).toEqual([
      ["fast", null, "the router lists no price for this provider"],
      ["slow", { inputPerMillionTokens: 0.02, outputPerMillionTokens: 0.05 }, null],
      ["mine", null, "not a named Hugging Face provider: no listed price"],
    ]);
    expect(prices[1]!.source?.lookup).toBe("router-models");
    // Not looked up: said, not guessed.
    expect(pricesFromTables(scenario, [])[0]).toMatchObject({ price: null, reason: `the providers of ${LLAMA} were not looked up` });
    // The scenario at today's prices: fast's price taken away (no price, never 0), slow's as listed.
    const today = scenarioAtPrices(scenario, prices);
    expect(today.targets.map((target) => target.price ?? null)).toEqual([null, { inputPerMillionTokens: 0.02, outputPerMillionTokens: 0.05 }, null]);
    expect(scenario.targets[0]!.price).toEqual({ inputPerMillionTokens: 0.1, outputPerMillionTokens: 0.1 });
  });

  it("keeps a replay's stored prices only for targets that still carry them", () => {
    const scenario = runScenario();
    expect(pricesStillApplying(STORED_PRICES, scenario)).toEqual(STORED_PRICES);
    const edited = { ...scenario, targets: [{ ...scenario.targets[0]!, price: { inputPerMillionTokens: 0.5, outputPerMillionTokens: 0.1 } }, scenario.targets[2]!] };
    expect(pricesStillApplying(STORED_PRICES, edited)).toEqual([]);
    // The same price with its parts in another order is the same price.
    const reordered = { ...scenario, targets: [{ ...scenario.targets[0]!, price: { outputPerMillionTokens: 0.1, inputPerMillionTokens: 0.1 } }] };
    expect(pricesStillApplying(STORED_PRICES, reordered).map((entry) => entry.targetId)).toEqual(["fast"]);
  });
});

describe("a run's cost at then-prices and today's", () => {
  let db: ProviderBenchDb;
  let other: ProviderBenchDb;
  beforeEach(async () => {
    db = new ProviderBenchDb(`prices-${crypto.randomUUID()}`);
    other = new ProviderBenchDb(`prices-other-${crypto.randomUUID()}`);
    await Promise.all([db.open(), other.open()]);
  });
  afterEach(async () => {
    await Promise.all([db.delete(), other.delete()]);
  });

  it("prices the same records at today's list beside the run's own, and the bundle carries the prices", async () => {
    const spec = runScenario();
    // 5 input and 10 output tokens each; fast and slow alternate.
    const records = Array.from({ length: 4 }, (_, index) => testRecord("r", index));
    const preflight = { dropped: [{ targetId: "groq", reason: "needs a subscription or credits (HTTP 402)" }], notes: [] };
    await db.runs.add(testRun("r", { spec, prices: STORED_PRICES, preflight }));
    await appendRecords(db, records);
    const run = (await db.runs.get("r"))!;
    const cost = (rows: { targetId: string; costPer1000RequestsUsd: number | null }[], targetId: string): number | null => rows.find((row) => row.targetId === targetId)!.costPer1000RequestsUsd;

    const then = await summaryOfRun(db, run);
    expect(cost(then, "fast")).toBeCloseTo(((5 * 0.1 + 10 * 0.1) / 1e6) * 1000, 12);
    const today = scenarioAtPrices(spec, pricesFromTables(spec, [await tableToday({ input: 0.2, output: 0.3 })]));
    for (const rows of [await summaryUnder(db, run, today), await summaryUnder(db, run, today, records)]) {
      expect(cost(rows, "fast")).toBeCloseTo(((5 * 0.2 + 10 * 0.3) / 1e6) * 1000, 12);
      expect(cost(rows, "slow")).toBe(cost(then, "slow"));
    }
    // Computed for the screen, never stored: the row keeps the run's own.
    expect(cost((await db.runs.get("r"))!.summary!.rows, "fast")).toBe(cost(then, "fast"));

    const imported = await importRunFile(other, await runBundleBlob(db, "r"), { fileName: "r.pbrun.json.gz", appVersion: "0.1.0" });
    expect(imported.run.prices).toEqual(STORED_PRICES);
  });
});
