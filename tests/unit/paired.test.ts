// Paired comparisons: which records pair up, and seeded simulations of what the test and the intervals
// promise (bands, not points: each bound is a few binomial standard deviations from the nominal rate).
import { describe, expect, it } from "vitest";
import { collectSamples, compareRuns, compareSamples, compareTargets, requestKey, type Comparison } from "../../src/core/stats";
import { mulberry32, type Random } from "../../src/core/random";
import type { RequestRecord } from "../../src/core/record";
import { describeComparison, rankTargets } from "../../src/core/verdict";
import { requestRecord as record } from "./request-record";


function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Two targets answering the same 200 (input, repetition) requests: each input has its own cost (a
 * lognormal around 400 ms, which pairing cancels), each request its own noise (30%); target "a" is
 * `factor` times slower.
 */
function simulatedRun(seed: number, factor: number, pairs = 200): RequestRecord[] {
  const random = mulberry32(seed);
  const records: RequestRecord[] = [];
  for (let inputIndex = 0; inputIndex < pairs; inputIndex++) {
    const inputCostMs = 400 * Math.exp(0.5 * normal(random));
    for (const [targetId, scale] of [["a", factor], ["b", 1]] as const) {
      const latencyMs = scale * inputCostMs * Math.exp(0.3 * normal(random));
      records.push(record({ targetId, inputIndex, latencyMs, ttftMs: latencyMs / 4, outputTokens: 50 }));
    }
  }
  return records;
}

function latencyComparison(records: RequestRecord[]): Comparison {
  return compareTargets(collectSamples(records), ["a", "b"]).find((comparison) => comparison.metric === "latencyMs")!;
}

describe("which records are compared", () => {
  it("pairs requests by input and repetition, using each request's last attempt and leaving warm-ups out", () => {
    const records = [
      record({ targetId: "a", inputIndex: 0, repetition: 0, latencyMs: 100 }),
      record({ targetId: "b", inputIndex: 0, repetition: 0, latencyMs: 150 }),
      // b's (1, 0) failed first, then recovered on a retry: the retry is the outcome.
      record({ targetId: "a", inputIndex: 1, repetition: 0, latencyMs: 200 }),
      record({ targetId: "b", inputIndex: 1, repetition: 0, attempt: 2, latencyMs: 260 }),
      record({ targetId: "b", inputIndex: 1, repetition: 0, attempt: 1, status: "error", errorKind: "http_5xx", latencyMs: 5 }),
      // a's (2, 0) failed for good: no pair.
      record({ targetId: "a", inputIndex: 2, repetition: 0, status: "error", errorKind: "timeout", latencyMs: 9000 }),
      record({ targetId: "b", inputIndex: 2, repetition: 0, latencyMs: 300 }),
      // Warm-ups pair with nothing.
      record({ targetId: "a", inputIndex: 0, repetition: 0, warmup: true, latencyMs: 5000 }),
    ];
    const samples = collectSamples(records);
    expect([...samples.samples("a").latencyMs]).toEqual([[requestKey(0, 0), 100], [requestKey(1, 0), 200]]);
    expect([...samples.samples("b").latencyMs.values()]).toEqual([150, 260, 300]);
  });

  it("pairs a sweep's requests within their stage, never across stages", () => {
    // Two levels of a sweep, the same 8 inputs at each: a is 10 ms faster than b at level 0 and 10 ms slower at level 1.
    const records = [0, 1].flatMap((stage) =>
      Array.from({ length: 8 }, (_, inputIndex) => [
        record({ targetId: "a", stage, inputIndex, latencyMs: 100 * (stage + 1) + inputIndex + (stage === 0 ? -10 : 10) }),
        record({ targetId: "b", stage, inputIndex, latencyMs: 100 * (stage + 1) + inputIndex }),
      ]).flat(),
    );
    const samples = collectSamples(records);
    expect(samples.samples("a").latencyMs.size).toBe(16);
    const comparison = compareTargets(samples, ["a", "b"]).find((candidate) => candidate.metric === "latencyMs")!;
    expect(comparison.n).toBe(16);
    expect(comparison.paired).toBe(true);
    expect(comparison.medianDifference).toBe(0);
  });

  it("falls back to an unpaired test when the two sides share too few requests, and says so", () => {
    const a = new Map(Array.from({ length: 20 }, (_, index) => [requestKey(index, 0), 100 + index]));
    const b = new Map(Array.from({ length: 20 }, (_, index) => [requestKey(index + 100, 0), 300 + index]));
    const comparison = compareSamples("latencyMs", { id: "a", values: a }, { id: "b", values: b }, { paired: true });
    expect(comparison.paired).toBe(false);
    expect(comparison.test).toBe("mann-whitney-u");
    expect(comparison.medianDifference).toBe(-200);
    expect(comparison.uncorrectedPValue).toBeLessThan(0.001);
  });

  it("tests nothing with fewer than 6 values a side", () => {
    const few = new Map([[requestKey(0, 0), 1], [requestKey(1, 0), 2]]);
    const comparison = compareSamples("latencyMs", { id: "a", values: few }, { id: "b", values: few }, { paired: true });
    expect(comparison.test).toBeNull();
    expect(describeComparison({ ...comparison, pValue: null, significant: false }, "a", "b")).toBe(
      "too few successful requests to compare latency of a and b (n = 4, unpaired)",
    );
  });

  it("corrects over every pair of targets times every metric that could be tested", () => {
    const records = [...simulatedRun(7, 1.2), ...simulatedRun(8, 1.2).filter((r) => r.targetId === "b").map((r) => ({ ...r, targetId: "c" }))];
    const comparisons = compareTargets(collectSamples(records), ["a", "b", "c"]);
    // 3 pairs × 3 metrics, each tested: Holm over 9.
    expect(comparisons).toHaveLength(9);
    const smallest = Math.min(...comparisons.map((comparison) => comparison.uncorrectedPValue!));
    const corrected = comparisons.find((comparison) => comparison.uncorrectedPValue === smallest)!;
    expect(corrected.pValue).toBeCloseTo(Math.min(1, smallest * 9), 12);
  });
});

