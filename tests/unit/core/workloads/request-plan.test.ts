// The requests a workload sends: synthetic ones with lengths drawn per request and prompts exact to
// them, a trace's at its times with its hash ids as shared text; and the body fields that ask each
// provider family for an answer's length.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  loadDefaultCorpus,
  loadOfflineTokenizer,
  OUTPUT_LENGTH_TABLE,
  outputLengthFamilyOf,
  outputLengthParameters,
  planSyntheticRequests,
  planTraceRequests,
  readTrace,
  syntheticInputsSchema,
  type IndexedCorpus,
  type Tokenizer,
} from "../../../../src/core/workloads";

let corpus: IndexedCorpus;
let o200k: Tokenizer;

beforeAll(async () => {
  [corpus, o200k] = await Promise.all([loadDefaultCorpus(), loadOfflineTokenizer()]);
});

describe("planSyntheticRequests", () => {
  it("makes `count` requests, each prompt exactly its drawn length, the lengths within their bounds", () => {
    const settings = syntheticInputsSchema.parse({ inputTokens: { uniform: { min: 1, max: 600 } }, outputTokens: { values: [16, 128], weights: [1, 3] }, count: 60, seed: 5 });
    const plan = planSyntheticRequests(settings, o200k, corpus);
    expect(plan).toMatchObject({ tokenizerId: "gpt-tokenizer:o200k_base", corpusId: "public-domain-1", startRounds: 0 });
    expect(plan.requests).toHaveLength(60);
    for (const request of plan.requests) {
      expect(o200k.encode(request.prompt)).toHaveLength(request.inputTokens);
      expect(request.inputTokens).toBeGreaterThanOrEqual(1);
      expect(request.inputTokens).toBeLessThanOrEqual(600);
      expect([16, 128]).toContain(request.requestedOutputTokens);
      expect(request.atMs).toBeUndefined();
    }
    expect(new Set(plan.requests.map((request) => request.inputTokens)).size).toBeGreaterThan(30);
  });

  it("asks 512 in and 128 out of every request when the lengths are numbers", () => {
    const plan = planSyntheticRequests(syntheticInputsSchema.parse({ inputTokens: 512, outputTokens: 128, count: 5 }), o200k, corpus);
    expect(plan.requests.map((request) => [o200k.encode(request.prompt).length, request.inputTokens, request.requestedOutputTokens])).toEqual(Array(5).fill([512, 512, 128]));
    expect(new Set(plan.requests.map((request) => request.prompt)).size).toBe(5);
  });

  it("makes the same plan for the same seed, another for another, and the output lengths do not move with the input's", () => {
    const settings = (seed: number, inputTokens: unknown) => syntheticInputsSchema.parse({ inputTokens, outputTokens: { uniform: { min: 1, max: 1000 } }, count: 8, seed });
    const plan = planSyntheticRequests(settings(3, { uniform: { min: 10, max: 80 } }), o200k, corpus);
    expect(planSyntheticRequests(settings(3, { uniform: { min: 10, max: 80 } }), o200k, corpus)).toEqual(plan);
    expect(planSyntheticRequests(settings(4, { uniform: { min: 10, max: 80 } }), o200k, corpus).requests).not.toEqual(plan.requests);
    const otherInputs = planSyntheticRequests(settings(3, { normal: { mean: 40, stddev: 10 } }), o200k, corpus);
    expect(otherInputs.requests.map((request) => request.requestedOutputTokens)).toEqual(plan.requests.map((request) => request.requestedOutputTokens));
  });

  it("opens every prompt with the shared prefix", () => {
    const plan = planSyntheticRequests(syntheticInputsSchema.parse({ inputTokens: { uniform: { min: 200, max: 400 } }, outputTokens: 32, prefixTokens: 200, count: 10 }), o200k, corpus);
    const prefixIds = o200k.encode(plan.requests[0]!.prompt).slice(0, 200);
    for (const request of plan.requests) {
      expect(o200k.encode(request.prompt)).toHaveLength(request.inputTokens);
      expect(o200k.encode(request.prompt).slice(0, 200)).toEqual(prefixIds);
    }
  });
});

describe("planTraceRequests", () => {
  it("sends each request at its time with its lengths, and shared hash ids as shared text", () => {
    const text = [
      '{"timestamp": 0, "input_length": 1100, "output_length": 50, "hash_ids": [0, 1, 2]}',
      '{"timestamp": 250, "input_length": 900, "output_length": 20, "hash_ids": [0, 3]}',
      '{"timestamp": 900, "input_length": 80, "output_length": 8}',
    ].join("\n");
    const read = readTrace(text, { speedup: 2 });
    if (!read.ok) throw new Error("the sample trace is valid");
    const plan = planTraceRequests(read.trace.requests, o200k, corpus, { seed: 1, blockSize: 512 });
    expect(plan.requests.map((request) => [request.atMs, request.inputTokens, request.requestedOutputTokens, request.prefixHashIds])).toEqual([
      [0, 1100, 50, [0, 1, 2]],
      [125, 900, 20, [0, 3]],
      [450, 80, 8, undefined],
    ]);
    for (const request of plan.requests) expect(o200k.encode(request.prompt)).toHaveLength(request.inputTokens);
    const [first, second] = plan.requests.map((request) => o200k.encode(request.prompt));
    expect(first!.slice(0, 512)).toEqual(second!.slice(0, 512));
    expect(first!.slice(512, 544)).not.toEqual(second!.slice(512, 544));
    expect(planTraceRequests(read.trace.requests, o200k, corpus, { seed: 1, blockSize: 512 })).toEqual(plan);
  });
});

describe("output length per provider family", () => {
  it("sends max_tokens everywhere, and min_tokens with ignore_eos to vLLM-style servers only", () => {
    expect(outputLengthParameters("vllm", 128)).toEqual({ max_tokens: 128, min_tokens: 128, ignore_eos: true });
    expect(outputLengthParameters("openai-compatible", 128)).toEqual({ max_tokens: 128 });
    expect(outputLengthParameters("hf-provider", 64)).toEqual({ max_tokens: 64 });
    expect(Object.values(OUTPUT_LENGTH_TABLE).every((family) => family.fields[0] === "max_tokens")).toBe(true);
  });

  it("is the table docs/workloads.md shows", () => {
    const docs = readFileSync(new URL("../../../../docs/workloads.md", import.meta.url), "utf8");
    for (const [family, info] of Object.entries(OUTPUT_LENGTH_TABLE)) {
      const row = docs.split("\n").find((line) => line.startsWith(`| \`${family}\` |`));
      expect(row, `a row for ${family}`).toBeDefined();
      const sent = [...row!.split("|").at(-2)!.matchAll(/`(\w+):/g)].map((match) => match[1]);
      expect(sent).toEqual(info.fields);
    }
  });

  it("tells a target's family by how it is called", () => {
    expect(outputLengthFamilyOf({ provider: "together" })).toBe("hf-provider");
    expect(outputLengthFamilyOf({ endpointUrl: "sandbox:/fast/v1" })).toBe("vllm");
    expect(outputLengthFamilyOf({ endpointUrl: "http://127.0.0.1:8000/v1" })).toBe("openai-compatible");
  });
});
