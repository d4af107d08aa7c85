// What the router lists a provider as not supporting, of what the scenario's requests use: `tools`
// (supports_tools) and `response_format` (supports_structured_output). Told per provider before a run.
// Warned, not dropped: the router's flags come from its own probes and may be stale or wrong for this
// model, and what a provider does with a request it does not honour is itself a result — a provider that
// ignores `tools` answers in text, counted as no call in its tool-call and valid-call rates; one that
// ignores `response_format` counts against its schema-valid rate. Only an explicit `false` warns: a
// provider the router lists nothing for is not known to lack anything.
import { offersTools, requestedResponseFormat } from "../tasks";
import type { ProviderRow } from "./providers-table";

export type ListedFeature = "tools" | "structured output";

export interface FeatureSupportWarning {
  provider: string;
  feature: ListedFeature;
  /** One line, the provider's name first. */
  message: string;
}

const CONSEQUENCE: Readonly<Record<ListedFeature, string>> = {
  tools: "kept: an answer in plain text counts as no call (tool-call and valid-call rates), not as a failure",
  "structured output": "kept: an answer that is not the JSON asked for counts against its schema-valid rate, not as a failure",
};

/** The scenario's features each provider is listed without, in the rows' order. */
export function featureSupportWarnings(
  rows: readonly Pick<ProviderRow, "provider" | "supportsTools" | "supportsStructuredOutput">[],
  parameters: Readonly<Record<string, unknown>>,
  modelId: string,
): FeatureSupportWarning[] {
  const usesTools = offersTools(parameters);
  const usesJson = requestedResponseFormat(parameters) !== null;
  if (!usesTools && !usesJson) return [];
  return rows.flatMap((row) => {
    const missing: [ListedFeature, string][] = [];
    if (usesTools && row.supportsTools === false) missing.push(["tools", "supports_tools"]);
    if (usesJson && row.supportsStructuredOutput === false) missing.push(["structured output", "supports_structured_output"]);
    return missing.map(([feature, field]) => ({
      provider: row.provider,
      feature,
      message: `${row.provider}: the router lists ${modelId} without ${feature} (${field}: false); ${CONSEQUENCE[feature]}`,
    }));
  });
}
