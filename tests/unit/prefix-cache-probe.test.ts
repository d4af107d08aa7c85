// Prefix caching probed warm and cold (docs/workloads.md "Warm and cold prompts"): the scenario field and
// its checks, cold prompts exact to their length behind a first line of their own, which record is warm,
// cold or neither, and the "Cache saves most" verdict on summaries of made-up records.
import { beforeAll, describe, expect, it } from "vitest";
import { cacheProbeAt, loadDefaultCorpus, loadOfflineTokenizer, planSyntheticRequests, syntheticInputsSchema, type IndexedCorpus, type Tokenizer } from "../../src/core/workloads";
import { createRunRecords, emptyProgress, type MeasuredAttempt } from "../../src/core/run";
import type { ExpandedInput } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import { objectiveVerdicts } from "../../src/core/verdict";
import type { RequestRecord } from "../../src/core/record";
import { requestRecord } from "./request-record";

let corpus: IndexedCorpus;
let o200k: Tokenizer;
beforeAll(async () => {
  [corpus, o200k] = await Promise.all([loadDefaultCorpus(), loadOfflineTokenizer()]);
});

const issues = (value: unknown): string[] => {
  const result = syntheticInputsSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("inputs.synthetic.prefixCache", () => {
  it("needs a prefix, and room past it for a cold prompt's first line and text of its own", () => {
    expect(issues({ inputTokens: 512, outputTokens: 8, prefixCache: "both" })).toEqual(["prefixCache: needs prefixTokens: the shared prefix a cache may serve"]);
    expect(issues({ inputTokens: 512, outputTokens: 8, prefixTokens: 490, prefixCache: "cold" })[0]).toMatch(/^prefixCache: a cold prompt needs 32 tokens past the prefix/);
    // Warm prompts need no room: a warm prompt may be its prefix alone.
    expect(issues({ inputTokens: 512, outputTokens: 8, prefixTokens: 512, prefixCache: "warm" })).toEqual([]);
    expect(issues({ inputTokens: 512, outputTokens: 8, prefixTokens: 256, prefixCache: "sometimes" })[0]).toMatch(/^prefixCache: must be "warm", "cold", "both"/);
  });

  it("alternates warm and cold with both, even places warm", () => {
    expect([0, 1, 2, 3].map((index) => cacheProbeAt("both", index))).toEqual(["warm", "cold", "warm", "cold"]);
    expect(cacheProbeAt("cold", 2)).toBe("cold");
    expect(cacheProbeAt(undefined, 0)).toBeUndefined();
  });

  it("cuts cold prompts to their exact length, the shared prefix behind a line no other prompt has", () => {
    const settings = syntheticInputsSchema.parse({ inputTokens: { uniform: { min: 300, max: 400 } }, prefixTokens: 256, prefixCache: "both", outputTokens: 8, count: 8, seed: 3 });
    const plan = planSyntheticRequests(settings, o200k, corpus, "0a1b2c3d4e5f");
    const prefix = plan.requests[0]!.prompt.slice(0, 300);
    plan.requests.forEach((request, index) => {
      expect(o200k.encode(request.prompt)).toHaveLength(request.inputTokens);
      expect(request.cacheProbe).toBe(index % 2 === 0 ? "warm" : "cold");
      if (request.cacheProbe === "warm") expect(request.prompt.startsWith(prefix)).toBe(true);
      else expect(request.prompt.startsWith(`Session 0a1b2c3d4e5f-${index}.\n${prefix}`)).toBe(true);
    });
    // Another run's nonce: its cold prompts open otherwise, its warm ones alike.
    const again = planSyntheticRequests(settings, o200k, corpus, "ffffffffffff");
    expect(again.requests[1]!.prompt).not.toBe(plan.requests[1]!.prompt);
    expect(again.requests[2]!.prompt).toBe(plan.requests[2]!.prompt);
  });
});

describe("a record's cacheProbe", () => {
  const input = (index: number, cacheProbe?: "warm" | "cold"): ExpandedInput => ({ index, messages: [], prompt: "p", value: "p", ...(cacheProbe ? { cacheProbe } : {}) });
  const attempt = { fields: { ...requestRecord(), ttftMs: 10 }, retryAfterMs: null, handedToFetchAt: 0 } as unknown as MeasuredAttempt;
  const recordsOf = (inputs: ExpandedInput[], warmups: number) =>
    createRunRecords({ runId: "r", checks: [], inputs, warmups, sink: { onRecord: () => {} }, progress: emptyProgress({ measured: 0, warmup: 0 }), stageSummaries: null, startedAt: 0, startedAtMono: 0 });

  it("is cold only the first time a target is sent a cold prompt", () => {
    const records = recordsOf([input(0, "warm"), input(1, "cold"), input(2, "cold")], 2);
    const probe = (inputIndex: number, repetition: number, attemptNumber = 1, warmup = false) => records.measured({ targetId: "a", inputIndex, repetition, warmup }, attemptNumber, attempt, 0, 0).cacheProbe;
    expect(probe(0, 0)).toBe("warm");
    expect(probe(0, 3)).toBe("warm");
    expect(probe(2, 0)).toBe("cold");
    // A warm-up sent input 1 before (two warm-ups: inputs 0 and 1), a retry may find its own first attempt, a repetition its first.
    expect(probe(1, 0)).toBeNull();
    expect(probe(2, 0, 2)).toBeNull();
    expect(probe(2, 1)).toBeNull();
    // The warm-up itself is the first send.
    expect(probe(1, 1, 1, true)).toBe("cold");
    expect(probe(1, 3, 1, true)).toBeNull();
  });

  it("is absent from every record of a run that does not probe the cache", () => {
    const record = recordsOf([input(0)], 0).measured({ targetId: "a", inputIndex: 0, repetition: 0, warmup: false }, 1, attempt, 0, 0);
    expect("cacheProbe" in record).toBe(false);
  });
});

describe("the Cache saves most verdict", () => {
  /** `n` warm and `n` cold records of a target, TTFT around the medians given. */
  const probed = (targetId: string, warmMs: number, coldMs: number, n = 12): RequestRecord[] =>
    Array.from({ length: 2 * n }, (_, index) =>
      requestRecord({ targetId, inputIndex: index, ttftMs: (index % 2 === 0 ? warmMs : coldMs) + (index % 5), cacheProbe: index % 2 === 0 ? "warm" : "cold", inputTokens: 1000, cachedInputTokens: index % 2 === 0 && warmMs < coldMs ? 900 : null }),
    );
  const verdictOf = (records: RequestRecord[]) => objectiveVerdicts(summarize(records), [], (targetId) => targetId).find((verdict) => verdict.objective === "cache")!;

  it("names the target whose saving's interval lies above every other's", () => {
    const verdict = verdictOf([...probed("caches", 40, 250), ...probed("plain", 150, 150), ...probed("little", 140, 160)]);
    expect(verdict).toMatchObject({ state: "best", best: ["caches"] });
    expect(verdict.sentence).toMatch(/^caches \(saves 210 ms of 252 ms cold TTFT, 95% CI 2\d\d ms – 2\d\d ms; 90\.0% of warm input cached\): its cache saves the most time to first token\. little \(saves 20\.0 ms .*\) saves significantly less\./);
    expect(verdict.sentence).toMatch(/ plain \(saves 0\.00 ms [^;]*\) saves no significant time\.$/);
  });

  it("ties targets whose savings overlap, and says when no cache saves anything", () => {
    expect(verdictOf([...probed("one", 50, 250), ...probed("two", 52, 251), ...probed("plain", 150, 150)])).toMatchObject({ state: "tied", best: ["one", "two"] });
    expect(verdictOf([...probed("x", 150, 150), ...probed("y", 90, 90)])).toMatchObject({ state: "tied", sentence: expect.stringMatching(/^No target's cache saves significant time to first token: /) });
  });

  it("is not a row of a run without warm and cold requests", () => {
    expect(objectiveVerdicts(summarize([requestRecord({ ttftMs: 10 })]), [], (targetId) => targetId).map((verdict) => verdict.objective)).not.toContain("cache");
  });
});
