// 95% intervals: ranks and t quantiles pinned against scipy 1.17 (each constant shows the expression),
// and the coverage of the intervals the summary prints, in a seeded simulation.
import { describe, expect, it } from "vitest";
import { describeSorted, meanCi95, minValuesForPercentileInterval, percentileCi95, percentileIntervalRanks, studentT975 } from "../../src/core/stats";
import { mulberry32 } from "../../src/core/random";

describe("order-statistic interval of a percentile", () => {
  // B = scipy.stats.binom(n, p); l = max k with B.cdf(k - 1) <= 0.025; u = min k with B.cdf(k - 1) >= 0.975
  const PINNED: [number, number, [number, number] | null][] = [
    [6, 0.5, [1, 6]],
    [5, 0.5, null],
    [10, 0.5, [2, 9]],
    [100, 0.5, [40, 61]],
    [100, 0.9, [84, 96]],
    [200, 0.75, [138, 163]],
    [1000, 0.01, [4, 18]],
    [1000, 0.99, [983, 997]],
    [368, 0.99, [360, 368]],
    [368, 0.01, [1, 9]],
    [367, 0.99, null],
    [20, 0.99, null],
    [72, 0.95, [64, 72]],
    [71, 0.95, null],
    [36, 0.1, [1, 8]],
    [3688, 0.999, [3680, 3688]],
    [5000, 0.999, [4990, 5000]],
    [50_000, 0.999, [49936, 49964]],
    [1_000_000, 0.5, [499020, 500981]],
    [1_000_000, 0.999, [998938, 999062]],
  ];

  it("picks the ranks scipy's binomial gives, and none where even the extremes cover less than 95%", () => {
    for (const [n, p, ranks] of PINNED) expect(percentileIntervalRanks(n, p), `n=${n} p=${p}`).toEqual(ranks);
  });

  it("names the fewest values each percentile needs", () => {
    expect([1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9].map((percent) => minValuesForPercentileInterval(percent / 100))).toEqual([
      368, 72, 36, 13, 6, 13, 36, 72, 368, 3688,
    ]);
  });

  it("reads the bounds from the sorted values, and says why when there are too few", () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => (i + 1) * 10);
    expect(percentileCi95(sorted, 50)).toEqual({ low: 400, high: 610, reason: null });
    const twenty = sorted.subarray(0, 20);
    expect(percentileCi95(twenty, 99)).toEqual({
      low: null,
      high: null,
      reason: "too few values for a 95% interval of p99: it needs at least 368, there are 20",
    });
    expect(percentileCi95(new Float64Array(0), 50).reason).toBe("no values");
  });
});

describe("Student's t interval of a mean", () => {
  it("uses t quantiles scipy gives", () => {
    // scipy.stats.t.ppf(0.975, [1, 2, 5, 30, 31, 40, 100, 1000])
    const expected = [12.706204736174694, 4.302652729749462, 2.5705818356363146, 2.0422724563012378, 2.039513446396408, 2.021075390306273, 1.9839715185235518, 1.9623390808264083];
    [1, 2, 5, 30, 31, 40, 100, 1000].forEach((df, i) => expect(studentT975(df)).toBeCloseTo(expected[i]!, 5));
  });

  it("is mean ± t·s/√n, and refuses fewer than 10 values", () => {
    // x = np.arange(1, 11); m = x.mean(); s = x.std(ddof=1); t = scipy.stats.t.ppf(0.975, 9); m - t*s/np.sqrt(10), m + t*s/np.sqrt(10)
    const ci = meanCi95(10, 5.5, 3.0276503540974917);
    expect(ci.low).toBeCloseTo(3.334149410386408, 8);
    expect(ci.high).toBeCloseTo(7.665850589613592, 8);
    expect(meanCi95(9, 5, 2.7).reason).toBe("too few values for a 95% interval of the mean: it needs at least 10, there are 9");
  });
});

describe("coverage in a seeded simulation", () => {
  const uniform = mulberry32(20261123);
  const standardNormal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  // Latency-like: lognormal(μ = 6, σ = 0.5); its p-quantile is exp(6 + 0.5 z_p), its mean exp(6.125).
  const lognormal = () => Math.exp(6 + 0.5 * standardNormal());
  const Z = { p50: 0, p90: 1.2815515655446004, p99: 2.3263478740408408 };
  const TRIALS = 2000;

  /** The share of trials whose interval of `key` holds `truth` (no interval counts as a miss). */
  function coverage(n: number, key: "p50" | "p90" | "p99" | "mean", truth: number): number {
    let covered = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const { low, high } = describeSorted(Float64Array.from({ length: n }, lognormal).sort()).ci95[key];
      if (low !== null && high !== null && low <= truth && truth <= high) covered++;
    }
    return covered / TRIALS;
  }

  // With 2,000 trials the standard error of a 95% rate is 0.5 points: the bounds allow 4 of them below.
  // Percentile intervals are conservative by construction (whole ranks), so they may sit above 95%.
  it("covers the true median, p90 and p99 at least about 95% of the time", () => {
    for (const [key, n] of [["p50", 50], ["p90", 200], ["p99", 800]] as const) {
      const rate = coverage(n, key, Math.exp(6 + 0.5 * Z[key]));
      expect(rate, key).toBeGreaterThanOrEqual(0.93);
      expect(rate, key).toBeLessThanOrEqual(0.99);
    }
  });

  it("covers the true mean close to 95% of the time", () => {
    const rate = coverage(200, "mean", Math.exp(6.125));
    expect(rate).toBeGreaterThanOrEqual(0.93);
    expect(rate).toBeLessThanOrEqual(0.97);
  });
});
