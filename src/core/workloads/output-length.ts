// How a request asks for an answer of a given length, per provider family. `max_tokens` caps the answer
// everywhere; only vLLM-style servers also take `min_tokens` (no end before that many tokens) and
// `ignore_eos` (generate past the end-of-sequence token), which together make the answer exactly the
// length asked for. Elsewhere the model may stop sooner, and the records' usage shows by how much.
// Strict servers refuse parameters they do not know (OpenAI's API answers 400 to `ignore_eos`), so the
// two are sent only where they are understood.
import { SANDBOX_URL_SCHEME } from "../endpoints";

export const OUTPUT_LENGTH_FAMILIES = ["vllm", "openai-compatible", "hf-provider"] as const;
export type OutputLengthFamily = (typeof OUTPUT_LENGTH_FAMILIES)[number];

export interface OutputLengthFamilyInfo {
  /** Who is in the family, for docs/workloads.md and the editor. */
  servers: string;
  /** The body fields sent, in order. */
  fields: readonly ("max_tokens" | "min_tokens" | "ignore_eos")[];
}

/** The table docs/workloads.md shows: what each family is sent for an answer of N tokens. */
export const OUTPUT_LENGTH_TABLE: Readonly<Record<OutputLengthFamily, OutputLengthFamilyInfo>> = {
  vllm: {
    servers: "vLLM and SGLang OpenAI-compatible servers, and ProviderBench's sandbox",
    fields: ["max_tokens", "min_tokens", "ignore_eos"],
  },
  "openai-compatible": {
    servers: "other OpenAI-compatible endpoints (TGI, llama.cpp, Ollama, LM Studio, hosted APIs)",
    fields: ["max_tokens"],
  },
  "hf-provider": {
    servers: "Hugging Face Inference Providers, through the router (it passes the request to the provider)",
    fields: ["max_tokens"],
  },
};

/** The body fields that ask `family` for an answer of `tokens` tokens. */
export function outputLengthParameters(family: OutputLengthFamily, tokens: number): Record<string, number | boolean> {
  const parameters: Record<string, number | boolean> = {};
  for (const field of OUTPUT_LENGTH_TABLE[family].fields) parameters[field] = field === "ignore_eos" ? true : tokens;
  return parameters;
}

/**
 * A target's family by how it is called: a provider through the router, the sandbox as vLLM, any other
 * endpoint as a plain OpenAI-compatible server (a vLLM endpoint is not told apart by its address: it is
 * "vllm" only when the caller knows it is).
 */
export function outputLengthFamilyOf(target: { provider?: string; endpointUrl?: string }): OutputLengthFamily {
  if (target.provider !== undefined) return "hf-provider";
  if (target.endpointUrl?.startsWith(SANDBOX_URL_SCHEME)) return "vllm";
  return "openai-compatible";
}
