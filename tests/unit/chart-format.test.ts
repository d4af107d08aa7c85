import { describe, expect, it } from "vitest";
import { niceTicks } from "../../src/ui/components/charts/chart-format";

/** A round step: 1, 2, 2.5 or 5 times a power of ten. */
function isRoundStep(step: number): boolean {
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5].some((round) => Math.abs(mantissa - round) < 1e-9);
}

describe("niceTicks", () => {
  it.each([
    [0, 587, [0, 200, 400, 600]],
    [0, 3.6, [0, 1, 2, 3, 4]],
    [113, 812, [0, 200, 400, 600, 800, 1000]],
    [0, 0.93, [0, 0.25, 0.5, 0.75, 1]],
    [0, 23_400, [0, 10_000, 20_000, 30_000]],
  ])("covers %f–%f with round ticks", (min, max, expected) => {
    expect(niceTicks(min, max)).toEqual(expected);
  });

  it("steps by round values and covers the data, over many ranges", () => {
    for (let max = 0.37; max < 1e6; max *= 1.37) {
      const min = max / 7;
      const ticks = niceTicks(min, max);
      const step = ticks[1]! - ticks[0]!;
      expect(isRoundStep(Number(step.toPrecision(10))), `${min}–${max}: ${ticks.join(", ")}`).toBe(true);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(8);
      for (const tick of ticks) expect(Math.abs(tick / step - Math.round(tick / step))).toBeLessThan(1e-6);
    }
  });

  it("keeps whole steps for counts", () => {
    expect(niceTicks(0, 3, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 1, { integer: true })).toEqual([0, 1]);
  });

  it("gives an axis for an empty or flat range", () => {
    expect(niceTicks(0, 0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(250, 250).at(-1)).toBeGreaterThanOrEqual(250);
  });
});
