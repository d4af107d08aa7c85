// Prices and SLOs in the scenario file: accepted when they make sense, refused at their field's path
// otherwise (the same validateScenario the CLI and the dashboard call).
import { describe, expect, it } from "vitest";
import { formatScenarioErrors, validateScenario } from "../../src/core/scenario";

const base = {
  version: 1,
  name: "value",
  task: "chat-completion",
  targets: [{ id: "a", endpointUrl: "http://a.test/v1", model: "m" }],
  inputs: ["q"],
};

function errorsOf(scenario: Record<string, unknown>): string {
  const result = validateScenario({ ...base, ...scenario });
  if (result.ok) throw new Error("expected the scenario to be rejected");
  return formatScenarioErrors(result.errors);
}

function withPrice(price: unknown) {
  return { targets: [{ ...base.targets[0], price }] };
}

describe("prices and SLOs in a scenario", () => {
  it("keeps a target's price and the SLO with the scenario", () => {
    const result = validateScenario({
      ...base,
      ...withPrice({ inputPerMillionTokens: 0.15, outputPerMillionTokens: 0.6 }),
      expectations: [{ type: "maxLength", value: 400 }],
      slo: { maxTtftMs: 500, maxLatencyMs: 5000, checksPassed: true },
      run: { stream: true },
    });
    expect(result.ok ? { price: result.scenario.targets[0]!.price, slo: result.scenario.slo } : formatScenarioErrors(result.errors)).toEqual({
      price: { inputPerMillionTokens: 0.15, outputPerMillionTokens: 0.6 },
      slo: { maxTtftMs: 500, maxLatencyMs: 5000, checksPassed: true },
    });
  });

  it.each([
    ["an empty price", withPrice({}), "targets[0].price: needs at least one price"],
    ["a negative price", withPrice({ perRequest: -1 }), "targets[0].price.perRequest: must be 0 or more"],
    ["a price that is text", withPrice({ perRequest: "0.01" }), "targets[0].price.perRequest: must be a number (US dollars)"],
    ["an unknown price field", withPrice({ perToken: 1 }), "targets[0].price.perToken: unknown field\ntargets[0].price: needs at least one price"],
    ["a price per image on a text task", withPrice({ perImage: 0.04 }), "targets[0].price.perImage: not applicable: chat-completion records carry no image count"],
    ["a price per audio second on a text task", withPrice({ perAudioSecond: 0.001 }), "targets[0].price.perAudioSecond: not applicable: chat-completion records carry no audio duration"],
    ["an empty SLO", { slo: {} }, "slo: needs at least one objective (maxTtftMs, maxLatencyMs or checksPassed)"],
    ["a TTFT objective without streaming", { slo: { maxTtftMs: 500 } }, "slo.maxTtftMs: needs run.stream: true (only a streamed answer has a time to first token)"],
    ["a zero latency objective", { slo: { maxLatencyMs: 0 } }, "slo.maxLatencyMs: must be more than 0"],
    ["checks required with none to check", { slo: { checksPassed: true } }, "slo.checksPassed: needs expectations to check"],
    ["checksPassed false", { slo: { checksPassed: false }, expectations: [{ type: "json" }] }, "slo.checksPassed: must be true (leave it out to not require checks)"],
  ])("refuses %s at its path", (_case, scenario, message) => {
    expect(errorsOf(scenario)).toBe(message);
  });

  it("refuses a price per output token for embeddings, which have none", () => {
    const result = validateScenario({ ...base, task: "feature-extraction", ...withPrice({ outputPerMillionTokens: 1 }) });
    expect(result.ok ? "" : formatScenarioErrors(result.errors)).toBe(
      "targets[0].price.outputPerMillionTokens: not applicable: feature-extraction records carry no output token count",
    );
  });
});
