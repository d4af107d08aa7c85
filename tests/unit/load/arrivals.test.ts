// Inter-arrival times: Poisson gaps fit the exponential (Kolmogorov–Smirnov), gamma gaps keep the rate
// and spread as their shape says, constant ones are exact, and the gamma variate itself is right.
import { describe, expect, it } from "vitest";
import { arrivalOffsets, interArrivalSampler, mergeArrivals } from "../../../src/core/load";
import { gammaVariate, mulberry32, openUnit } from "../../../src/core/random";

function take(iterator: Iterator<number>, count: number): number[] {
  return Array.from({ length: count }, () => iterator.next().value as number);
}

function gaps(offsets: number[]): number[] {
  return offsets.slice(1).map((offset, index) => offset - offsets[index]!);
}

/** The Kolmogorov–Smirnov statistic of a sample against a continuous CDF. */
function ksStatistic(sample: number[], cdf: (x: number) => number): number {
  const sorted = [...sample].sort((a, b) => a - b);
  const n = sorted.length;
  return sorted.reduce((worst, x, index) => Math.max(worst, Math.abs(cdf(x) - index / n), Math.abs((index + 1) / n - cdf(x))), 0);
}

/** The 1% critical value of the one-sample KS test for large n. */
const ksCritical1Percent = (n: number): number => 1.628 / Math.sqrt(n);

function meanAndVariance(values: number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { mean, variance };
}

describe("Poisson arrivals", () => {
  it("have exponential gaps at the rate: the KS test does not reject, for several seeds", () => {
    const rate = 20;
    for (const seed of [1, 2, 3, 42, 1234]) {
      const sample = gaps(take(arrivalOffsets({ rate, process: "poisson", burstiness: 1 }, seed), 3001));
      const statistic = ksStatistic(sample, (x) => 1 - Math.exp((-rate * x) / 1000));
      expect(statistic, `seed ${seed}`).toBeLessThan(ksCritical1Percent(sample.length));
    }
  });

  it("would be told apart from constant or wrong-rate gaps by the same test", () => {
    const rate = 20;
    const wrongRate = gaps(take(arrivalOffsets({ rate: 25, process: "poisson", burstiness: 1 }, 1), 3001));
    expect(ksStatistic(wrongRate, (x) => 1 - Math.exp((-rate * x) / 1000))).toBeGreaterThan(ksCritical1Percent(3000));
    const bursty = gaps(take(arrivalOffsets({ rate, process: "gamma", burstiness: 0.3 }, 1), 3001));
    expect(ksStatistic(bursty, (x) => 1 - Math.exp((-rate * x) / 1000))).toBeGreaterThan(ksCritical1Percent(3000));
  });

  it("give the same schedule for the same seed, another for another", () => {
    const spec = { rate: 5, process: "poisson", burstiness: 1 } as const;
    expect(take(arrivalOffsets(spec, 9), 50)).toEqual(take(arrivalOffsets(spec, 9), 50));
    expect(take(arrivalOffsets(spec, 9), 50)).not.toEqual(take(arrivalOffsets(spec, 10), 50));
  });
});

describe("gamma arrivals", () => {
  it("keep the mean rate whatever the burstiness, with a squared coefficient of variation of 1 / k", () => {
    for (const burstiness of [0.25, 0.5, 1, 4]) {
      const sample = gaps(take(arrivalOffsets({ rate: 10, process: "gamma", burstiness }, 5), 40_001));
      const { mean, variance } = meanAndVariance(sample);
      expect(mean, `k=${burstiness}`).toBeCloseTo(100, -0.5);
      expect(variance / mean ** 2, `k=${burstiness}`).toBeCloseTo(1 / burstiness, 0);
    }
  });

  it("the variate matches Gamma(k, 1)'s mean and variance (k), below 1 too", () => {
    const uniform = openUnit(mulberry32(11));
    for (const shape of [0.3, 1, 2.5, 9]) {
      const { mean, variance } = meanAndVariance(Array.from({ length: 40_000 }, () => gammaVariate(shape, uniform)));
      expect(Math.abs(mean - shape) / shape, `k=${shape}`).toBeLessThan(0.03);
      expect(Math.abs(variance - shape) / shape, `k=${shape}`).toBeLessThan(0.08);
    }
    expect(() => gammaVariate(0, uniform)).toThrow(/shape/);
  });
});

describe("constant arrivals", () => {
  it("are n / rate exactly, with no rounding drift after a million", () => {
    const offsets = arrivalOffsets({ rate: 3, process: "constant", burstiness: 1 }, 1);
    const first = take(offsets, 1_000_001);
    expect(first[1]).toBeCloseTo(1000 / 3, 12);
    expect(first[1_000_000]).toBe((1_000_000 * 1000) / 3);
  });

  it("refuse a rate that is not a positive number", () => {
    expect(() => interArrivalSampler({ rate: 0, process: "poisson", burstiness: 1 }, Math.random)).toThrow(/rate/);
  });
});

describe("merging arrival streams", () => {
  it("yields them in time order, ties in stream order", () => {
    const stream = (times: number[], item: string) => times.map((atMs) => ({ atMs, item }));
    const merged = [...mergeArrivals([stream([0, 10, 20], "a"), stream([5, 10, 30], "b")])];
    expect(merged.map((arrival) => `${arrival.item}${arrival.atMs}`)).toEqual(["a0", "b5", "a10", "b10", "a20", "b30"]);
  });
});
