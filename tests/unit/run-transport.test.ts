// The command line's connection pools are sized to what a run can have in flight, so no request waits
// for a connection inside the transport after its t0 (that wait would be counted as the provider's).
import { describe, expect, it } from "vitest";
import { connectionsFor } from "../../src/cli/transport/run-transport";
import { type Scenario, validateScenario } from "../../src/core/scenario";

function scenario(run: Record<string, unknown>, targets = 1): Scenario {
  const result = validateScenario({
    version: 1,
    name: "pool",
    task: "chat-completion",
    targets: Array.from({ length: targets }, (_, index) => ({ id: `t${index}`, endpointUrl: "http://127.0.0.1:9/v1", model: "m" })),
    inputs: ["x"],
    run,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

describe("connectionsFor", () => {
  it("is the closed loop's concurrency, or its sweep's largest level for every target", () => {
    expect(connectionsFor(scenario({ concurrency: 12 }))).toBe(12);
    expect(connectionsFor(scenario({ concurrency: 4, load: { mode: "closed", sweep: { over: "concurrency", levels: [1, 64, 8] } } }))).toBe(64);
    // A level is per target: three targets at 16 hold 48 (targets on one server share its pool).
    expect(connectionsFor(scenario({ concurrency: 4, load: { mode: "closed", sweep: { over: "concurrency", levels: [1, 16] } } }, 3))).toBe(48);
  });

  it("is an open loop's in-flight cap for every target, and unbounded without one", () => {
    expect(connectionsFor(scenario({ load: { mode: "open", rate: 5, maxInFlight: 10 } }, 3))).toBe(30);
    expect(connectionsFor(scenario({ load: { mode: "open", rate: 5 } }))).toBeNull();
  });
});
