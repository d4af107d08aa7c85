// One estimate, its interval at any level and its p-value from one construction: an interval at 1 − a leaves 0
// out exactly when p < a, and Holm's levels make a line's interval leave 0 out exactly when Holm rejects it.
import { describe, expect, it } from "vitest";
import { bootstrapChange, holmLevels, proportionDifferenceChange, holmAdjust } from "../../src/core/stats";
import { mulberry32 } from "../../src/core/random";

const excludesZero = ([low, high]: [number, number]): boolean => low > 0 || high < 0;

describe("a change's estimate", () => {
  it("leaves 0 out of its bootstrap interval at level 1 − a exactly when its p is below a", () => {
    const random = mulberry32(7);
    for (let trial = 0; trial < 200; trial++) {
      const shift = (random() - 0.5) * 0.2;
      const resampled = Float64Array.from({ length: 1000 }, () => shift + (random() - 0.5));
      const change = bootstrapChange(shift, resampled);
      for (const alpha of [0.2, 0.05, 0.01, 0.05 / 18, 0.0005]) expect(excludesZero(change.interval(alpha)), `p=${change.pValue} a=${alpha}`).toBe(change.pValue < alpha);
    }
  });

  it("leaves 0 out of Newcombe's interval exactly when the interval's own p is below the level", () => {
    for (const [after, nAfter, before, nBefore] of [[15, 60, 0, 60], [2, 4, 1, 4], [30, 200, 18, 200], [5, 100, 5, 100]] as const) {
      const change = proportionDifferenceChange(after, nAfter, before, nBefore);
      for (const alpha of [0.2, 0.05, 0.01, 0.001]) {
        if (Math.abs(change.pValue - alpha) < 1e-9) continue;
        expect(excludesZero(change.interval(alpha)), `${after}/${nAfter} vs ${before}/${nBefore}: p=${change.pValue} a=${alpha}`).toBe(change.pValue < alpha);
      }
    }
  });

  it("gets from Holm a level per line below which its p falls exactly when Holm rejects it", () => {
    const random = mulberry32(11);
    for (let trial = 0; trial < 500; trial++) {
      const pValues = Array.from({ length: 1 + Math.floor(random() * 18) }, () => random() ** 4);
      const adjusted = holmAdjust(pValues);
      const levels = holmLevels(pValues, 0.05);
      pValues.forEach((p, index) => expect(p < levels[index]!, `${pValues.join(",")}`).toBe(adjusted[index]! < 0.05));
    }
  });
});
