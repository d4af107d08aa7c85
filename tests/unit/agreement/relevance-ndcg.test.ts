// A reranker's ranking against an input's relevance labels (core/agreement/ranking-ndcg.ts relevanceNdcg,
// docs/metrics.md "Ranking quality"): NDCG@10, linear gain, computed here by hand.
import { describe, expect, it } from "vitest";
import { relevanceNdcg } from "../../../src/core/agreement";

const log2 = Math.log2;

describe("relevanceNdcg", () => {
  it("is the ranking's DCG over the labels' ideal order, each label its own gain", () => {
    // Labels 3, 0, 2, 0; the scores rank documents 2, 0, 1, 3.
    const dcg = 2 / log2(2) + 3 / log2(3);
    const ideal = 3 / log2(2) + 2 / log2(3);
    expect(relevanceNdcg([3, 0, 2, 0], [0.6, 0.2, 0.9, 0.1])).toBeCloseTo(dcg / ideal, 12);
    expect(relevanceNdcg([3, 0, 2, 0], [0.9, 0.2, 0.6, 0.1])).toBe(1);
    // Linear gain: a grade-3 document first is worth three grade-1 documents, not 2^3 − 1 = 7.
    expect(relevanceNdcg([3, 1], [0.1, 0.9])).toBeCloseTo((1 + 3 / log2(3)) / (3 + 1 / log2(3)), 12);
  });

  it("breaks a tie in the scores by the documents' order in the input", () => {
    // Scores 0.5, 0.5, 0.9: the ranking is 2, 0, 1 (document 0 before document 1, both at 0.5).
    const ideal = 3 + 1 / log2(3);
    expect(relevanceNdcg([0, 3, 1], [0.5, 0.5, 0.9])).toBeCloseTo((1 + 0 + 3 / log2(4)) / ideal, 12);
    expect(relevanceNdcg([3, 0, 1], [0.5, 0.5, 0.9])).toBeCloseTo((1 + 3 / log2(3)) / ideal, 12);
  });

  it("is 1 for any order of documents that share a label", () => {
    expect(relevanceNdcg([2, 2, 0], [0.3, 0.9, 0.1])).toBe(1);
    expect(relevanceNdcg([2, 2, 0], [0.9, 0.3, 0.1])).toBe(1);
    expect(relevanceNdcg([1, 1, 0], [0.1, 0.9, 0.5])).toBeCloseTo((1 + 1 / log2(4)) / (1 + 1 / log2(3)), 12);
  });

  it("counts only the top 10", () => {
    // Twelve documents, the only relevant one ranked 11th: nothing in the top 10 earns a gain.
    const labels = [...new Array<number>(10).fill(0), 1, 0];
    const scores = labels.map((_, index) => 12 - index);
    expect(relevanceNdcg(labels, scores)).toBe(0);
    expect(relevanceNdcg(labels, scores, 11)).toBeCloseTo(1 / log2(12), 12);
  });

  it("is null when every label is 0 (no order is better), or when the answer is no ranking of the documents", () => {
    expect(relevanceNdcg([0, 0, 0], [0.9, 0.5, 0.1])).toBeNull();
    expect(relevanceNdcg([1, 0, 0], [0.9, 0.5])).toBeNull();
    expect(relevanceNdcg([1, 0], [0.9, null])).toBeNull();
    expect(relevanceNdcg([1, 0], null)).toBeNull();
    expect(relevanceNdcg([], [])).toBeNull();
  });
});
