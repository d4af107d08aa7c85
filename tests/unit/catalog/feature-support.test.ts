// The router's supports_tools and supports_structured_output against what a scenario's requests use:
// only a provider listed `false` for a feature the scenario uses is warned of; unknown (null) is not.
import { describe, expect, it } from "vitest";
import { featureSupportWarnings } from "../../../src/core/catalog";

const ROWS = [
  { provider: "both", supportsTools: true, supportsStructuredOutput: true },
  { provider: "no-tools", supportsTools: false, supportsStructuredOutput: true },
  { provider: "no-json", supportsTools: true, supportsStructuredOutput: false },
  { provider: "unlisted", supportsTools: null, supportsStructuredOutput: null },
];
const TOOLS = { tools: [{ type: "function", function: { name: "f" } }] };
const JSON_MODE = { response_format: { type: "json_object" } };

describe("feature support warnings", () => {
  it("warns per provider only of the features the scenario uses and the router lists it without", () => {
    const warned = (parameters: Record<string, unknown>): string[] => featureSupportWarnings(ROWS, parameters, "org/model").map((warning) => `${warning.provider} ${warning.feature}`);
    expect(warned({ max_tokens: 8 })).toEqual([]);
    expect(warned(TOOLS)).toEqual(["no-tools tools"]);
    expect(warned(JSON_MODE)).toEqual(["no-json structured output"]);
    expect(warned({ ...TOOLS, ...JSON_MODE })).toEqual(["no-tools tools", "no-json structured output"]);
    // A response_format that asks for nothing judged (text) is no structured output.
    expect(warned({ response_format: { type: "text" } })).toEqual([]);
    expect(featureSupportWarnings(ROWS, TOOLS, "org/model")[0]!.message).toMatch(/^no-tools: the router lists org\/model without tools \(supports_tools: false\); kept: /);
  });
});
