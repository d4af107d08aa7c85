// How a request asks a reasoning model for an effort, per provider family. A scenario always writes it
// as OpenAI does, `reasoning_effort` in `parameters` (or a sweep's level of it); a target whose server
// takes it under another name gets it under that name. @huggingface/inference (4.13) passes
// `reasoning_effort` through unchanged to every chat provider: it maps no other name, so the router's
// providers get the OpenAI field, and the family here is what the router hands on.
/** The parameter a scenario writes, and the one a parameter sweep sweeps. */
export const REASONING_EFFORT_PARAMETER = "reasoning_effort";

/** The levels OpenAI's API and the library's chat types name (support and defaults are the model's). */
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export const REASONING_EFFORT_FAMILIES = ["openai-compatible", "hf-provider", "reasoning-object"] as const;
export type ReasoningEffortFamily = (typeof REASONING_EFFORT_FAMILIES)[number];

export interface ReasoningEffortFamilyInfo {
  /** Who is in the family, for docs/workloads.md. */
  servers: string;
  /** What the body carries for a level L, as docs/workloads.md shows it. */
  sent: string;
  /** The body's field(s) for a level. */
  fields(level: string): Record<string, unknown>;
}

/** The table docs/workloads.md shows: what each family is sent for an effort. */
export const REASONING_EFFORT_TABLE: Readonly<Record<ReasoningEffortFamily, ReasoningEffortFamilyInfo>> = {
  "openai-compatible": {
    servers: "OpenAI, vLLM, SGLang, Groq, and other OpenAI-compatible endpoints; ProviderBench's sandbox",
    sent: "`reasoning_effort: L`",
    fields: (level) => ({ reasoning_effort: level }),
  },
  "hf-provider": {
    servers: "Hugging Face Inference Providers, through the router (the library passes the field on unchanged)",
    sent: "`reasoning_effort: L`",
    fields: (level) => ({ reasoning_effort: level }),
  },
  "reasoning-object": {
    servers: "APIs that take an object (OpenRouter)",
    sent: "`reasoning: { effort: L }`",
    fields: (level) => ({ reasoning: { effort: level } }),
  },
};

/** A target's family by how it is called; a target says otherwise with `reasoningEffortFamily`. */
export function reasoningEffortFamilyOf(target: { provider?: string | undefined; reasoningEffortFamily?: ReasoningEffortFamily | undefined }): ReasoningEffortFamily {
  if (target.reasoningEffortFamily !== undefined) return target.reasoningEffortFamily;
  return target.provider !== undefined ? "hf-provider" : "openai-compatible";
}

/**
 * The parameters with `reasoning_effort` asked as `family` asks it; the same object when they hold
 * none (most runs), so nothing is copied. Made once per target (and stage), before any clock starts.
 */
export function withReasoningEffortAsFamily(family: ReasoningEffortFamily, parameters: Record<string, unknown>): Record<string, unknown> {
  const level = parameters[REASONING_EFFORT_PARAMETER];
  if (typeof level !== "string") return parameters;
  const rest = { ...parameters };
  delete rest[REASONING_EFFORT_PARAMETER];
  return { ...rest, ...REASONING_EFFORT_TABLE[family].fields(level) };
}
