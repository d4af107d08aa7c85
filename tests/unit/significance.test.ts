// The tests of significance.ts against values computed independently: scipy 1.17 (python3, run once by
// hand; no python at test time), Newcombe's own published example, and Holm's rule worked by hand. Each
// constant says how it was obtained.
import { describe, expect, it } from "vitest";
import {
  averageRanks,
  bootstrapPercentileDifference,
  bootstrapPercentileOfDifferences,
  compareProportions,
  holmAdjust,
  mannWhitneyU,
  twoSidedNormalP,
  wilcoxonSignedRank,
} from "../../src/core/stats";

describe("wilcoxonSignedRank", () => {
  it("gives scipy's exact p-value for a small sample without ties or zeros", () => {
    // scipy.stats.wilcoxon([1.5, -0.3, 2.1, 4.0, 0.7, -1.2, 3.3, 2.8, 0.9, 1.1], method="exact")
    //   → statistic=6.0 (W− = ranks 1 + 5), pvalue=0.02734375 (= 2 × 14/1024)
    const result = wilcoxonSignedRank([1.5, -0.3, 2.1, 4.0, 0.7, -1.2, 3.3, 2.8, 0.9, 1.1]);
    expect(result.method).toBe("exact");
    expect(result.statistic).toBe(49); // W+ = 55 − 6
    expect(result.pValue).toBeCloseTo(0.02734375, 12);
  });

  it("drops zeros and corrects the variance for ties, as scipy's normal approximation does", () => {
    // scipy.stats.wilcoxon([0, 2, -1, 2, 3, -3, 4, 5, 0, 6, 2, -2, 7, 1, 8], method="asymptotic",
    //   zero_method="wilcox", correction=False) → statistic=13.5, pvalue=0.024795236637510792
    const result = wilcoxonSignedRank([0, 2, -1, 2, 3, -3, 4, 5, 0, 6, 2, -2, 7, 1, 8]);
    expect(result.method).toBe("normal");
    expect(result.nonZero).toBe(13);
    expect(result.statistic).toBe(91 - 13.5);
    expect(result.pValue).toBeCloseTo(0.024795236637510792, 6);
  });

  it("uses the normal approximation above 50 differences, as scipy's asymptotic method", () => {
    // d = [round(numpy.sin(i) * 10 + 1.5, 6) for i in 1..60] (no ties)
    // scipy.stats.wilcoxon(d, method="asymptotic", correction=False) → statistic=642.0, pvalue=0.04446108406358574
    const differences = Array.from({ length: 60 }, (_, index) => Math.round((Math.sin(index + 1) * 10 + 1.5) * 1e6) / 1e6);
    const result = wilcoxonSignedRank(differences);
    expect(result.method).toBe("normal");
    expect(Math.min(result.statistic, 1830 - result.statistic)).toBe(642);
    expect(result.pValue).toBeCloseTo(0.04446108406358574, 6);
  });

  it("finds nothing in all-zero differences", () => {
    expect(wilcoxonSignedRank([0, 0, 0]).pValue).toBe(1);
  });
});

describe("mannWhitneyU", () => {
  it("gives scipy's asymptotic p-value with ties and the continuity correction", () => {
    // scipy.stats.mannwhitneyu([12,15,11,19,15,22,14,18,15,20], [10,11,13,9,12,15,8,11,10,14,13],
    //   method="asymptotic", use_continuity=True) → statistic=96.5, pvalue=0.0036824549361752492
    const result = mannWhitneyU([12, 15, 11, 19, 15, 22, 14, 18, 15, 20], [10, 11, 13, 9, 12, 15, 8, 11, 10, 14, 13]);
    expect(result.statistic).toBe(96.5);
    expect(result.pValue).toBeCloseTo(0.0036824549361752492, 6);
  });
});

describe("holmAdjust", () => {
  it("multiplies the i-th smallest p by (m − i), keeps the order monotone and returns the input order", () => {
    // By hand, m = 4: sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → max(0.06, 0.04) = 0.06.
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((expected, index) => expect(adjusted[index]).toBeCloseTo(expected, 12));
  });

  it("caps at 1 and leaves a single test alone", () => {
    // By hand: 0.4·3 = 1.2 → 1; then max(1, 0.5·2) = 1; then max(1, 0.9) = 1.
    expect(holmAdjust([0.5, 0.4, 0.9])).toEqual([1, 1, 1]);
    expect(holmAdjust([0.03])).toEqual([0.03]);
    expect(holmAdjust([])).toEqual([]);
  });
});

describe("compareProportions", () => {
  it("reproduces Newcombe's (1998) method 10 interval for his example 56/70 − 48/80", () => {
    // Newcombe, Statistics in Medicine 17:873–890, Table II, example (a), method 10: 0.0524 to 0.3339.
    const result = compareProportions(56, 70, 48, 80);
    expect(result.difference).toBeCloseTo(0.2, 12);
    expect(result.ciLow).toBeCloseTo(0.0524, 4);
    expect(result.ciHigh).toBeCloseTo(0.3339, 4);
  });

  it("gives the pooled z test's p-value, the uncorrected χ² of the 2×2 table", () => {
    // scipy.stats.chi2_contingency([[3, 197], [12, 188]], correction=False) → pvalue=0.017854292789382956
    const result = compareProportions(3, 200, 12, 200);
    expect(result.pValue).toBeCloseTo(0.017854292789382956, 6);
    expect(result.ciHigh).toBeLessThan(0);
  });

  it("sees no difference between two rates of zero", () => {
    const result = compareProportions(0, 100, 0, 100);
    expect(result.pValue).toBe(1);
    expect(result.ciLow).toBeLessThan(0);
    expect(result.ciHigh).toBeGreaterThan(0);
  });
});

describe("the small pieces", () => {
  it("averageRanks shares ranks among ties and sums t³ − t", () => {
    // By hand: 3 → 1; the two 5s share ranks 2 and 3 → 2.5; 9 → 4. Ties: 2³ − 2 = 6.
    const { ranks, tieTerm } = averageRanks([5, 3, 9, 5]);
    expect([...ranks]).toEqual([2.5, 1, 4, 2.5]);
    expect(tieTerm).toBe(6);
  });

  it("twoSidedNormalP matches the normal tail", () => {
    // scipy.stats.norm.sf(1.959963984540054) * 2 = 0.05; scipy.stats.norm.sf(3.2905267314919255) * 2 = 0.001
    expect(twoSidedNormalP(1.959963984540054)).toBeCloseTo(0.05, 6);
    expect(twoSidedNormalP(-3.2905267314919255)).toBeCloseTo(0.001, 8);
    expect(twoSidedNormalP(0)).toBeCloseTo(1, 6);
  });

  it("gives the same bootstrap interval for the same values every time", () => {
    const differences = Array.from({ length: 50 }, (_, index) => ((index * 37) % 50) - 20);
    expect(bootstrapPercentileOfDifferences(differences)).toEqual(bootstrapPercentileOfDifferences(differences));
    const a = differences.map((value) => value + 100);
    expect(bootstrapPercentileDifference(a, differences)).toEqual(bootstrapPercentileDifference(a, differences));
  });
});
