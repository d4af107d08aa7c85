// `inputs.synthetic` and `inputs.trace` as a scenario writes them: defaults filled, the fields that go
// together checked together, the tokenizer named in one of its three ways, every mistake at its path.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { DEFAULT_BLOCK_SIZE, DEFAULT_SYNTHETIC_PROMPTS, syntheticInputsSchema, traceInputsSchema } from "../../../../src/core/workloads";
import { formatPath } from "../../../../src/core/text";

function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown field`) : [`${formatPath(issue.path)}: ${issue.message}`],
  );
}

describe("syntheticInputsSchema", () => {
  it("fills the seed, the count, the offline tokenizer and the shipped corpus, so a run's scenario says which built its prompts", () => {
    expect(syntheticInputsSchema.parse({ inputTokens: 512, outputTokens: 128 })).toEqual({
      inputTokens: 512,
      outputTokens: 128,
      seed: 1,
      count: DEFAULT_SYNTHETIC_PROMPTS,
      tokenizer: "o200k_base",
      corpus: "public-domain-1",
    });
    expect(problems(syntheticInputsSchema, { inputTokens: 512, outputTokens: 128, corpus: "shakespeare" })).toEqual(['corpus: must be "public-domain-1", the corpus ProviderBench ships']);
  });

  it("takes a tokenizer as an offline encoding, a Hub model at a revision, or a file", () => {
    const base = { inputTokens: 512, outputTokens: 128 };
    expect(syntheticInputsSchema.parse({ ...base, tokenizer: "cl100k_base" }).tokenizer).toBe("cl100k_base");
    expect(syntheticInputsSchema.parse({ ...base, tokenizer: { model: "Qwen/Qwen2.5-7B-Instruct", revision: "a09a354" } }).tokenizer).toEqual({
      model: "Qwen/Qwen2.5-7B-Instruct",
      revision: "a09a354",
    });
    expect(syntheticInputsSchema.parse({ ...base, tokenizer: { file: "./tokenizer.json", config: "./tokenizer_config.json" } }).tokenizer).toEqual({
      file: "./tokenizer.json",
      config: "./tokenizer_config.json",
    });
  });

  it("names each mistake at its field", () => {
    expect(problems(syntheticInputsSchema, { inputTokens: 512 })).toEqual(["outputTokens: required"]);
    expect(problems(syntheticInputsSchema, { inputTokens: 512, outputTokens: 128, tokenizer: "p50k" })).toEqual([
      'tokenizer: unknown encoding "p50k" (offline: o200k_base, cl100k_base)',
    ]);
    expect(problems(syntheticInputsSchema, { inputTokens: 512, outputTokens: 128, tokenizer: { model: "not a model id" } })).toEqual([
      "tokenizer.model: must be a Hugging Face model id such as meta-llama/Llama-3.1-8B-Instruct",
    ]);
    expect(problems(syntheticInputsSchema, { inputTokens: 512, outputTokens: 128, tokenizer: { model: "gpt2", token: "hf_x" } })).toEqual(["tokenizer.token: unknown field"]);
    expect(problems(syntheticInputsSchema, { inputTokens: 512, outputTokens: 128, tokenizer: 5 })[0]).toMatch(/^tokenizer: must be an offline encoding \("o200k_base" or "cl100k_base"\)/);
    expect(problems(syntheticInputsSchema, { inputTokens: 512, outputTokens: { uniform: { min: 0, max: 9 } }, count: 0, seed: -1 })).toEqual([
      "outputTokens.uniform.min: must be at least 1",
      "seed: must be 0 or more",
      "count: must be at least 1",
    ]);
    expect(problems(syntheticInputsSchema, { inputTokens: 512, outputTokens: 128, prompt: "hi" })).toEqual(["prompt: unknown field"]);
  });

  it("refuses a shared prefix longer than the shortest prompt the lengths allow", () => {
    expect(problems(syntheticInputsSchema, { inputTokens: { uniform: { min: 300, max: 900 } }, outputTokens: 64, prefixTokens: 300 })).toEqual([]);
    expect(problems(syntheticInputsSchema, { inputTokens: { uniform: { min: 300, max: 900 } }, outputTokens: 64, prefixTokens: 301 })).toEqual([
      "prefixTokens: must be at most the shortest prompt inputTokens allows (300): the prefix is part of the prompt",
    ]);
    expect(problems(syntheticInputsSchema, { inputTokens: "many", outputTokens: 64, prefixTokens: 301 })).toHaveLength(1);
  });
});

describe("traceInputsSchema", () => {
  it("fills the speed-up, the block size and the seed", () => {
    expect(traceInputsSchema.parse({ file: "trace.jsonl" })).toEqual({ file: "trace.jsonl", speedup: 1, blockSize: DEFAULT_BLOCK_SIZE, seed: 1 });
    expect(traceInputsSchema.parse({ file: "t.csv", format: "azure", speedup: 10, from: 60, to: 180, tokenizer: "o200k_base" })).toMatchObject({ speedup: 10, from: 60, to: 180 });
  });

  it("names each mistake at its field", () => {
    expect(problems(traceInputsSchema, { file: "t.csv", from: 120, to: 60 })).toEqual(["to: must be after from (120 s)"]);
    expect(problems(traceInputsSchema, { file: "t.csv", speedup: 0, format: "sharegpt" })).toEqual([
      "format: must be one of mooncake, burstgpt, azure",
      "speedup: must be more than 0",
    ]);
    expect(problems(traceInputsSchema, { speedup: 2 })).toEqual(["file: must be a file path"]);
  });
});
