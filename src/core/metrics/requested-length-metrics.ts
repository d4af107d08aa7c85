// Requested against measured lengths (requested-lengths.ts, docs/metrics.md "Lengths asked for"): shown by
// default in runs of synthetic prompts, beside the measured input and output tokens' means, so "512 in,
// 128 out" is confirmed per target, or a provider that ignores or cuts max_tokens shows.
import type { RequestedLengthSummary, SummaryRow } from "../stats";
import type { Metric } from "./metric";

export function requestedLengthMetrics(): Metric[] {
  const figure = (row: SummaryRow, key: keyof RequestedLengthSummary): number | null => row.requestedLengths?.[key] ?? null;
  const onlySynthetic = "Empty unless the scenario's inputs are synthetic prompts (inputs.synthetic).";
  return [
    {
      id: "requestedInputTokensMean",
      label: "Mean input tokens requested",
      header: "Req in",
      unit: "tokens",
      better: null,
      value: (row) => figure(row, "requestedInputTokensMean"),
      definition: `Mean tokens of the prompts sent, counted by the scenario's tokenizer (each prompt exactly its length), over successful requests. ${onlySynthetic}`,
      views: ["table", "cli"],
      needs: "syntheticInputs",
      group: "lengths",
      advanced: false,
    },
    {
      id: "inputTokensOverRequestedMean",
      label: "Input tokens over requested",
      header: "In over req",
      unit: "tokens",
      better: null,
      value: (row) => figure(row, "inputTokensOverRequestedMean"),
      definition: `Mean of the provider's prompt tokens minus the prompt's requested tokens, over successful requests reporting usage: a chat template's tokens, or a tokenizer that counts differently from the scenario's. ${onlySynthetic}`,
      views: [],
      needs: "syntheticInputs",
      group: "lengths",
      advanced: false,
    },
    {
      id: "requestedOutputTokensMean",
      label: "Mean output tokens requested",
      header: "Req out",
      unit: "tokens",
      better: null,
      value: (row) => figure(row, "requestedOutputTokensMean"),
      definition: `Mean tokens each answer was asked for (max_tokens, and min_tokens with ignore_eos where the target honours them), over successful requests. ${onlySynthetic}`,
      views: ["table", "cli"],
      needs: "syntheticInputs",
      group: "lengths",
      advanced: false,
    },
    {
      id: "outputLengthMissShare",
      label: "Output length missed",
      header: "Out ≠ req",
      unit: "fraction",
      better: "lower",
      value: (row) => figure(row, "outputLengthMissShare"),
      fromTokens: true,
      definition: `Successful requests whose output tokens differ from the length asked for / those with both: a model that stopped early, a server that ignores min_tokens or cuts max_tokens. ${onlySynthetic}`,
      views: ["table", "cli"],
      needs: "syntheticInputs",
      group: "lengths",
      advanced: false,
    },
  ];
}
