// Prompts cut from the corpus to exact token counts: exact under o200k_base and under a model's own
// tokenizer for several seeds and lengths (1 to 8,192); the same for a seed and different for another;
// unlike each other but for a shared prefix; equal text for equal leading hash ids; and the counting
// again that a tokenizer whose decoder changes the text needs.
import { beforeAll, describe, expect, it } from "vitest";
import {
  createHfTokenizer,
  createPromptBuilder,
  ExactLengthProblem,
  indexCorpus,
  loadDefaultCorpus,
  loadOfflineTokenizer,
  type IndexedCorpus,
  type Tokenizer,
} from "../../../../src/core/workloads";
import { tinyTokenizerJson, TINY_TOKENIZER_CONFIG } from "./tiny-tokenizer";

let corpus: IndexedCorpus;
let o200k: Tokenizer;
let tiny: Tokenizer;

beforeAll(async () => {
  [corpus, o200k] = await Promise.all([loadDefaultCorpus(), loadOfflineTokenizer()]);
  tiny = createHfTokenizer(tinyTokenizerJson(), TINY_TOKENIZER_CONFIG, { model: "tests/tiny-bpe" });
});

const count = (tokenizer: Tokenizer, text: string): number => tokenizer.encode(text).length;

/** Tokens two texts share from their start. */
function sharedLeadingTokens(tokenizer: Tokenizer, a: string, b: string): number {
  const [left, right] = [tokenizer.encode(a), tokenizer.encode(b)];
  let shared = 0;
  while (shared < left.length && left[shared] === right[shared]) shared++;
  return shared;
}

describe("the shipped corpus", () => {
  it("is plain English text of tens of kilobytes, in a loop of word starts", () => {
    expect(corpus.id).toBe("public-domain-1");
    expect(corpus.text.length).toBeGreaterThan(40_000);
    expect(corpus.text.length).toBeLessThan(100_000);
    expect(/^[\x20-\x7e\n]*$/.test(corpus.text)).toBe(true);
    expect(corpus.wordStarts.length).toBeGreaterThan(8000);
    expect(corpus.text.startsWith("The Declaration of Independence")).toBe(true);
  });

  it("refuses a text without words", () => {
    expect(() => indexCorpus({ id: "blank", text: " \n\t " })).toThrow(/no words/);
  });
});

describe("createPromptBuilder: exact lengths", () => {
  it("cuts prompts of exactly the length asked under o200k_base, for several seeds and lengths", () => {
    for (const seed of [1, 2, 3]) {
      const builder = createPromptBuilder(o200k, corpus, seed);
      for (const length of [1, 2, 7, 64, 511, 512, 1000, 4096, 8192]) expect([seed, length, count(o200k, builder.distinct(length))]).toEqual([seed, length, length]);
    }
  });

  it("cuts prompts longer than the corpus, going round it", () => {
    const corpusTokens = count(o200k, corpus.text);
    const prompt = createPromptBuilder(o200k, corpus, 5).distinct(corpusTokens + 1000);
    expect(count(o200k, prompt)).toBe(corpusTokens + 1000);
  });

  it("is exact under a model's own tokenizer too", () => {
    for (const seed of [1, 9]) {
      const builder = createPromptBuilder(tiny, corpus, seed);
      for (const length of [1, 3, 100, 512, 2048]) expect([seed, length, count(tiny, builder.distinct(length))]).toEqual([seed, length, length]);
    }
  });

  it("counts again when decoding changes the text, and moves the cut until the count is right", () => {
    // A decoder that changes spacing (as clean_up_tokenization_spaces does): here two spaces after each
    // sentence, a token more per sentence than the cut had.
    let encodes = 0;
    const spacing: Tokenizer = {
      id: "spacing",
      encode: (text) => (encodes++, o200k.encode(text)),
      decode: (ids) => o200k.decode(ids).replace(/\. /g, ".  "),
    };
    const builder = createPromptBuilder(spacing, corpus, 4);
    for (const length of [5, 50, 333, 2000]) expect(count(o200k, builder.distinct(length))).toBe(length);
    // One encoding of the source and one count per prompt when the first cut is right: these needed more.
    expect(encodes).toBeGreaterThan(2 * 4);
  });

  it("never sends a prompt a token off: a tokenizer that cannot be cut exactly is an error", () => {
    // Every count comes out even: no cut ever counts an odd length.
    const even: Tokenizer = { id: "even", encode: (text) => (o200k.encode(text).length % 2 === 1 ? [...o200k.encode(text), 0] : o200k.encode(text)), decode: (ids) => o200k.decode(ids) };
    expect(count(even, createPromptBuilder(even, corpus, 1).distinct(100))).toBe(100);
    expect(() => createPromptBuilder(even, corpus, 1).distinct(101)).toThrow(ExactLengthProblem);
    expect(() => createPromptBuilder(even, corpus, 1).distinct(101)).toThrow("no text of exactly 101 tokens under even: 16 starting places in the corpus tried");
  });
});

