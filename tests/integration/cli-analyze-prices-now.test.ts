// `analyze <bundle> --prices-now`, in the test's own process against msw: a run made with `run --all-providers`
// stores the router's prices; months later the router lists others, and analyze shows the cost per 1,000
// requests at the run's prices and at today's side by side, from the same records; a target without a price
// says "no price"; the Hub unreachable is an error naming the look-up, the token went to huggingface.co only.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubMapping, routerModels, type SeenRequest } from "../mocks/hf-catalog";
import { chatCompletionBody } from "../mocks/hf-router";
import { runCliInProcess } from "./cli-in-process";

const HF_TOKEN = "hf_SENTINEL_prices_now_token_0123456789";
const FIXTURE_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
/** Its own name: the inference library keeps each model's provider mapping for the life of the process. */
const LLAMA = "providerbench-tests/Llama-3.1-8B-prices-now";
const ENV = { HF_TOKEN, PROVIDERBENCH_TRANSPORT: "fetch" };

const everyRequest: SeenRequest[] = [];
let cerebrasToday: { input: number; output: number } | null = null;
let hubDown = false;
const renamed = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value).replaceAll(`"${FIXTURE_MODEL}"`, `"${LLAMA}"`)) as Record<string, unknown>;

const server = setupServer(
  http.get(`https://huggingface.co/api/models/${LLAMA}`, () => (hubDown ? HttpResponse.error() : HttpResponse.json(renamed(hubMapping(FIXTURE_MODEL))))),
  http.get("https://router.huggingface.co/v1/models", () => {
    const list = renamed(routerModels()) as { data: { id: string; providers?: { provider: string; pricing?: unknown }[] }[] };
    const cerebras = list.data.find((model) => model.id === LLAMA)!.providers!.find((provider) => provider.provider === "cerebras")!;
    if (cerebrasToday !== null) cerebras.pricing = cerebrasToday;
    return HttpResponse.json(list as unknown as Record<string, unknown>);
  }),
  http.post("https://router.huggingface.co/:provider/*", async ({ request }) => {
    const body = (await request.json()) as { model: string };
    return HttpResponse.json(chatCompletionBody(body.model, "Two.", 4));
  }),
);

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "providerbench-prices-now-"));
  server.events.on("request:start", ({ request }) => everyRequest.push({ url: request.url, authorization: request.headers.get("authorization") }));
  server.listen({ onUnhandledRequest: "error" });
});
afterAll(() => server.close());

describe("analyze --prices-now", () => {
  it("shows the cost at the run's stored prices and at today's side by side", async () => {
    const bundlePath = join(workDir, "llama.pbrun.json.gz");
    const made = await runCliInProcess(["run", "--model", LLAMA, "--all-providers", "--providers", "cerebras,featherless-ai", "--prompt", "What is 1+1?", "--bundle", bundlePath, "--quiet"], ENV);
    expect(made.code, made.stderr).toBe(0);

    // Months later: cerebras lists $0.20 in, $0.30 out.
    cerebrasToday = { input: 0.2, output: 0.3 };
    const analyzed = await runCliInProcess(["analyze", bundlePath, "--prices-now"], ENV);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    expect(analyzed.stdout).toContain("Cost per 1,000 requests at the run's prices and at today's (the same measured tokens):");
    // 21 input and 4 output tokens: $0.10 each then (0.0025 per 1,000), $0.20 and $0.30 today (0.0054).
    expect(analyzed.stdout).toMatch(/cerebras\s+in \$0\.10 · out \$0\.10\s+0\.0025 USD\s+in \$0\.20 · out \$0\.30\s+0\.0054 USD/);
    expect(analyzed.stdout).toMatch(/featherless-ai\s+no price\s+no price\s+no price\s+no price\s+the router lists no price for this provider/);
    expect(analyzed.stdout).toContain("Today's prices: the router's list (https://router.huggingface.co/v1/models), read ");
    // The run's own prices are still the ones it stored.
    expect(analyzed.stdout).toContain("Prices: the router's list (https://router.huggingface.co/v1/models), read ");

    const json = await runCliInProcess(["analyze", bundlePath, "--prices-now", "--json"], ENV);
    const parsed = JSON.parse(json.stdout) as { pricesNow: { costs: { targetId: string; runCostPer1000RequestsUsd: number | null; todayCostPer1000RequestsUsd: number | null }[] } };
    expect(parsed.pricesNow.costs[0]!.targetId).toBe("cerebras");
    expect(parsed.pricesNow.costs[0]!.runCostPer1000RequestsUsd).toBeCloseTo(0.0025, 12);
    expect(parsed.pricesNow.costs[0]!.todayCostPer1000RequestsUsd).toBeCloseTo(0.0054, 12);
    expect(parsed.pricesNow.costs[1]).toEqual({ targetId: "featherless-ai", runCostPer1000RequestsUsd: null, todayCostPer1000RequestsUsd: null });

    // Offline: a clear error naming the look-up, exit 2, nothing printed as if priced.
    hubDown = true;
    const offline = await runCliInProcess(["analyze", bundlePath, "--prices-now"], ENV);
    expect(offline.code).toBe(2);
    expect(offline.stderr).toContain(`--prices-now: the Hub's provider mapping (https://huggingface.co/api/models/${LLAMA}?expand[]=inferenceProviderMapping) could not be read`);
    expect(offline.stdout).toBe("");

    const isHuggingFace = (url: string): boolean => new URL(url).protocol === "https:" && new URL(url).hostname.endsWith("huggingface.co");
    expect(everyRequest.filter((request) => request.authorization !== null).every((request) => isHuggingFace(request.url) && request.authorization === `Bearer ${HF_TOKEN}`)).toBe(true);
  });

  it("is refused with two files, --scenario or --baseline", async () => {
    const refused = await runCliInProcess(["analyze", "a.jsonl", "b.jsonl", "--prices-now"], ENV);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--prices-now prices one run file at its own stored prices and today's");
  });
});
