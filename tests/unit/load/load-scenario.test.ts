// run.load in a scenario file: the closed and open loops and their sweeps, with errors that name the field.
import { describe, expect, it } from "vitest";
import { validateScenario } from "../../../src/core/scenario";
import { peakInFlight, plannedStages } from "../../../src/core/load";
import { countPlannedRequests } from "../../../src/core/run";

const BASE = {
  version: 1,
  name: "load",
  task: "chat-completion",
  targets: [
    { id: "a", endpointUrl: "http://127.0.0.1:9/v1", model: "m" },
    { id: "b", endpointUrl: "http://127.0.0.1:9/v1", model: "m" },
  ],
  inputs: ["x", "y"],
};

function withLoad(load: unknown, run: Record<string, unknown> = {}) {
  return validateScenario({ ...BASE, run: { ...run, load } });
}

function errorsFor(load: unknown): string[] {
  const result = withLoad(load);
  if (result.ok) throw new Error("expected errors");
  return result.errors.map((error) => `${error.path}: ${error.message}`);
}

describe("run.load", () => {
  it("takes an open loop with its defaults (Poisson, per target, no cap, seed 1)", () => {
    const result = withLoad({ mode: "open", rate: 5, durationMs: 30_000 });
    expect(result.ok && result.scenario.run.load).toEqual({ mode: "open", rate: 5, per: "target", arrival: "poisson", seed: 1, durationMs: 30_000, stopWhenSaturated: false });
  });

  it("names the field of every mistake", () => {
    expect(errorsFor({ mode: "opened", rate: 5 })).toEqual(['run.load.mode: must have mode "closed" or "open"']);
    expect(errorsFor({ mode: "open" })).toEqual(["run.load.rate: required for an open loop (or sweep over rate or auto)"]);
    expect(errorsFor({ mode: "open", rate: -1 })).toEqual(["run.load.rate: must be positive"]);
    expect(errorsFor({ mode: "open", rate: 2, arrival: "uniform" })[0]).toMatch(/^run\.load\.arrival: /);
    expect(errorsFor({ mode: "open", rate: 2, burstiness: 0.5 })).toEqual(['run.load.burstiness: only gamma arrivals have a burstiness: set arrival "gamma"']);
    expect(errorsFor({ mode: "open", rate: 2, maxQueue: 10 })).toEqual(["run.load.maxQueue: a queue needs a cap: set maxInFlight too"]);
    expect(errorsFor({ mode: "open", rate: 2, maxInFlight: 0 })).toEqual(["run.load.maxInFlight: must be at least 1"]);
    expect(errorsFor({ mode: "open", rate: 2, requests: 5, durationMs: 100 })).toEqual(["run.load.requests: give durationMs or requests, not both"]);
    expect(errorsFor({ mode: "closed", rate: 2 })).toEqual(["run.load.rate: unknown field"]);
    expect(errorsFor({ mode: "closed", sweep: { over: "rate", levels: [1, 2] } })).toEqual(['run.load.sweep.over: a rate sweep runs an open loop: needs mode "open"']);
    expect(errorsFor({ mode: "open", sweep: { over: "concurrency", levels: [1, 2] } })).toEqual([
      'run.load.sweep.over: a concurrency sweep runs a closed loop: needs mode "closed"',
      "run.load.rate: required for an open loop (or sweep over rate or auto)",
    ]);
    expect(errorsFor({ mode: "closed", sweep: { over: "concurrency", levels: [] } })).toEqual(["run.load.sweep.levels: needs at least one level"]);
    expect(errorsFor({ mode: "closed", sweep: { over: "concurrency", levels: [1, 0] } })).toEqual(["run.load.sweep.levels[1]: must be at least 1"]);
    expect(errorsFor({ mode: "open", rate: 3, sweep: { over: "rate", levels: [1] } })).toEqual(["run.load.rate: the rate sweep sets the rates: leave rate out"]);
    expect(errorsFor({ mode: "open", per: "run", sweep: { over: "auto" } })).toEqual(["run.load.per: an auto sweep finds each target's own rates: per must be target"]);
  });

  it("plans one stage per level, ascending, and counts what they send", () => {
    const result = withLoad({ mode: "closed", requests: 10, sweep: { over: "concurrency", levels: [4, 1, 2, 4] } }, { concurrency: 8 });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const stages = plannedStages(result.scenario);
    expect(stages.map((stage) => stage.label)).toEqual(["concurrency 1", "concurrency 2", "concurrency 4"]);
    expect(stages[2]!.load).toEqual({ mode: "closed", perTarget: 4, total: 8 });
    expect(countPlannedRequests(result.scenario, 2).measured).toBe(3 * 10 * 2);

    const open = withLoad({ mode: "open", durationMs: 2000, sweep: { over: "rate", levels: [5, 1] } });
    if (!open.ok) throw new Error(JSON.stringify(open.errors));
    expect(plannedStages(open.scenario).map((stage) => stage.label)).toEqual(["rate 1/s", "rate 5/s"]);
    // Rate × time × targets, per stage: (1 + 5) × 2 s × 2 targets.
    expect(countPlannedRequests(open.scenario, 2).measured).toBe(24);
  });

  it("takes the per-target concurrency from the run's concurrency when left out, and leaves the scenario as written", () => {
    const plain = validateScenario({ ...BASE, run: { concurrency: 6 } });
    const auto = withLoad({ mode: "open", durationMs: 1000, sweep: { over: "auto", rates: 2 } }, { concurrency: 6, perTargetConcurrency: 2 });
    if (!plain.ok || !auto.ok) throw new Error("expected valid scenarios");
    expect(plannedStages(plain.scenario)[0]!.load).toEqual({ mode: "closed", perTarget: 6, total: 6 });
    expect(peakInFlight(plain.scenario)).toEqual({ perTarget: 6, total: 6 });
    expect(plannedStages(auto.scenario)[1]!.load).toEqual({ mode: "closed", perTarget: 2, total: 6 });
    // A saved or exported scenario keeps its shape: the default is never written into it.
    expect("perTargetConcurrency" in plain.scenario.run).toBe(false);
  });
});
