// NDCG@k between two rerankers' scores (core/agreement/ranking-ndcg.ts): the reference's order as graded relevance.
import { describe, expect, it } from "vitest";
import { rankingNdcg } from "../../../src/core/agreement";

describe("rankingNdcg", () => {
  it("is 1 when the two rank the documents in the same order, whatever their scales", () => {
    expect(rankingNdcg([0.9, 0.1, 0.5], [12, -3, 4])).toBe(1);
  });

  it("falls as the top documents swap, by the discounted gains", () => {
    // Reference order: 0, 2, 1 (gains 3, 1, 2 by document). Judged order: 2, 0, 1.
    const ideal = 3 / Math.log2(2) + 2 / Math.log2(3) + 1 / Math.log2(4);
    const judged = 2 / Math.log2(2) + 3 / Math.log2(3) + 1 / Math.log2(4);
    expect(rankingNdcg([0.9, 0.1, 0.5], [0.5, 0.1, 0.9])).toBeCloseTo(judged / ideal, 12);
    expect(rankingNdcg([0.9, 0.1, 0.5], [0.1, 0.9, 0.5])!).toBeLessThan(judged / ideal);
  });

  it("counts only the reference's top k as relevant", () => {
    // k = 1: only document 0 is relevant; the judged ranking puts it second.
    expect(rankingNdcg([0.9, 0.1, 0.5], [0.5, 0.1, 0.9], 1)).toBe(0);
    expect(rankingNdcg([0.9, 0.1, 0.5], [0.9, 0.1, 0.5], 1)).toBe(1);
  });

  it("is not computed for rankings of different documents or a missing score", () => {
    expect(rankingNdcg([0.9, 0.1], [0.9, 0.1, 0.5])).toBeNull();
    expect(rankingNdcg([0.9, null, 0.5], [0.9, 0.1, 0.5])).toBeNull();
    expect(rankingNdcg([], [])).toBeNull();
  });
});
