// A length in tokens as a scenario gives it: a number, or a distribution each request draws its own
// length from (fixed, uniform, a normal within bounds, or listed values with weights). The parsed value
// keeps the author's shape, so a scenario written back out reads the same; sampleLength draws from it.
import { z } from "zod";
import { openUnit, standardNormal, type Random } from "../random";
import { hasKey, schemaByShape } from "./schema-by-shape";

/** The longest prompt or answer a scenario may ask for: a million tokens, past any model's context today. */
export const MAX_TOKENS = 1_048_576;

/** Values a `values` list may hold: a histogram of lengths, not a dataset. */
export const MAX_LENGTH_VALUES = 10_000;

export type TokenLength =
  | number
  | { fixed: number }
  | { uniform: { min: number; max: number } }
  | { normal: { mean: number; stddev: number; min?: number; max?: number } }
  | { values: number[]; weights?: number[] };

/** A whole number of tokens, 1 to MAX_TOKENS: a request of 0 tokens in or out cannot be sent. */
export const tokenCountSchema = z
  .number({ error: "must be a number of tokens" })
  .int("must be a whole number of tokens")
  .min(1, "must be at least 1")
  .max(MAX_TOKENS, `must be at most ${MAX_TOKENS.toLocaleString("en-US")}`);

const uniformSchema = z.strictObject({
  uniform: z
    .strictObject({ min: tokenCountSchema, max: tokenCountSchema })
    .refine((range) => range.max >= range.min, { path: ["max"], message: "must be at least min" }),
});

const normalSchema = z.strictObject({
  normal: z
    .strictObject({
      mean: z.number({ error: "must be a number of tokens" }).min(1, "must be at least 1").max(MAX_TOKENS, `must be at most ${MAX_TOKENS.toLocaleString("en-US")}`),
      stddev: z.number({ error: "must be a number of tokens" }).min(0, "must be 0 or more").max(MAX_TOKENS, `must be at most ${MAX_TOKENS.toLocaleString("en-US")}`),
      /** The bounds a draw must fall within; 1 and MAX_TOKENS when left out. */
      min: tokenCountSchema.optional(),
      max: tokenCountSchema.optional(),
    })
    .superRefine((normal, context) => {
      const { min, max } = normalBounds(normal);
      if (max < min) context.addIssue({ code: "custom", path: ["max"], message: "must be at least min" });
      // A mean outside the bounds would have the draws pile up against one bound, or never land.
      else if (normal.mean < min || normal.mean > max) context.addIssue({ code: "custom", path: ["mean"], message: `must lie within min and max (${min} to ${max})` });
    }),
});

const valuesSchema = z
  .strictObject({
    values: z.array(tokenCountSchema).min(1, "needs at least one value").max(MAX_LENGTH_VALUES, `at most ${MAX_LENGTH_VALUES.toLocaleString("en-US")} values`),
    /** How often each value is drawn, relative to the others; equal when left out. */
    weights: z.array(z.number({ error: "must be a number" }).min(0, "must be 0 or more").max(1e12, "must be at most 1e12")).optional(),
  })
  .superRefine((list, context) => {
    if (list.weights === undefined) return;
    if (list.weights.length !== list.values.length) {
      context.addIssue({ code: "custom", path: ["weights"], message: `needs one weight per value: ${list.values.length} values, ${list.weights.length} weights` });
    } else if (!list.weights.some((weight) => weight > 0)) {
      context.addIssue({ code: "custom", path: ["weights"], message: "needs at least one weight above 0" });
    }
  });

/** `inputTokens`, `outputTokens`: a number, `{ fixed }`, `{ uniform }`, `{ normal }` or `{ values, weights }`. */
export const tokenLengthSchema = schemaByShape<TokenLength>(
  [
    { matches: (value) => typeof value === "number", schema: tokenCountSchema },
    { matches: hasKey("fixed"), schema: z.strictObject({ fixed: tokenCountSchema }) },
    { matches: hasKey("uniform"), schema: uniformSchema },
    { matches: hasKey("normal"), schema: normalSchema },
    { matches: (value) => hasKey("values")(value) || hasKey("weights")(value), schema: valuesSchema },
  ],
  'a number of tokens, or one of { "fixed": n }, { "uniform": { "min", "max" } }, { "normal": { "mean", "stddev", "min", "max" } }, { "values": […], "weights": […] }',
);

function normalBounds(normal: { min?: number; max?: number }): { min: number; max: number } {
  return { min: normal.min ?? 1, max: normal.max ?? MAX_TOKENS };
}

/** The smallest and largest length a draw can give (a shared prefix must fit in the smallest prompt). */
export function lengthRange(length: TokenLength): { min: number; max: number } {
  if (typeof length === "number") return { min: length, max: length };
  if ("fixed" in length) return { min: length.fixed, max: length.fixed };
  if ("uniform" in length) return { ...length.uniform };
  if ("normal" in length) return normalBounds(length.normal);
  const drawn = length.values.filter((_, index) => length.weights === undefined || length.weights[index]! > 0);
  return { min: Math.min(...drawn), max: Math.max(...drawn) };
}

/**
 * Draws before the normal gives up and takes its mean: with the mean within the bounds (the schema's
 * rule) a draw lands within them at least a fraction of the time, so this only ends a pathological
 * case (min = max = mean with a wide deviation), never a normal one.
 */
const NORMAL_DRAWS = 64;

/** One length from the distribution: a whole number within its bounds. */
export function sampleLength(length: TokenLength, random: Random): number {
  if (typeof length === "number") return length;
  if ("fixed" in length) return length.fixed;
  if ("uniform" in length) return length.uniform.min + Math.floor(random() * (length.uniform.max - length.uniform.min + 1));
  if ("normal" in length) return sampleNormal(length.normal, random);
  return sampleWeighted(length.values, length.weights, random);
}

/** A normal truncated to its bounds: rounded draws outside them are drawn again. */
function sampleNormal(normal: { mean: number; stddev: number; min?: number; max?: number }, random: Random): number {
  const { min, max } = normalBounds(normal);
  const uniform = openUnit(random);
  for (let draw = 0; draw < NORMAL_DRAWS; draw++) {
    const value = Math.round(normal.mean + normal.stddev * standardNormal(uniform));
    if (value >= min && value <= max) return value;
  }
  return Math.min(max, Math.max(min, Math.round(normal.mean)));
}

function sampleWeighted(values: readonly number[], weights: readonly number[] | undefined, random: Random): number {
  if (weights === undefined) return values[Math.floor(random() * values.length)]!;
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let remaining = random() * total;
  for (let index = 0; index < values.length; index++) {
    remaining -= weights[index]!;
    if (remaining < 0) return values[index]!;
  }
  // Rounding can leave a sliver past the last weight: the last value with any weight takes it.
  return values[weights.findLastIndex((weight) => weight > 0)]!;
}
