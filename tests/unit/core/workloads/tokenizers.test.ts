// The two tokenizers behind one interface: gpt-tokenizer's o200k_base offline (special-token text read
// as plain text), and a model's own tokenizer.json through @huggingface/tokenizers (a hand-made
// byte-level BPE here: no network), with what each records as its id and the files it refuses.
import { describe, expect, it } from "vitest";
import { encode as encodeWithPackageDefault } from "gpt-tokenizer";
import { createHfTokenizer, loadOfflineTokenizer, TokenizerProblem } from "../../../../src/core/workloads";
import { tinyTokenizerJson, TINY_TOKENIZER_CONFIG } from "./tiny-tokenizer";

describe("loadOfflineTokenizer", () => {
  it("is o200k_base by default, named so, and reads its text back", async () => {
    const tokenizer = await loadOfflineTokenizer();
    expect(tokenizer.id).toBe("gpt-tokenizer:o200k_base");
    const ids = tokenizer.encode("Call me Ishmael. Some years ago -- never mind how long precisely");
    // gpt-tokenizer's own default is o200k_base: the same ids.
    expect(ids).toEqual(encodeWithPackageDefault("Call me Ishmael. Some years ago -- never mind how long precisely"));
    expect(tokenizer.decode(ids)).toBe("Call me Ishmael. Some years ago -- never mind how long precisely");
    expect(tokenizer.decode([])).toBe("");
    expect(await loadOfflineTokenizer("o200k_base")).toBe(tokenizer);
  });

  it("counts special-token text as the plain text a server reads inside a message", async () => {
    const tokenizer = await loadOfflineTokenizer();
    const ids = tokenizer.encode("before <|endoftext|> after");
    expect(ids.length).toBeGreaterThan(3);
    expect(tokenizer.decode(ids)).toBe("before <|endoftext|> after");
  });

  it("cuts English text differently under cl100k_base", async () => {
    const [o200k, cl100k] = await Promise.all([loadOfflineTokenizer("o200k_base"), loadOfflineTokenizer("cl100k_base")]);
    expect(cl100k.id).toBe("gpt-tokenizer:cl100k_base");
    const text = "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.";
    expect(cl100k.encode(text)).not.toEqual(o200k.encode(text));
    expect(cl100k.decode(cl100k.encode(text))).toBe(text);
  });
});

describe("createHfTokenizer", () => {
  it("encodes with the model's own vocabulary and merges, without special tokens, and decodes back", () => {
    const tokenizer = createHfTokenizer(tinyTokenizerJson(), TINY_TOKENIZER_CONFIG, { model: "tests/tiny-bpe", revision: "0123abc" });
    expect(tokenizer.id).toBe("hf:tests/tiny-bpe@0123abc");
    // "T", then "he" and "Ġthe" merged: 3 tokens for "The the", where its 7 bytes would be 7.
    expect(tokenizer.encode("The the")).toHaveLength(3);
    const text = "Whenever it is a damp, drizzly November in my soul; then, I account it high time to get to sea.";
    expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
    expect(tokenizer.decode([])).toBe("");
  });

  it("names a Hub model without a revision, and a file", () => {
    expect(createHfTokenizer(tinyTokenizerJson(), undefined, { model: "tests/tiny-bpe" }).id).toBe("hf:tests/tiny-bpe");
    expect(createHfTokenizer(tinyTokenizerJson(), {}, { file: "tokenizer.json" }).id).toBe("file:tokenizer.json");
  });

  it("refuses files that are not a tokenizer, saying which and why", () => {
    expect(() => createHfTokenizer([], {}, { file: "a.json" })).toThrow(new TokenizerProblem("tokenizer.json must hold a JSON object"));
    expect(() => createHfTokenizer({ version: "1.0" }, {}, { file: "a.json" })).toThrow(/tokenizer.json has no "model" object/);
    expect(() => createHfTokenizer(tinyTokenizerJson(), "yes", { file: "a.json" })).toThrow(/tokenizer_config.json must hold a JSON object/);
    expect(() => createHfTokenizer({ model: { type: "NoSuchModel", vocab: {} } }, {}, { file: "a.json" })).toThrow(
      new TokenizerProblem('tokenizer.json cannot be used: its model (type "NoSuchModel") turns no text into token ids'),
    );
    expect(() => createHfTokenizer({ model: {} }, {}, { file: "a.json" })).toThrow(/^tokenizer.json cannot be used: Unknown TokenizerModel type/);
  });
});