describe("the paired test, simulated over 200 seeds", () => {
  it("detects a 20% slowdown with 200 pairs in nearly every seed", () => {
    let detected = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const comparison = latencyComparison(simulatedRun(seed, 1.2));
      if (comparison.significant && comparison.medianDifference! > 0) detected++;
    }
    expect(detected / 200).toBeGreaterThanOrEqual(0.98);
  });

  it("stays quiet on identical distributions at about the nominal 5% false-positive rate", () => {
    let falsePositives = 0;
    for (let seed = 1001; seed <= 1200; seed++) {
      // One pair of targets, one metric tested alone: the uncorrected p is the test's own rate.
      if (latencyComparison(simulatedRun(seed, 1)).uncorrectedPValue! < 0.05) falsePositives++;
    }
    // Binomial(200, 0.05): mean 10, standard deviation 3.1; the band is about mean ± 3 SD.
    expect(falsePositives).toBeGreaterThanOrEqual(1);
    expect(falsePositives).toBeLessThanOrEqual(20);
  });
});

describe("the bootstrap intervals, simulated over 200 seeds", () => {
  it("cover the true median of paired differences about 95% of the time", () => {
    // Differences 25 + 40·(Exp(1) − ln 2): skewed, with median exactly 25.
    let covered = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const random = mulberry32(seed);
      const a = new Map<string, number>();
      const b = new Map<string, number>();
      for (let index = 0; index < 200; index++) {
        const base = 300 + 100 * random();
        b.set(requestKey(index, 0), base);
        a.set(requestKey(index, 0), base + 25 + 40 * (-Math.log(1 - random()) - Math.LN2));
      }
      const comparison = compareSamples("latencyMs", { id: "a", values: a }, { id: "b", values: b }, { paired: true });
      if (comparison.ciLow! <= 25 && 25 <= comparison.ciHigh!) covered++;
    }
    // Binomial(200, 0.95): standard deviation 1.5 points.
    expect(covered / 200).toBeGreaterThanOrEqual(0.9);
    expect(covered / 200).toBeLessThanOrEqual(0.99);
  });

  it("cover the true difference of medians of two independent samples about 95% of the time", () => {
    // Lognormal medians are exp(μ): 400·e^0 − 300·e^0 = 100.
    let covered = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const random = mulberry32(seed);
      const a = new Map(Array.from({ length: 150 }, (_, index) => [requestKey(index, 0), 400 * Math.exp(0.4 * normal(random))]));
      const b = new Map(Array.from({ length: 150 }, (_, index) => [requestKey(index, 1), 300 * Math.exp(0.4 * normal(random))]));
      const comparison = compareSamples("latencyMs", { id: "a", values: a }, { id: "b", values: b }, { paired: false });
      if (comparison.ciLow! <= 100 && 100 <= comparison.ciHigh!) covered++;
    }
    expect(covered / 200).toBeGreaterThanOrEqual(0.9);
    expect(covered / 200).toBeLessThanOrEqual(0.99);
  });
});