describe("createPromptBuilder: what prompts share", () => {
  it("makes the same prompts for the same seed and others for another", () => {
    const lengths = [5, 300, 1200];
    const make = (seed: number): string[] => {
      const builder = createPromptBuilder(o200k, corpus, seed);
      return lengths.map((length) => builder.distinct(length));
    };
    expect(make(11)).toEqual(make(11));
    expect(make(12)).not.toEqual(make(11));
  });

  it("starts every prompt at a word of its own: two share a few tokens at most (a poem's refrain)", () => {
    const builder = createPromptBuilder(o200k, corpus, 21);
    const prompts = Array.from({ length: 300 }, () => builder.distinct(40));
    expect(new Set(prompts).size).toBe(300);
    const byStart = new Map<string, string[]>();
    for (const prompt of prompts) byStart.set(prompt.slice(0, 12), [...(byStart.get(prompt.slice(0, 12)) ?? []), prompt]);
    for (const group of byStart.values()) for (const other of group.slice(1)) expect(sharedLeadingTokens(o200k, group[0]!, other)).toBeLessThan(32);
    expect(builder.startRounds).toBe(0);
  });

  it("opens prompts with the same prefix, token for token, and differs after it", () => {
    const builder = createPromptBuilder(o200k, corpus, 8);
    const prefix = builder.sharedPrefix(256);
    expect(count(o200k, prefix.text)).toBe(256);
    expect(builder.sharedPrefix(256)).toBe(prefix);
    const prefixIds = o200k.encode(prefix.text);
    const prompts = [300, 700, 256, 1024].map((length) => builder.distinct(length, prefix));
    prompts.forEach((prompt, index) => {
      expect(count(o200k, prompt)).toBe([300, 700, 256, 1024][index]);
      expect(prompt.startsWith(prefix.text)).toBe(true);
      expect(o200k.encode(prompt).slice(0, 256)).toEqual(prefixIds);
    });
    expect(prompts[2]).toBe(prefix.text);
    expect(sharedLeadingTokens(o200k, prompts[0]!, prompts[1]!)).toBeLessThan(256 + 32);
  });

  it("gives each hash id one block of text, so equal leading hash ids are equal leading text", () => {
    const builder = createPromptBuilder(o200k, corpus, 3);
    const a = builder.fromHashIds(1500, [0, 1, 2], 512);
    const b = builder.fromHashIds(1300, [0, 1, 7], 512);
    const c = builder.fromHashIds(2000, [0, 1, 2, 3], 512);
    const d = builder.fromHashIds(700, [9, 1], 512);
    for (const [built, length] of [[a, 1500], [b, 1300], [c, 2000], [d, 700]] as const) expect(count(o200k, built.prompt)).toBe(length);
    expect([a.hashIds, b.hashIds, c.hashIds, d.hashIds]).toEqual([[0, 1, 2], [0, 1, 7], [0, 1, 2, 3], [9, 1]]);
    // Two whole blocks shared: 1,024 tokens of equal text, then each its own.
    expect(sharedLeadingTokens(o200k, a.prompt, b.prompt)).toBeGreaterThanOrEqual(1024);
    expect(sharedLeadingTokens(o200k, a.prompt, b.prompt)).toBeLessThan(1024 + 32);
    // c holds all of a's blocks: a's 1,500 tokens are c's first 1,500.
    expect(c.prompt.startsWith(a.prompt)).toBe(true);
    expect(o200k.encode(c.prompt).slice(0, 1500)).toEqual(o200k.encode(a.prompt));
    // A different first block shares nothing, though the second id is the same.
    expect(sharedLeadingTokens(o200k, d.prompt, a.prompt)).toBeLessThan(32);
  });

  it("covers with blocks only what the length reaches, and goes on with text of its own past them", () => {
    const builder = createPromptBuilder(o200k, corpus, 6);
    const short = builder.fromHashIds(300, [4, 5, 6], 512);
    expect(short.hashIds).toEqual([4]);
    const exact = builder.fromHashIds(1024, [4, 5, 6], 512);
    expect(exact.hashIds).toEqual([4, 5]);
    const long = builder.fromHashIds(2000, [4, 5], 512);
    expect(long.hashIds).toEqual([4, 5]);
    expect(long.prompt.startsWith(exact.prompt)).toBe(true);
    expect(exact.prompt.startsWith(short.prompt)).toBe(true);
    expect(count(o200k, long.prompt)).toBe(2000);
    const none = builder.fromHashIds(64, [], 512);
    expect([none.hashIds, count(o200k, none.prompt)]).toEqual([[], 64]);
  });
});
