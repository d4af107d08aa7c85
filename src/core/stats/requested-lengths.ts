// Requested against measured lengths per target (docs/metrics.md, "Lengths asked for"): for synthetic
// prompts, the tokens each request asked for in and out beside what the provider reported, so a provider
// that ignores or truncates max_tokens, or counts a prompt differently, shows. Fed one successful
// record at a time by the accumulator in summary.ts; keeps sums and counts, never records.
import type { RequestRecord } from "../record";

/** The summary row's figures; null where no successful request asked for a length (any other inputs, old runs). */
export interface RequestedLengthSummary {
  /** Mean input tokens asked for (the prompt's tokens under the scenario's tokenizer), over successful requests that asked. */
  requestedInputTokensMean: number | null;
  /** Mean output tokens asked for, over successful requests that asked. */
  requestedOutputTokensMean: number | null;
  /** Mean of reported input tokens − requested, over those reporting both: a chat template's tokens, or another tokenizer's count. */
  inputTokensOverRequestedMean: number | null;
  /** Successful requests whose output tokens differ from the length asked / those with both: an answer cut short or run long. */
  outputLengthMissShare: number | null;
}

export interface RequestedLengthTotals {
  requestedInputSum: number;
  requestedInputCount: number;
  requestedOutputSum: number;
  requestedOutputCount: number;
  inputOverSum: number;
  inputCompared: number;
  outputMissed: number;
  outputCompared: number;
}

export function emptyRequestedLengthTotals(): RequestedLengthTotals {
  return { requestedInputSum: 0, requestedInputCount: 0, requestedOutputSum: 0, requestedOutputCount: 0, inputOverSum: 0, inputCompared: 0, outputMissed: 0, outputCompared: 0 };
}

/** One successful measured request. */
export function addRequestedLengths(totals: RequestedLengthTotals, record: RequestRecord): void {
  const requestedInput = record.requestedInputTokens ?? null;
  if (requestedInput !== null) {
    totals.requestedInputSum += requestedInput;
    totals.requestedInputCount += 1;
    if (record.inputTokens !== null) {
      totals.inputOverSum += record.inputTokens - requestedInput;
      totals.inputCompared += 1;
    }
  }
  const requestedOutput = record.requestedOutputTokens ?? null;
  if (requestedOutput !== null) {
    totals.requestedOutputSum += requestedOutput;
    totals.requestedOutputCount += 1;
    if (record.outputTokens !== null) {
      if (record.outputTokens !== requestedOutput) totals.outputMissed += 1;
      totals.outputCompared += 1;
    }
  }
}

const ratio = (amount: number, count: number): number | null => (count === 0 ? null : amount / count);

export function summarizeRequestedLengths(totals: RequestedLengthTotals): RequestedLengthSummary {
  return {
    requestedInputTokensMean: ratio(totals.requestedInputSum, totals.requestedInputCount),
    requestedOutputTokensMean: ratio(totals.requestedOutputSum, totals.requestedOutputCount),
    inputTokensOverRequestedMean: ratio(totals.inputOverSum, totals.inputCompared),
    outputLengthMissShare: ratio(totals.outputMissed, totals.outputCompared),
  };
}
