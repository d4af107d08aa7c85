// The input tokens a provider served from its prompt cache, read from each family's usage shape: the
// count the record keeps (cachedInputTokens), priced at the cached-input price and summed into the share
// of input served from cache. A provider that names none has not said 0: the count stays null.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { collectStream, usageFrom, type RawUsage } from "../../src/core/tasks/streaming";
import { readRunFile } from "../../src/core/io/imports";
import { piecesOf } from "../../src/core/io";
import type { RequestRecord } from "../../src/core/record";

const base = { prompt_tokens: 1200, completion_tokens: 40 };

describe("cached input tokens, per provider family's usage", () => {
  it("OpenAI, vLLM, SGLang, xAI, Groq, Fireworks: usage.prompt_tokens_details.cached_tokens", () => {
    expect(usageFrom({ ...base, prompt_tokens_details: { cached_tokens: 1024 } })?.cachedInputTokens).toBe(1024);
    // A detail object that names other counts only (audio_tokens) says nothing of the cache.
    expect(usageFrom({ ...base, prompt_tokens_details: { audio_tokens: 0 } as RawUsage["prompt_tokens_details"] })?.cachedInputTokens).toBeNull();
  });

  it("DeepSeek: usage.prompt_cache_hit_tokens (beside prompt_cache_miss_tokens)", () => {
    expect(usageFrom({ ...base, prompt_cache_hit_tokens: 896, prompt_cache_miss_tokens: 304 } as RawUsage)?.cachedInputTokens).toBe(896);
  });

  it("Anthropic's name passed on by a gateway: usage.cache_read_input_tokens", () => {
    expect(usageFrom({ ...base, cache_read_input_tokens: 512, cache_creation_input_tokens: 0 } as RawUsage)?.cachedInputTokens).toBe(512);
  });

  it("Moonshot (Kimi): usage.cached_tokens at the top", () => {
    expect(usageFrom({ ...base, cached_tokens: 256 })?.cachedInputTokens).toBe(256);
  });

  it("a reported 0 is kept as 0 (a miss), and the OpenAI name wins when a provider sends two", () => {
    expect(usageFrom({ ...base, prompt_tokens_details: { cached_tokens: 0 } })?.cachedInputTokens).toBe(0);
    expect(usageFrom({ ...base, prompt_tokens_details: { cached_tokens: 640 }, prompt_cache_hit_tokens: 600 })?.cachedInputTokens).toBe(640);
  });

  it("nothing named, null details, or a count that is not one: null", () => {
    expect(usageFrom(base)?.cachedInputTokens).toBeNull();
    expect(usageFrom({ ...base, prompt_tokens_details: null })?.cachedInputTokens).toBeNull();
    expect(usageFrom({ ...base, prompt_cache_hit_tokens: -3, cached_tokens: "12" as unknown as number })?.cachedInputTokens).toBeNull();
  });

  it("a stream's usage chunk carries it too (the last chunk, with stream_options.include_usage)", async () => {
    const chunks = [
      { choices: [{ delta: { content: "Hi" } }], usage: null },
      { choices: [{ delta: {}, finish_reason: "stop" }], usage: null },
      { choices: [], usage: { ...base, prompt_cache_hit_tokens: 1100 } },
    ];
    async function* stream() {
      yield* chunks;
    }
    const result = await collectStream(
      stream(),
      (chunk) => (chunk.choices[0]?.delta as { content?: string } | undefined)?.content,
      (chunk) => chunk.usage as RawUsage | null,
      { onContent: () => {} } as unknown as Parameters<typeof collectStream>[3],
    );
    expect(result.usage?.cachedInputTokens).toBe(1100);
    expect(result.usage?.promptTokens).toBe(1200);
  });
});

describe("cached input tokens in other tools' files", () => {
  it("GuideLLM's per-request cached_tokens becomes the record's count; its null leaves none", async () => {
    const report = JSON.parse(readFileSync(new URL("../fixtures/imports/guidellm-benchmarks.json", import.meta.url), "utf8")) as { benchmarks: { requests: { successful: Record<string, unknown>[] } }[] };
    report.benchmarks[0]!.requests.successful[0]!.cached_tokens = 48;
    const records: RequestRecord[] = [];
    await readRunFile(piecesOf([JSON.stringify(report)]), (record) => void records.push(record), { fileName: "guidellm.json", appVersion: "0.1.0", now: () => 0, newRunId: () => "imported" });
    expect(records[0]!.cachedInputTokens).toBe(48);
    expect("cachedInputTokens" in records[1]!).toBe(false);
  });
});
