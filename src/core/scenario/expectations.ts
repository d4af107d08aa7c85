// The scenario's per-input expectations: what a good output looks like, checked on every output
// (checks.ts runs them; this file is only their format, so the first screen carries no regex engine).
import { z } from "zod";

/** Longer patterns are refused: a check is a rule, not a program, and the engine's work grows with it. */
export const MAX_REGEX_PATTERN_CHARS = 500;

/** Which expanded inputs a check applies to: one index, a list, or (absent) every input. */
const inputSelector = z.union([
  z.number().int("must be a whole number").min(0, "must be 0 or more"),
  z.array(z.number().int("must be a whole number").min(0, "must be 0 or more")).min(1, "needs at least one input index"),
]);

const common = {
  /** Shown in `failedChecks` and the records table; defaults to `<type>#<index in expectations>`. */
  name: z
    .string()
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters")
    .regex(/^[^,\n]+$/, "must not contain a comma or a line break (failedChecks lists names separated by commas)")
    .optional(),
  input: inputSelector.optional(),
};

const expectationSchemaUnion = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      ...common,
      type: z.literal("equals"),
      value: z.string(),
      /** Compare after normalising both sides (see normalizeAnswer in checks.ts); exact otherwise. */
      normalize: z.boolean().default(false),
    }),
    z.strictObject({
      ...common,
      type: z.literal("contains"),
      value: z.string().min(1, "must not be empty"),
      ignoreCase: z.boolean().default(false),
    }),
    z.strictObject({
      ...common,
      type: z.literal("regex"),
      value: z
        .string({ error: "required (the pattern)" })
        .min(1, "must not be empty")
        .max(MAX_REGEX_PATTERN_CHARS, `must be at most ${MAX_REGEX_PATTERN_CHARS} characters`),
      ignoreCase: z.boolean().default(false),
    }),
    z.strictObject({ ...common, type: z.literal("json") }),
    z.strictObject({
      ...common,
      type: z.literal("jsonSchema"),
      value: z.union([z.record(z.string(), z.unknown()), z.boolean()], { error: "must be a JSON Schema (an object or a boolean)" }),
    }),
    z.strictObject({
      ...common,
      type: z.literal("maxLength"),
      /** Characters (Unicode code points) of the whole output. */
      value: z.number().int("must be a whole number").min(0, "must be 0 or more"),
    }),
    z.strictObject({
      ...common,
      type: z.literal("toolCall"),
      /** The tool the answer should call (one of `parameters.tools`); a call to it passes, whatever else was called. */
      tool: z.string({ error: "required (the tool's name)" }).min(1, "must not be empty"),
      /** Its arguments: these among others (`match: "subset"`, the default) or exactly these (`"exact"`). */
      arguments: z.record(z.string(), z.unknown(), { error: "must be an object of the arguments" }).optional(),
      match: z.enum(["subset", "exact"], { error: 'must be "subset" or "exact"' }).default("subset"),
      /** A JSON Schema the call's arguments must satisfy (the same rules as a jsonSchema check). */
      argumentsSchema: z.union([z.record(z.string(), z.unknown()), z.boolean()], { error: "must be a JSON Schema (an object or a boolean)" }).optional(),
    }),
  ],
  { error: (issue) => (issue.code === "invalid_union" ? "must be one of equals, contains, regex, json, jsonSchema, maxLength, toolCall" : undefined) },
);

export const expectationsSchema = z.array(expectationSchemaUnion).max(1000, "at most 1000 expectations");

export type Expectation = z.output<typeof expectationSchemaUnion>;
export type ExpectationType = Expectation["type"];

/** The name failedChecks uses for an expectation. */
export function expectationName(expectation: Expectation, index: number): string {
  return expectation.name ?? `${expectation.type}#${index}`;
}

/** The input indexes an expectation applies to, or null for every input. */
export function expectationInputs(expectation: Expectation): readonly number[] | null {
  if (expectation.input === undefined) return null;
  return typeof expectation.input === "number" ? [expectation.input] : expectation.input;
}
