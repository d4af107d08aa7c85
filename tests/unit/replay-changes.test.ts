// A replay with changes: the run's scenario with kept and added targets, repetitions and concurrency, checked again.
import { describe, expect, it } from "vitest";
import { scenarioWithChanges, checkScenarioShape, type Scenario } from "../../src/core/scenario";

function spec(): Scenario {
  const result = checkScenarioShape({
    version: 1,
    name: "original",
    task: "chat-completion",
    targets: [
      { id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" },
      { id: "b", endpointUrl: "sandbox:/slow/v1", model: "m" },
    ],
    inputs: ["x"],
    run: { repetitions: 2, concurrency: 2 },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

describe("replay with changes", () => {
  it("keeps the chosen targets, adds new ones and changes repetitions and concurrency, the rest untouched", () => {
    const result = scenarioWithChanges(spec(), {
      keepTargetIds: ["b"],
      addedTargets: [{ id: "c", endpointUrl: "sandbox:/steady/v1", model: "m" }],
      repetitions: 5,
      concurrency: 4,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.targets.map((target) => target.id)).toEqual(["b", "c"]);
    expect(result.scenario.run).toEqual({ ...spec().run, repetitions: 5, concurrency: 4 });
    expect(result.scenario.inputs).toEqual(spec().inputs);
  });

  it("names the field of an added target that is not valid, and of an id used twice", () => {
    const missingModel = scenarioWithChanges(spec(), { keepTargetIds: ["a", "b"], addedTargets: [{ id: "c", endpointUrl: "sandbox:/fast/v1" }], repetitions: 1, concurrency: 1 });
    expect(missingModel.ok === false && missingModel.errors).toContainEqual({ path: "targets[2].model", message: "required" });
    const twice = scenarioWithChanges(spec(), { keepTargetIds: ["a"], addedTargets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], repetitions: 1, concurrency: 1 });
    expect(twice.ok === false && twice.errors.map((error) => error.path)).toContain("targets[1].id");
  });

  it("refuses a replay without targets and a concurrency below one", () => {
    const none = scenarioWithChanges(spec(), { keepTargetIds: [], addedTargets: [], repetitions: 1, concurrency: 0 });
    expect(none.ok === false && none.errors.map((error) => error.path)).toEqual(expect.arrayContaining(["targets", "run.concurrency"]));
  });
});
