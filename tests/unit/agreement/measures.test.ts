import { describe, expect, it } from "vitest";
import { matchedBoxIou, intersectionOverUnion, cosineSimilarity, embeddingCosine, lengthRatio, normaliseText, normalisedExactMatch, topLabel, topLabelAgreement, wordEditDistance, wordErrorRate } from "../../../src/core/agreement";

describe("top-1 label", () => {
  it("is the best-scored label whatever the order the provider sent", () => {
    expect(topLabel([{ label: "NEGATIVE", score: 0.1 }, { label: "POSITIVE", score: 0.9 }])).toBe("POSITIVE");
    expect(topLabel([[{ label: "cat", score: 0.7 }, { label: "dog", score: 0.3 }]])).toBe("cat");
    expect(topLabel([{ token_str: "Paris", score: 0.8, sequence: "…", token: 1 }])).toBe("Paris");
  });

  it("agrees (1) or not (0), and cannot be judged on a malformed output", () => {
    const positive = [{ label: "POSITIVE", score: 0.9 }];
    expect(topLabelAgreement(positive, [{ label: "POSITIVE", score: 0.6 }, { label: "NEGATIVE", score: 0.4 }])).toBe(1);
    expect(topLabelAgreement(positive, [{ label: "NEGATIVE", score: 0.7 }])).toBe(0);
    expect(topLabelAgreement(positive, "POSITIVE")).toBeNull();
    expect(topLabelAgreement(positive, [])).toBeNull();
  });
});

describe("cosine similarity", () => {
  it("matches values worked out by hand", () => {
    // [1,2,2]·[2,1,2] = 2+2+4 = 8; |a| = |b| = 3 → 8/9.
    expect(cosineSimilarity([1, 2, 2], [2, 1, 2])).toBeCloseTo(8 / 9, 12);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([1, 1], [-2, -2])).toBeCloseTo(-1, 12);
  });

  it("has no value for different lengths or a zero vector", () => {
    expect(cosineSimilarity([1, 2], [1, 2, 3])).toBeNull();
    expect(cosineSimilarity([0, 0], [1, 2])).toBeNull();
  });

  it("compares one-row outputs ([[…]]) but not token-level ones", () => {
    expect(embeddingCosine([[3, 4]], [3, 4])).toBeCloseTo(1, 12);
    expect(embeddingCosine([[1, 2], [3, 4]], [[1, 2], [3, 4]])).toBeNull();
  });
});

describe("text match", () => {
  it("normalises case, punctuation, symbols, compatibility forms and spacing", () => {
    expect(normaliseText("  The  Eiffel\u00a0Tower!! ")).toBe("the eiffel tower");
    expect(normaliseText("ＰＡＲＩＳ.")).toBe("paris");
    expect(normalisedExactMatch("Paris.", " paris")).toBe(1);
    expect(normalisedExactMatch("Paris", "Lyon")).toBe(0);
  });

  it("takes the shorter length over the longer, in code points", () => {
    expect(lengthRatio("abcd", "ab")).toBe(0.5);
    expect(lengthRatio("ab", "abcd")).toBe(0.5);
    // Two emoji are two code points (four UTF-16 units) against four letters.
    expect(lengthRatio("😀😀", "abcd")).toBe(0.5);
    expect(lengthRatio("", "")).toBeNull();
    expect(lengthRatio("", "abc")).toBe(0);
  });
});

describe("word error rate", () => {
  it("counts substitutions, deletions and insertions over the reference's words", () => {
    // reference: the cat sat on the mat (6 words); hypothesis: the cat sit on mat today
    // sat→sit (substitution), "the" deleted, "today" inserted: 3 edits / 6 words.
    expect(wordEditDistance(["the", "cat", "sat", "on", "the", "mat"], ["the", "cat", "sit", "on", "mat", "today"])).toBe(3);
    expect(wordErrorRate("The cat sat on the mat.", "the cat sit on mat today")).toBe(0.5);
  });

  it("is 0 for the same words once normalised, and can pass 1", () => {
    expect(wordErrorRate("Hello, world!", "hello world")).toBe(0);
    // 1 word against 3 different words: 1 substitution + 2 insertions over 1 word.
    expect(wordErrorRate("yes", "no no no")).toBe(3);
  });

  it("depends on which transcript is the reference", () => {
    // "a b" → "a b c d": 2 insertions / 2 words; the other way: 2 deletions / 4 words.
    expect(wordErrorRate("a b", "a b c d")).toBe(1);
    expect(wordErrorRate("a b c d", "a b")).toBe(0.5);
  });

  it("has no value for an empty reference", () => {
    expect(wordErrorRate("  ...  ", "words")).toBeNull();
  });
});

describe("box IoU", () => {
  const box = (label: string, xmin: number, ymin: number, xmax: number, ymax: number) => ({ label, score: 0.9, xmin, ymin, xmax, ymax });

  it("is the overlap over the union", () => {
    // Two 10×10 boxes overlapping 5×10 = 50; union 100 + 100 − 50 = 150.
    expect(intersectionOverUnion(box("cat", 0, 0, 10, 10), box("cat", 5, 0, 15, 10))).toBeCloseTo(1 / 3, 12);
    expect(intersectionOverUnion(box("cat", 0, 0, 10, 10), box("cat", 20, 20, 30, 30))).toBe(0);
  });

  it("matches boxes of the same label one to one, best first, and counts unmatched boxes as 0", () => {
    const a = [box("cat", 0, 0, 10, 10), box("dog", 50, 50, 60, 60)];
    // cat matches with IoU 1/3; the dog box of b is elsewhere (IoU 0, unmatched); b has an extra bird.
    const b = [box("cat", 5, 0, 15, 10), box("dog", 80, 80, 90, 90), box("bird", 0, 0, 10, 10)];
    // (1/3 + 0) / max(2, 3) = 1/9.
    expect(matchedBoxIou(a, b)).toBeCloseTo(1 / 9, 12);
  });

  it("does not match one box twice", () => {
    const a = [box("cat", 0, 0, 10, 10)];
    const b = [box("cat", 0, 0, 10, 10), box("cat", 0, 0, 10, 10)];
    // One match of IoU 1 over the larger count 2.
    expect(matchedBoxIou(a, b)).toBe(0.5);
  });

  it("calls two empty detections full agreement", () => {
    expect(matchedBoxIou([], [])).toBe(1);
    expect(matchedBoxIou([], [box("cat", 0, 0, 1, 1)])).toBe(0);
  });
});
