// E-Divisive means on seeded series: a shift found where it starts, noise and a lone outlier left quiet,
// a slow trend reported as a change somewhere inside it.
import { describe, expect, it } from "vitest";
import { bestSplit, eDivisive, medianInterval, MIN_RUNS_FOR_ORDER_STATISTIC_MEDIAN, seriesChanges } from "../../src/core/change-points";
import { mulberry32, openUnit, standardNormal } from "../../src/core/random";

const SEEDS = 200;

/** `runs` runs' values (20 unless told): the level at each run times a seeded 5% noise. */
function series(seed: number, level: (run: number) => number, runs = 20): number[] {
  const uniform = openUnit(mulberry32(seed));
  return Array.from({ length: runs }, (_, run) => level(run) * (1 + 0.05 * standardNormal(uniform)));
}

function share(count: (seed: number) => boolean): number {
  let hits = 0;
  for (let seed = 0; seed < SEEDS; seed++) if (count(seed)) hits++;
  return hits / SEEDS;
}

describe("bestSplit", () => {
  it("splits a clean step where it steps, with the energy statistic's value", () => {
    const values = [1, 1, 1, 1, 5, 5, 5, 5];
    const split = bestSplit(values, 0, values.length, 2);
    expect(split?.index).toBe(4);
    // m = k = 4, n = 8: (16 / 8) · (2 · 64 / 16 − 0 − 0) = 16.
    expect(split?.statistic).toBeCloseTo(16, 10);
  });

  it("has nothing to split below two segments' worth of values", () => {
    expect(bestSplit([1, 2, 3, 4, 5], 0, 5, 3)).toBeNull();
  });
});

describe("eDivisive", () => {
  it("finds both steps of a clean two-step series, each with a small p-value", () => {
    const values = [...Array<number>(8).fill(10), ...Array<number>(8).fill(20), ...Array<number>(8).fill(12)];
    const points = eDivisive(values);
    expect(points.map((point) => point.index)).toEqual([8, 16]);
    for (const point of points) expect(point.pValue).toBeLessThanOrEqual(0.05);
  });

  it("gives the same answer for the same series (seeded permutations)", () => {
    const values = series(7, (run) => (run >= 10 ? 115 : 100));
    expect(eDivisive(values)).toEqual(eDivisive(values));
  });

  it("stays quiet on 20 runs from one distribution in at least 90% of seeds", () => {
    expect(share((seed) => eDivisive(series(seed, () => 100)).length === 0)).toBeGreaterThanOrEqual(0.9);
  });

  it("finds a 20% shift within two runs of where it starts in at least 95% of seeds", () => {
    expect(share((seed) => eDivisive(series(10_000 + seed, (run) => (run >= 8 ? 120 : 100))).some((point) => Math.abs(point.index - 8) <= 2))).toBeGreaterThanOrEqual(0.95);
  });

  it("stays quiet on a fortnight (12 runs) from one distribution in at least 90% of seeds", () => {
    expect(share((seed) => eDivisive(series(50_000 + seed, () => 100, 12)).length === 0)).toBeGreaterThanOrEqual(0.9);
  });

  it("sees a 20% shift from the 3rd run after it on (≥ 90% within one run of it), never from the 2nd at its own run", () => {
    // The series as it stands on each night after the shift at index 7 (the 8th run): 7 + k runs.
    const foundNear = (after: number): number => share((seed) => eDivisive(series(10_000 + seed, (run) => (run >= 7 ? 120 : 100)).slice(0, 7 + after)).some((point) => Math.abs(point.index - 7) <= 1));
    // Fewer than 3 runs after a split cannot be a segment: the 8th run cannot be named yet.
    expect(share((seed) => eDivisive(series(10_000 + seed, (run) => (run >= 7 ? 120 : 100)).slice(0, 9)).some((point) => point.index === 7))).toBe(0);
    expect(foundNear(3)).toBeGreaterThanOrEqual(0.9);
    expect(foundNear(5)).toBeGreaterThanOrEqual(0.95);
  });

  it("does not call a single outlier run a change in at least 90% of seeds", () => {
    expect(share((seed) => eDivisive(series(20_000 + seed, (run) => (run === 10 ? 300 : 100))).length === 0)).toBeGreaterThanOrEqual(0.9);
  });

  it("reports a slow trend (+50% over 20 runs) as a change inside it, later runs higher", () => {
    const changes = seriesChanges(series(30_000, (run) => 100 + 2.5 * run));
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(change.index).toBeGreaterThanOrEqual(3);
      expect(change.index).toBeLessThanOrEqual(17);
      expect(change.after).toBeGreaterThan(change.before);
    }
  });
});

describe("seriesChanges", () => {
  it("names the medians before and after the change", () => {
    const [change] = seriesChanges([10, 11, 9, 10, 12, 10, 30, 31, 29, 30, 32, 30]);
    expect(change).toMatchObject({ index: 6, before: 10, after: 30 });
    // Six runs a side: ranks 1 and 6, the extremes of each side.
    expect(change?.beforeCi).toEqual({ low: 9, high: 12, method: "order statistics" });
    expect(change?.afterCi).toEqual({ low: 29, high: 32, method: "order statistics" });
  });
});

describe("medianInterval", () => {
  it("is the order-statistic interval from 6 runs on: ranks 1 and 6 of 6, ranks 2 and 8 of 9", () => {
    expect(MIN_RUNS_FOR_ORDER_STATISTIC_MEDIAN).toBe(6);
    expect(medianInterval([16, 11, 14, 12, 15, 13])).toEqual({ low: 11, high: 16, method: "order statistics" });
    expect(medianInterval([9, 1, 8, 2, 7, 3, 6, 4, 5])).toEqual({ low: 2, high: 8, method: "order statistics" });
  });

  it("falls back to the seeded bootstrap below 6 runs, inside the values' range and the same each time", () => {
    const values = [100, 104, 98, 120, 101];
    const ci = medianInterval(values)!;
    expect(ci.method).toBe("bootstrap");
    expect(ci.low).toBeGreaterThanOrEqual(98);
    expect(ci.high).toBeLessThanOrEqual(120);
    expect(ci.low).toBeLessThanOrEqual(101);
    expect(ci.high).toBeGreaterThanOrEqual(101);
    expect(medianInterval(values)).toEqual(ci);
  });

  it("has none for a single value", () => {
    expect(medianInterval([5])).toBeNull();
  });

  it("covers the true level of both sides of a 20% shift in at least 95% of the seeds where it is found at its run", () => {
    let found = 0;
    let covered = 0;
    for (let seed = 0; seed < SEEDS; seed++) {
      const changes = seriesChanges(series(40_000 + seed, (run) => (run >= 10 ? 120 : 100)));
      const [change] = changes;
      if (changes.length !== 1 || change!.index !== 10) continue;
      found++;
      if (change!.beforeCi!.low <= 100 && 100 <= change!.beforeCi!.high && change!.afterCi!.low <= 120 && 120 <= change!.afterCi!.high) covered++;
    }
    expect(found).toBeGreaterThanOrEqual(SEEDS / 2);
    expect(covered / found).toBeGreaterThanOrEqual(0.95);
  });
});
