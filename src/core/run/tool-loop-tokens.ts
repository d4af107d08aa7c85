// A tool loop's tokens (docs/metrics.md, "Tool loops"): every step's usage summed, for the record's
// toolLoop*Tokens fields and so for the cost of the loop (pricing.ts). A count is summed only when every
// step reported it: one step without it makes the total unknown (null), never a guessed zero, and an
// output count the client estimated (no usage in the answer) is not summed as if reported.
import type { MeasuredFields } from "./attempt";

export interface ToolLoopTokens {
  inputTokens: number | null;
  outputTokens: number | null;
  cachedInputTokens: number | null;
}

/** A loop that failed part way: its failed step reported nothing, so no total is known. */
export const UNKNOWN_LOOP_TOKENS: ToolLoopTokens = { inputTokens: null, outputTokens: null, cachedInputTokens: null };

type StepCounts = Pick<MeasuredFields, "inputTokens" | "outputTokens" | "tokensEstimated" | "cachedInputTokens">;

/** The loop's totals, from each of its steps' measured fields, the first step's included. */
export function toolLoopTokensOf(steps: readonly StepCounts[]): ToolLoopTokens {
  return {
    inputTokens: sumReported(steps, (step) => step.inputTokens),
    outputTokens: sumReported(steps, (step) => (step.tokensEstimated ? null : step.outputTokens)),
    cachedInputTokens: sumReported(steps, (step) => step.cachedInputTokens ?? null),
  };
}

function sumReported(steps: readonly StepCounts[], countOf: (step: StepCounts) => number | null): number | null {
  let sum = 0;
  for (const step of steps) {
    const count = countOf(step);
    if (count === null) return null;
    sum += count;
  }
  return sum;
}
