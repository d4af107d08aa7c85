// `inputs.sessions`: multi-turn conversations, as a scenario asks for them (docs/workloads.md, "Sessions").
// Each session is a chain of turns; every turn sends the whole conversation so far (the target's own
// earlier answers included) after a think time. The turns are synthetic (lengths drawn as for
// inputs.synthetic) or a ShareGPT file's human turns.
import { z } from "zod";
import { openUnit, standardNormal, type Random } from "../random";
import { hasKey, schemaByShape } from "./schema-by-shape";
import { tokenCountSchema, tokenLengthSchema } from "./token-length";
import { checkPrefixFits, corpusTextFields, workloadSeedSchema } from "./synthetic-inputs";

/** Turns of one session at most: a conversation, not a dataset (a longer ShareGPT one is cut here). */
export const MAX_SESSION_TURNS = 64;

/** Sessions a scenario may ask for. */
export const MAX_SESSIONS = 100_000;

/** Sessions made when `count` is left out: enough for a p50 per turn. */
export const DEFAULT_SESSIONS = 20;

/** An hour: a think time longer than that is a different session. */
export const MAX_THINK_TIME_MS = 3_600_000;

export type ThinkTime =
  | number
  | { uniform: { min: number; max: number } }
  | { normal: { mean: number; stddev: number } }
  | { exponential: { mean: number } };

const thinkMsSchema = z.number({ error: "must be a number of milliseconds" }).min(0, "must be 0 or more").max(MAX_THINK_TIME_MS, `must be at most ${MAX_THINK_TIME_MS}`);

/** `thinkTimeMs`: a number of milliseconds, or a distribution each turn draws its own from. */
export const thinkTimeSchema = schemaByShape<ThinkTime>(
  [
    { matches: (value) => typeof value === "number", schema: thinkMsSchema },
    {
      matches: hasKey("uniform"),
      schema: z.strictObject({
        uniform: z.strictObject({ min: thinkMsSchema, max: thinkMsSchema }).refine((range) => range.max >= range.min, { path: ["max"], message: "must be at least min" }),
      }),
    },
    { matches: hasKey("normal"), schema: z.strictObject({ normal: z.strictObject({ mean: thinkMsSchema, stddev: thinkMsSchema }) }) },
    { matches: hasKey("exponential"), schema: z.strictObject({ exponential: z.strictObject({ mean: thinkMsSchema }) }) },
  ],
  'a number of milliseconds, or one of { "uniform": { "min", "max" } }, { "normal": { "mean", "stddev" } }, { "exponential": { "mean" } }',
);

/** One think time in whole milliseconds: a normal draw below 0 is taken as 0, an exponential one is capped at the hour. */
export function sampleThinkTime(thinkTime: ThinkTime, random: Random): number {
  if (typeof thinkTime === "number") return thinkTime;
  if ("uniform" in thinkTime) return Math.round(thinkTime.uniform.min + random() * (thinkTime.uniform.max - thinkTime.uniform.min));
  const uniform = openUnit(random);
  if ("normal" in thinkTime) return Math.max(0, Math.round(thinkTime.normal.mean + thinkTime.normal.stddev * standardNormal(uniform)));
  return Math.min(MAX_THINK_TIME_MS, Math.round(-Math.log(uniform()) * thinkTime.exponential.mean));
}

const turnsSchema = z.number({ error: "must be a number of turns" }).int("must be a whole number").min(1, "must be at least 1").max(MAX_SESSION_TURNS, `must be at most ${MAX_SESSION_TURNS}`);

/** Synthetic turns: each user message of its drawn length, each answer asked for its drawn length. */
export const syntheticSessionTurnsSchema = z
  .strictObject({
    turns: turnsSchema,
    /** Tokens of each turn's new user message (the history before it is not counted here). */
    inputTokens: tokenLengthSchema,
    outputTokens: tokenLengthSchema,
    /** Leading tokens every session's first message shares (a system prompt a prefix cache can keep). */
    prefixTokens: tokenCountSchema.optional(),
    ...corpusTextFields(),
  })
  .superRefine(checkPrefixFits("first message"));

export const sessionInputsSchema = z
  .strictObject({
    synthetic: syntheticSessionTurnsSchema.optional(),
    /** A ShareGPT JSON file: `[{ "id", "conversations": [{ "from": "human" | "gpt", "value" }] }]`. */
    file: z.string({ error: "must be a file path" }).min(1, "must not be empty").max(4096, "must be at most 4096 characters").optional(),
    /** Sessions: made (synthetic), or the file's first ones taken. */
    count: z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(MAX_SESSIONS, `must be at most ${MAX_SESSIONS.toLocaleString("en-US")}`).default(DEFAULT_SESSIONS),
    /** Before each turn after the first: the user reading and typing. Never part of a latency. */
    thinkTimeMs: thinkTimeSchema.default(0),
    seed: workloadSeedSchema,
  })
  .superRefine((sessions, context) => {
    if ((sessions.synthetic === undefined) === (sessions.file === undefined)) {
      context.addIssue({ code: "custom", path: [], message: 'needs "synthetic" (turns of drawn lengths) or "file" (a ShareGPT file), one of the two' });
    }
  });

export type SessionInputs = z.output<typeof sessionInputsSchema>;
export type SyntheticSessionTurns = z.output<typeof syntheticSessionTurnsSchema>;
