// `inputs.synthetic`: prompts of exact token lengths cut from the shipped corpus, as a scenario asks for
// them (docs/workloads.md). The lengths may be distributions; every request draws its own.
import { z } from "zod";
import { lengthRange, tokenCountSchema, tokenLengthSchema, type TokenLength } from "./token-length";
import { DEFAULT_CORPUS_ID } from "./corpus";
import { DEFAULT_OFFLINE_ENCODING, tokenizerChoiceSchema } from "./tokenizer-choice";

/** Prompts a scenario may ask to be made: each is cut and counted before the run starts. */
export const MAX_SYNTHETIC_PROMPTS = 1_000_000;

/** As many prompts as AIPerf makes by default: enough for percentiles, few enough to build in a moment. */
export const DEFAULT_SYNTHETIC_PROMPTS = 100;

/** Seeds every draw: lengths, where in the corpus each prompt starts. The same seed, the same prompts. */
export const workloadSeedSchema = z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more").max(2 ** 32 - 1, "must be at most 4294967295").default(1);

export const syntheticInputsSchema = z
  .strictObject({
    /** Tokens of each prompt, the shared prefix included, counted by `tokenizer`. */
    inputTokens: tokenLengthSchema,
    /** Tokens each answer is asked for (max_tokens, and min_tokens where the server honours it). */
    outputTokens: tokenLengthSchema,
    /** Leading tokens every prompt shares (a system prompt or document a prefix cache can keep). */
    prefixTokens: tokenCountSchema.optional(),
    seed: workloadSeedSchema,
    /** Prompts made; each is distinct from the others (past the shared prefix). */
    count: z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(MAX_SYNTHETIC_PROMPTS, `must be at most ${MAX_SYNTHETIC_PROMPTS.toLocaleString("en-US")}`).default(DEFAULT_SYNTHETIC_PROMPTS),
    ...corpusTextFields(),
  })
  .superRefine(checkPrefixFits("prompt"));

/** What counts and what is cut: the fields of every input whose text is cut from the corpus (synthetic prompts, synthetic sessions). */
export function corpusTextFields() {
  return {
    /**
     * Which tokenizer counts the prompts; the offline default when left out, written in by the default so
     * the scenario a run keeps says which one it was (a later default cannot change an old run's reading).
     */
    tokenizer: tokenizerChoiceSchema.default(DEFAULT_OFFLINE_ENCODING),
    /** The text prompts are cut from, kept with the run for the same reason: only the shipped corpus today. */
    corpus: z.literal(DEFAULT_CORPUS_ID, { error: `must be "${DEFAULT_CORPUS_ID}", the corpus ProviderBench ships` }).default(DEFAULT_CORPUS_ID),
  };
}

/** A shared prefix is part of the text it opens (`what`: the prompt, a session's first message): no longer than the shortest one. */
export function checkPrefixFits(what: string) {
  return (settings: { inputTokens: TokenLength; prefixTokens?: number | undefined }, context: z.RefinementCtx): void => {
    if (settings.prefixTokens === undefined) return;
    const shortest = lengthRange(settings.inputTokens).min;
    if (settings.prefixTokens > shortest) {
      context.addIssue({ code: "custom", path: ["prefixTokens"], message: `must be at most the shortest ${what} inputTokens allows (${shortest}): the prefix is part of the ${what}` });
    }
  };
}

export type SyntheticInputs = z.output<typeof syntheticInputsSchema>;
