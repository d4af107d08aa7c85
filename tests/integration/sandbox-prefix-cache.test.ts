// The sandbox's `prefix-cache` profile: it remembers the prompt prefixes it has seen (whole blocks of 16
// words, per model, bounded), reports the words its cache served as usage.prompt_tokens_details.cached_tokens,
// and plans a TTFT that falls with the cached share; it keeps the answers it generated too (the next turn of a
// conversation sends them back); the other profiles report no cached count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILES } from "../../src/sandbox/profiles";
import { drawRequest, planResponse } from "../../src/sandbox/plan";
import { cachedTtftFactor, createPrefixCache } from "../../src/sandbox/prefix-cache";
import { mulberry32 } from "../../src/sandbox/random";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, timeScale: 0.05 });
});

afterAll(async () => {
  await sandbox.close();
});

const words = (count: number, tag: string): string => Array.from({ length: count }, (_, index) => `${tag}${index}`).join(" ");
const DOCUMENT = words(160, "doc");

async function usageOf(profile: string, body: Record<string, unknown>): Promise<{ prompt_tokens: number; prompt_tokens_details?: { cached_tokens: number } }> {
  const response = await fetch(`${sandbox.url}/${profile}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ max_tokens: 4, ...body }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { usage: { prompt_tokens: number; prompt_tokens_details?: { cached_tokens: number } } }).usage;
}

describe("the prefix-cache profile", () => {
  it("serves a seen prefix from its cache, whole blocks only, per model, and reports it as cached_tokens", async () => {
    const ask = (model: string, question: string) => usageOf("prefix-cache", { model, messages: [{ role: "system", content: DOCUMENT }, { role: "user", content: question }] });
    const first = await ask("m/one", words(20, "first"));
    expect(first.prompt_tokens).toBe(180);
    expect(first.prompt_tokens_details).toEqual({ cached_tokens: 0 });
    // The 160-word document is ten whole blocks: a second question after it finds them all.
    expect((await ask("m/one", words(30, "second"))).prompt_tokens_details).toEqual({ cached_tokens: 160 });
    // Another model served by the same profile has a cache of its own.
    expect((await ask("m/two", words(30, "second"))).prompt_tokens_details).toEqual({ cached_tokens: 0 });
    // A different first line, as a cold probe sends, hits nothing after it either.
    const busted = await usageOf("prefix-cache", { model: "m/one", messages: [{ role: "system", content: `cold-4f1e ${DOCUMENT}` }, { role: "user", content: "why" }] });
    expect(busted.prompt_tokens_details).toEqual({ cached_tokens: 0 });
    // Its /metrics counts them as vLLM does (tokens looked up, tokens served): 180 + 190 + 190 + 162 and 160.
    const page = await (await fetch(`${sandbox.url}/prefix-cache/metrics`)).text();
    expect(page).toContain('vllm:prefix_cache_queries_total{model_name="sandbox-prefix-cache"} 722');
    expect(page).toContain('vllm:prefix_cache_hits_total{model_name="sandbox-prefix-cache"} 160');
    expect(await (await fetch(`${sandbox.url}/steady/metrics`)).text()).not.toContain("vllm:prefix_cache_hits_total{");
  });

  it("keeps the answer it generated too, so the next turn of a conversation finds the answer's blocks as well", async () => {
    const question = words(40, "turn1q");
    const response = await fetch(`${sandbox.url}/prefix-cache/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m/turns", max_tokens: 40, messages: [{ role: "user", content: question }] }),
    });
    const answer = ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
    const answerWords = answer.trim().split(/\s+/).length;
    expect(answerWords).toBeGreaterThan(16);
    const next = await usageOf("prefix-cache", { model: "m/turns", messages: [{ role: "user", content: question }, { role: "assistant", content: answer }, { role: "user", content: words(20, "turn2q") }] });
    // Every whole block of the question and the answer together: more than the question's own two blocks (32 words).
    expect(next.prompt_tokens_details).toEqual({ cached_tokens: Math.floor((40 + answerWords) / 16) * 16 });
  });

  it("the other profiles report no cached count at all", async () => {
    const body = { messages: [{ role: "user", content: DOCUMENT }] };
    await usageOf("steady", body);
    expect((await usageOf("steady", body)).prompt_tokens_details).toBeUndefined();
    expect((await usageOf("fast", body)).prompt_tokens_details).toBeUndefined();
  });

  it("forgets the blocks used least recently past its bound, and never calls a whole prompt cached", () => {
    const cache = createPrefixCache({ blockWords: 4, maxBlocks: 3, prefillSaving: 0.8 });
    const prompt = words(12, "a");
    expect(cache.serve("m", prompt)).toBe(0);
    // Seen whole: all but its last word, as a server computes at least one token to answer.
    expect(cache.serve("m", prompt)).toBe(11);
    // Three more blocks push the first prompt's out.
    expect(cache.serve("m", words(12, "b"))).toBe(0);
    expect(cache.serve("m", prompt)).toBe(0);
  });

  it("plans a TTFT that falls with the cached share, from the same draws", () => {
    const profile = PROFILES["prefix-cache"];
    const settings = profile.prefixCache!;
    const draw = drawRequest(mulberry32(3), 1);
    const input = { maxTokens: 8, choiceCount: 1, generatesText: true };
    const cold = planResponse(profile, draw, input, 1);
    const half = planResponse(profile, draw, { ...input, cachedPromptTokens: 500, ttftFactor: cachedTtftFactor(settings, 500, 1000) }, 1);
    const most = planResponse(profile, draw, { ...input, cachedPromptTokens: 960, ttftFactor: cachedTtftFactor(settings, 960, 1000) }, 1);
    expect(half.ttftMs).toBeCloseTo(cold.ttftMs * (1 - settings.prefillSaving * 0.5), 9);
    expect(most.ttftMs).toBeLessThan(half.ttftMs);
    expect(most.cachedPromptTokens).toBe(960);
    expect(cold.cachedPromptTokens).toBeUndefined();
    expect(most.choiceTokens).toEqual(cold.choiceTokens);
  });
});
