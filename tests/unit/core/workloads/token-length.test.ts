// Token lengths as a scenario writes them: each shape accepted, each mistake named at its field, and
// each distribution's draws checked against its bounds and weights with a fixed seed.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lengthRange, MAX_TOKENS, sampleLength, tokenLengthSchema, type TokenLength } from "../../../../src/core/workloads";
import { mulberry32 } from "../../../../src/core/random";
import { formatPath } from "../../../../src/core/text";

const holder = z.strictObject({ inputTokens: tokenLengthSchema });

/** `path: message` of each issue, as the scenario's errors name them. */
function problems(value: unknown): string[] {
  const result = holder.safeParse({ inputTokens: value }, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown field`) : [`${formatPath(issue.path)}: ${issue.message}`],
  );
}

function draws(length: TokenLength, count: number, seed = 42): number[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => sampleLength(length, random));
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

describe("tokenLengthSchema", () => {
  it("accepts a number and every distribution, keeping the shape as written", () => {
    const shapes: TokenLength[] = [
      512,
      { fixed: 128 },
      { uniform: { min: 1, max: 8192 } },
      { normal: { mean: 512, stddev: 64, min: 256, max: 1024 } },
      { normal: { mean: 512, stddev: 0 } },
      { values: [128, 512, 2048], weights: [1, 2, 1] },
      { values: [64] },
    ];
    for (const shape of shapes) expect(holder.parse({ inputTokens: shape }).inputTokens).toEqual(shape);
  });

  it("names the field of each mistake", () => {
    expect(problems(0)).toEqual(["inputTokens: must be at least 1"]);
    expect(problems(12.5)).toEqual(["inputTokens: must be a whole number of tokens"]);
    expect(problems(MAX_TOKENS + 1)).toEqual(["inputTokens: must be at most 1,048,576"]);
    expect(problems({ uniform: { min: 10, max: 5 } })).toEqual(["inputTokens.uniform.max: must be at least min"]);
    expect(problems({ uniform: { min: 10 } })).toEqual(["inputTokens.uniform.max: must be a number of tokens"]);
    expect(problems({ normal: { mean: 100, stddev: -1 } })).toEqual(["inputTokens.normal.stddev: must be 0 or more"]);
    expect(problems({ normal: { mean: 5000, stddev: 10, min: 1, max: 1000 } })).toEqual(["inputTokens.normal.mean: must lie within min and max (1 to 1000)"]);
    expect(problems({ values: [1, 2], weights: [1] })).toEqual(["inputTokens.weights: needs one weight per value: 2 values, 1 weights"]);
    expect(problems({ values: [1, 2], weights: [0, 0] })).toEqual(["inputTokens.weights: needs at least one weight above 0"]);
    expect(problems({ values: [] })).toEqual(["inputTokens.values: needs at least one value"]);
    expect(problems({ values: [3, -1] })).toEqual(["inputTokens.values[1]: must be at least 1"]);
    expect(problems({ fixed: 10, uniform: { min: 1, max: 2 } })).toEqual(["inputTokens.uniform: unknown field"]);
  });

  it("says what a length may be when the value is none of them, and that a missing one is required", () => {
    expect(problems("512")[0]).toMatch(/^inputTokens: must be a number of tokens, or one of \{ "fixed": n \}/);
    expect(problems({ poisson: 3 })[0]).toMatch(/^inputTokens: must be a number of tokens, or one of/);
    expect(holder.safeParse({}).error?.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`)).toEqual(["inputTokens: required"]);
  });
});

describe("sampleLength", () => {
  it("gives a fixed length every time", () => {
    expect(new Set(draws(300, 100))).toEqual(new Set([300]));
    expect(new Set(draws({ fixed: 7 }, 100))).toEqual(new Set([7]));
  });

  it("draws uniformly within both bounds, each bound included", () => {
    const values = draws({ uniform: { min: 10, max: 20 } }, 22_000);
    expect(Math.min(...values)).toBe(10);
    expect(Math.max(...values)).toBe(20);
    // 11 values, 2,000 draws each expected: every count within 10% (about 4.7 standard deviations).
    for (let value = 10; value <= 20; value++) {
      const count = values.filter((drawn) => drawn === value).length;
      expect(count).toBeGreaterThan(1800);
      expect(count).toBeLessThan(2200);
    }
  });

  it("draws a normal within its bounds, with its mean and spread", () => {
    const values = draws({ normal: { mean: 500, stddev: 50, min: 400, max: 700 } }, 20_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(400);
    expect(Math.max(...values)).toBeLessThanOrEqual(700);
    expect(values.every(Number.isInteger)).toBe(true);
    // Truncated at -2σ: the mean moves up by about 0.055σ (2.7 tokens); the spread shrinks a little.
    const average = mean(values);
    expect(average).toBeGreaterThan(500);
    expect(average).toBeLessThan(506);
    const spread = Math.sqrt(mean(values.map((value) => (value - average) ** 2)));
    expect(spread).toBeGreaterThan(44);
    expect(spread).toBeLessThan(50);
  });

  it("takes the mean when no draw lands within bounds as narrow as one value", () => {
    expect(new Set(draws({ normal: { mean: 300, stddev: 100_000, min: 300, max: 300 } }, 50))).toEqual(new Set([300]));
  });

  it("draws listed values as often as their weights say, never one of weight 0", () => {
    const values = draws({ values: [128, 512, 2048, 4096], weights: [1, 2, 1, 0] }, 40_000);
    const share = (value: number): number => values.filter((drawn) => drawn === value).length / values.length;
    expect(Math.abs(share(512) - 0.5)).toBeLessThan(0.015);
    expect(Math.abs(share(128) - 0.25)).toBeLessThan(0.015);
    expect(Math.abs(share(2048) - 0.25)).toBeLessThan(0.015);
    expect(share(4096)).toBe(0);
    const equal = draws({ values: [1, 2] }, 10_000);
    expect(Math.abs(equal.filter((drawn) => drawn === 1).length / equal.length - 0.5)).toBeLessThan(0.02);
  });

  it("repeats its draws for the same seed and not for another", () => {
    const length: TokenLength = { uniform: { min: 1, max: 1_000_000 } };
    expect(draws(length, 20, 7)).toEqual(draws(length, 20, 7));
    expect(draws(length, 20, 7)).not.toEqual(draws(length, 20, 8));
  });
});

describe("lengthRange", () => {
  it("is the smallest and largest length a draw can give", () => {
    expect(lengthRange(64)).toEqual({ min: 64, max: 64 });
    expect(lengthRange({ uniform: { min: 3, max: 9 } })).toEqual({ min: 3, max: 9 });
    expect(lengthRange({ normal: { mean: 100, stddev: 5 } })).toEqual({ min: 1, max: MAX_TOKENS });
    expect(lengthRange({ values: [50, 10, 99], weights: [1, 0, 1] })).toEqual({ min: 50, max: 99 });
  });
});
