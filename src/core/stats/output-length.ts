// Whether a scenario asks for a fixed output length: then a request that returns fewer tokens "stopped
// short" (docs/metrics.md), which a throughput figure alone would hide (a short answer is a fast one).
import type { SummaryOptions } from "./summary";

const MAX_TOKEN_KEYS = ["max_tokens", "max_completion_tokens", "max_new_tokens"] as const;
const MIN_TOKEN_KEYS = ["min_tokens", "min_new_tokens"] as const;

function wholeNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * The length every answer must reach: the maximum (max_tokens, max_completion_tokens or max_new_tokens)
 * when the scenario also says to ignore the end-of-sequence token (`ignore_eos: true`, vLLM's and TGI's
 * way to force it) or sets a minimum equal to it (min_tokens or min_new_tokens); else null, because a
 * model that stops early under a plain max_tokens has simply finished.
 */
export function fixedOutputTokens(parameters: Record<string, unknown>): number | null {
  const maximum = MAX_TOKEN_KEYS.map((key) => wholeNumber(parameters[key])).find((value) => value !== null) ?? null;
  if (maximum === null) return null;
  if (parameters.ignore_eos === true) return maximum;
  const minimum = MIN_TOKEN_KEYS.map((key) => wholeNumber(parameters[key])).find((value) => value !== null) ?? null;
  return minimum === maximum ? maximum : null;
}

export function summaryOptionsOf(scenario: { parameters: Record<string, unknown>; task?: string }): SummaryOptions {
  return { fixedOutputTokens: fixedOutputTokens(scenario.parameters), ...(scenario.task === undefined ? {} : { task: scenario.task }) };
}
