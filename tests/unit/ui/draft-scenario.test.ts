// @vitest-environment happy-dom
// A shared draft survives a reload of the Run page (this tab's sessionStorage), and what storage holds is checked again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkScenarioShape, type Scenario } from "../../../src/core/scenario";

function scenario(): Scenario {
  const result = checkScenarioShape({ version: 1, name: "Draft", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], inputs: ["x"] });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** The module as a fresh page load sees it: nothing in memory. */
async function freshModule() {
  vi.resetModules();
  return import("../../../src/ui/features/scenarios/draft-scenario");
}

afterEach(() => sessionStorage.clear());

describe("shared draft", () => {
  it("is read back after a reload", async () => {
    (await freshModule()).setDraftScenario(scenario());
    expect(await (await freshModule()).draftScenario()).toEqual(scenario());
  });

  it("is dropped when what storage holds is not a valid scenario", async () => {
    sessionStorage.setItem("providerbench:shared-draft", JSON.stringify({ ...scenario(), targets: [] }));
    expect(await (await freshModule()).draftScenario()).toBeNull();
    sessionStorage.setItem("providerbench:shared-draft", "{ not json");
    expect(await (await freshModule()).draftScenario()).toBeNull();
  });
});
