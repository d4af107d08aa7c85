import { describe, expect, it } from "vitest";
import { dkwEpsilon, ecdfWithBand } from "../../src/core/stats";

describe("dkwEpsilon", () => {
  it("is √(ln(2/α) / 2n), checked against values worked out by hand", () => {
    // ln(40) = 3.688879…: n = 100 → √(3.688879 / 200) = 0.135810…; n = 4 → √(3.688879 / 8) = 0.679050…
    expect(dkwEpsilon(100)).toBeCloseTo(0.1358102, 6);
    expect(dkwEpsilon(4)).toBeCloseTo(0.6790508, 6);
    expect(dkwEpsilon(200)).toBeCloseTo(0.0960323, 6);
    // At 90%: ln(20) = 2.995732 → n = 50: √(2.995732 / 100) = 0.173082…
    expect(dkwEpsilon(50, 0.9)).toBeCloseTo(0.1730818, 6);
  });

  it("refuses a sample size or confidence that means nothing", () => {
    expect(() => dkwEpsilon(0)).toThrow(/n must be/);
    expect(() => dkwEpsilon(2.5)).toThrow(/n must be/);
    expect(() => dkwEpsilon(10, 1)).toThrow(/confidence/);
  });
});

describe("ecdfWithBand", () => {
  it("starts at 0 at the smallest value and puts the band ε either side of each step, clipped to [0, 1]", () => {
    const band = ecdfWithBand([40, 10, 30, 20]);
    const epsilon = 0.6790508;
    expect(band.n).toBe(4);
    expect(band.epsilon).toBeCloseTo(epsilon, 6);
    expect(band.points.map((point) => [point.x, point.p])).toEqual([
      [10, 0],
      [10, 0.25],
      [20, 0.5],
      [30, 0.75],
      [40, 1],
    ]);
    expect(band.points.map((point) => point.low)).toEqual([0, 0, 0, expect.closeTo(0.75 - epsilon, 6), expect.closeTo(1 - epsilon, 6)]);
    expect(band.points.map((point) => point.high)).toEqual([expect.closeTo(epsilon, 6), expect.closeTo(0.25 + epsilon, 6), 1, 1, 1]);
  });

  it("counts ties once per value and leaves out values that are not finite", () => {
    const band = ecdfWithBand([5, 5, Number.NaN, 7, Infinity]);
    expect(band.n).toBe(3);
    expect(band.points.map((point) => [point.x, point.p])).toEqual([
      [5, 0],
      [5, 2 / 3],
      [7, 1],
    ]);
  });

  it("keeps at most maxPoints points while ε stays that of the whole sample", () => {
    const values = Array.from({ length: 10_000 }, (_, index) => index);
    const band = ecdfWithBand(values, 500);
    expect(band.points).toHaveLength(500);
    expect(band.epsilon).toBeCloseTo(Math.sqrt(Math.log(40) / 20_000), 9);
    expect(band.points.at(-1)).toMatchObject({ x: 9999, p: 1 });
  });

  it("has no band and no points without values", () => {
    expect(ecdfWithBand([])).toEqual({ n: 0, epsilon: null, points: [] });
  });
});
