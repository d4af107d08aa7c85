// Prefix caching, measured (issue 29, item 4), end to end in this process: the bundled scenario's
// warm and cold prompts (a cold one's shared prefix behind a first line of its own, every prompt still
// exactly its length), the sandbox's prefix-cache profile serving the warm ones' prefix and reporting it,
// the records saying which request was which, the summary's warm-against-cold figures, and the verdict
// the Compare page and `analyze` both show picking the profile that caches.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runScenario } from "../../src/core/run";
import { formatScenarioErrors, type Scenario, validateScenario } from "../../src/core/scenario";
import { summarize, valueSettingsOf } from "../../src/core/stats";
import { measuredFigures, metricsIn } from "../../src/core/metrics";
import { objectiveVerdicts } from "../../src/core/verdict";
import { loadOfflineTokenizer } from "../../src/core/workloads";
import type { RequestRecord } from "../../src/core/record";

const bundled = JSON.parse(readFileSync(new URL("../../scenarios/sandbox-prefix-cache.json", import.meta.url), "utf8")) as Record<string, unknown> & {
  inputs: { synthetic: Record<string, unknown> };
};

let sandbox: Sandbox;
beforeAll(async () => {
  // The profiles' times × 1.5: prefix-cache's cold TTFT (~375 ms) is four times its warm one (~90 ms). The
  // verdict rests on TTFT, so this file runs with the timing files (vitest.config.ts), never beside the
  // CPU-bound pool, and sends twelve requests a side: a starved machine's stalls of a few hundred ms,
  // which hit warm and cold requests alike, then move neither median far.
  sandbox = await startSandbox({ port: 0, timeScale: 1.5 });
});
afterAll(async () => {
  await sandbox.close();
});

function scenarioWith(synthetic: Record<string, unknown> = {}, changes: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({ ...bundled, ...changes, inputs: { synthetic: { ...bundled.inputs.synthetic, ...synthetic } } });
  if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
  return result.scenario;
}

async function run(scenario: Scenario): Promise<{ records: RequestRecord[]; prompts: string[] }> {
  const records: RequestRecord[] = [];
  const prompts: string[] = [];
  const keepPrompt: typeof fetch = (input, init) => {
    if (typeof init?.body === "string") prompts.push((JSON.parse(init.body) as { messages: { content: string }[] }).messages[0]!.content);
    return fetch(input, init);
  };
  await runScenario({ runId: "prefix-cache", scenario, sandboxUrl: sandbox.url, onRecord: (record) => records.push(record), fetch: keepPrompt });
  return { records, prompts };
}

describe("prefix caching probed warm and cold on the sandbox", () => {
  it("sends warm and cold prompts of the exact length, and the verdict picks the provider whose cache saves", async () => {
    const scenario = scenarioWith({ outputTokens: 2, count: 24 });
    const { records, prompts } = await run(scenario);
    const o200k = await loadOfflineTokenizer("o200k_base");
    for (const prompt of prompts) expect(o200k.encode(prompt)).toHaveLength(1152);
    // Warm prompts open alike; each cold one with its own line (the run's nonce and its place), then the same document.
    const warm = prompts.filter((prompt) => !prompt.startsWith("Session "));
    const cold = prompts.filter((prompt) => prompt.startsWith("Session "));
    expect(new Set(warm.map((prompt) => prompt.slice(0, 200))).size).toBe(1);
    expect(new Set(cold.map((prompt) => prompt.split("\n")[0])).size).toBe(12);
    expect(cold.every((prompt) => prompt.split("\n").slice(1).join("\n").startsWith(warm[0]!.slice(0, 200)))).toBe(true);

    const measured = records.filter((record) => !record.warmup);
    expect(measured.every((record) => record.status === "ok")).toBe(true);
    const steadyInOrder = measured.filter((record) => record.targetId === "steady").sort((left, right) => left.inputIndex - right.inputIndex);
    expect(steadyInOrder.map((record) => record.cacheProbe)).toEqual(Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? "warm" : "cold")));
    const cachedOf = (targetId: string, probe: "warm" | "cold") => measured.filter((record) => record.targetId === targetId && record.cacheProbe === probe).map((record) => record.cachedInputTokens);
    // The warm-up sent the document first: every warm prompt finds it; no cold one finds anything.
    expect(cachedOf("prefix-cache", "warm").every((cached) => typeof cached === "number" && cached > 600)).toBe(true);
    expect(cachedOf("prefix-cache", "cold").every((cached) => cached === 0)).toBe(true);
    expect([...cachedOf("steady", "warm"), ...cachedOf("fast", "cold")].every((cached) => cached === null)).toBe(true);

    const rows = summarize(records, ["prefix-cache", "steady", "fast"], valueSettingsOf(scenario));
    const byId = new Map(rows.map((row) => [row.targetId, row]));
    const caching = byId.get("prefix-cache")!.cache!;
    expect(caching.ttftWarmMs.count).toBe(12);
    expect(caching.ttftColdMs.count).toBe(12);
    expect(caching.warmCachedInputShare).toBeGreaterThan(0.7);
    expect(caching.ttftSavingMsCi95![0]).toBeGreaterThan(0);
    // Cached input at a tenth of the price: a warm request costs well under half a cold one.
    expect(caching.costWarmUsd.mean!).toBeLessThan(0.5 * caching.costColdUsd.mean!);
    // A provider that reports nothing cached has no cached share, and its warm requests cost what its cold
    // ones do (within the few words the prompts' lengths differ by in the sandbox's count).
    const steady = byId.get("steady")!.cache!;
    expect(steady.cachedInputShare).toBeNull();
    expect(Math.abs(steady.costWarmUsd.mean! / steady.costColdUsd.mean! - 1)).toBeLessThan(0.05);

    const figures = measuredFigures(scenario);
    expect(metricsIn("cli", figures).map((metric) => metric.id)).toEqual(expect.arrayContaining(["ttftWarmP50Ms", "ttftColdP50Ms", "ttftCacheSavingMs", "warmCachedInputShare"]));
    const verdict = objectiveVerdicts(rows, [], (targetId) => targetId, undefined, figures).find((entry) => entry.objective === "cache")!;
    expect(verdict).toMatchObject({ title: "Cache saves most", state: "best", best: ["prefix-cache"] });
    expect(verdict.sentence).toMatch(/^prefix-cache \(saves .* ms of .* ms cold TTFT, 95% CI .*of warm input cached.*a warm request against .* a cold one\): its cache saves the most/);
  });

  it("a run that does not probe the cache has no cache row in its verdict, and records without cacheProbe", async () => {
    const scenario = scenarioWith({ outputTokens: 4, count: 2, prefixCache: undefined }, { targets: [(bundled.targets as unknown[])[0]], run: { ...(bundled.run as object), warmup: 0 } });
    const { records } = await run(scenario);
    expect(records.every((record) => !("cacheProbe" in record))).toBe(true);
    const rows = summarize(records, undefined, valueSettingsOf(scenario));
    expect(objectiveVerdicts(rows, [], (targetId) => targetId, undefined, measuredFigures(scenario)).map((entry) => entry.objective)).not.toContain("cache");
  });
});
