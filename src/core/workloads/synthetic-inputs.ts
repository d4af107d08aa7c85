// `inputs.synthetic`: prompts of exact token lengths cut from the shipped corpus, as a scenario asks for
// them (docs/workloads.md). The lengths may be distributions; every request draws its own.
import { z } from "zod";
import type { CacheProbeRecorded } from "../record";
import { lengthRange, tokenCountSchema, tokenLengthSchema, type TokenLength } from "./token-length";
import { DEFAULT_CORPUS_ID } from "./corpus";
import { DEFAULT_OFFLINE_ENCODING, tokenizerChoiceSchema } from "./tokenizer-choice";

/** Prompts a scenario may ask to be made: each is cut and counted before the run starts. */
export const MAX_SYNTHETIC_PROMPTS = 1_000_000;

/** As many prompts as AIPerf makes by default: enough for percentiles, few enough to build in a moment. */
export const DEFAULT_SYNTHETIC_PROMPTS = 100;

/**
 * Whether a prompt's shared prefix may be served from a provider's prefix cache: "warm" sends it as it is,
 * "cold" puts a line no other prompt has before it so nothing can be, "both" alternates the two (even
 * prompts warm, odd cold), so each target gets both kinds under the same conditions (docs/workloads.md).
 */
export const PREFIX_CACHE_PROBES = ["warm", "cold", "both"] as const;
export type PrefixCacheProbe = (typeof PREFIX_CACHE_PROBES)[number];

/** What one request is, when the scenario probes the cache: the record keeps it (RequestRecord.cacheProbe). */
export type CacheProbe = CacheProbeRecorded;

/** Tokens a cold prompt needs past its prefix: the first line that busts the cache (a dozen tokens at most) and text of its own. */
export const COLD_PROMPT_ROOM = 32;

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
    /** Warm, cold (a unique first line before the prefix) or both, alternating; needs prefixTokens. */
    prefixCache: z.enum(PREFIX_CACHE_PROBES, { error: `must be ${PREFIX_CACHE_PROBES.map((probe) => `"${probe}"`).join(", ")}` }).optional(),
    seed: workloadSeedSchema,
    /** Prompts made; each is distinct from the others (past the shared prefix). */
    count: z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(MAX_SYNTHETIC_PROMPTS, `must be at most ${MAX_SYNTHETIC_PROMPTS.toLocaleString("en-US")}`).default(DEFAULT_SYNTHETIC_PROMPTS),
    ...corpusTextFields(),
  })
  .superRefine(checkPrefixFits("prompt"))
  .superRefine(checkCacheProbeRoom);

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

/** A cache probe needs a shared prefix for a cache to serve, and a cold prompt room past it for its first line and text of its own. */
function checkCacheProbeRoom(synthetic: { inputTokens: TokenLength; prefixTokens?: number | undefined; prefixCache?: PrefixCacheProbe | undefined }, context: z.RefinementCtx): void {
  if (synthetic.prefixCache === undefined) return;
  if (synthetic.prefixTokens === undefined) {
    context.addIssue({ code: "custom", path: ["prefixCache"], message: "needs prefixTokens: the shared prefix a cache may serve" });
    return;
  }
  const shortest = lengthRange(synthetic.inputTokens).min;
  // A prefix longer than the prompt is checkPrefixFits's to name.
  if (synthetic.prefixTokens > shortest || synthetic.prefixCache === "warm") return;
  if (synthetic.prefixTokens + COLD_PROMPT_ROOM > shortest) {
    context.addIssue({
      code: "custom",
      path: ["prefixCache"],
      message: `a cold prompt needs ${COLD_PROMPT_ROOM} tokens past the prefix (its first line and text of its own): make the shortest prompt (${shortest}) at least prefixTokens + ${COLD_PROMPT_ROOM}`,
    });
  }
}

/** The probe of the prompt at `index` (0-based), or undefined when the scenario does not probe the cache. */
export function cacheProbeAt(prefixCache: PrefixCacheProbe | undefined, index: number): CacheProbe | undefined {
  if (prefixCache === undefined) return undefined;
  if (prefixCache === "both") return index % 2 === 0 ? "warm" : "cold";
  return prefixCache;
}

export type SyntheticInputs = z.output<typeof syntheticInputsSchema>;