describe("verdicts and ranking", () => {
  const comparison = (overrides: Partial<Comparison>): Comparison => ({
    metric: "latencyMs",
    a: "fast",
    b: "steady",
    paired: true,
    n: 200,
    nA: 200,
    nB: 200,
    medianDifference: -180,
    ciLow: -240,
    ciHigh: -120,
    test: "wilcoxon-signed-rank",
    uncorrectedPValue: 0.00001,
    pValue: 0.00009,
    significant: true,
    ...overrides,
  });

  it("names the winner first with a positive amount and interval", () => {
    expect(describeComparison(comparison({}), "fast", "steady")).toBe("fast is faster than steady by 180 ms [120, 240], p < 0.001");
    expect(describeComparison(comparison({ medianDifference: 180, ciLow: 120, ciHigh: 240, pValue: 0.0123 }), "fast", "steady")).toBe(
      "steady is faster than fast by 180 ms [120, 240], p = 0.012",
    );
    expect(
      describeComparison(comparison({ metric: "outputTokensPerSecond", medianDifference: 12, ciLow: 8, ciHigh: 15, paired: false }), "fast", "steady"),
    ).toBe("fast generates more output tokens/s than steady by 12.0 tok/s [8.00, 15.0], p < 0.001, unpaired");
  });

  it("calls a difference that is not significant no detectable difference", () => {
    expect(describeComparison(comparison({ significant: false, pValue: 0.4, ciLow: -300, ciHigh: 20 }), "a", "b")).toBe(
      "no detectable difference in latency between a and b (n = 200)",
    );
  });

  it("ranks only what the tests support: ties where a difference is not significant", () => {
    const medians = new Map([["fast", 100], ["steady", 300], ["flaky", 320]]);
    const comparisons = [
      comparison({ a: "fast", b: "steady" }),
      comparison({ a: "fast", b: "flaky", medianDifference: -220, ciLow: -260, ciHigh: -180 }),
      comparison({ a: "steady", b: "flaky", medianDifference: -20, ciLow: -80, ciHigh: 30, pValue: 0.3, significant: false }),
    ];
    const ranking = rankTargets("latencyMs", ["flaky", "steady", "fast"], comparisons, (id) => medians.get(id) ?? null);
    expect(ranking).toEqual([
      { targetId: "fast", rank: 1, tiedWith: [] },
      { targetId: "steady", rank: 2, tiedWith: ["flaky"] },
      { targetId: "flaky", rank: 2, tiedWith: ["steady"] },
    ]);
  });

  it("compares two runs target by target, first run minus second", () => {
    const slower = simulatedRun(3, 1.2).filter((r) => r.targetId === "a");
    const before = simulatedRun(3, 1.2).filter((r) => r.targetId === "b").map((r) => ({ ...r, targetId: "a" }));
    const [latency] = compareRuns(collectSamples(slower), collectSamples(before), ["a"], { paired: true });
    expect(latency).toMatchObject({ metric: "latencyMs", a: "a", b: "a", paired: true, n: 200, significant: true });
    expect(latency!.medianDifference).toBeGreaterThan(0);
  });
});
