// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { ScenariosPage } from "../../../src/ui/features/scenarios/scenarios-page";
import { openDraftInEditor } from "../../../src/ui/features/editor/drafts";
import { renderInApp } from "./app-providers";
import { startedRuns } from "./started-runs";


afterEach(async () => {
  cleanup();
  startedRuns.length = 0;
  window.location.hash = "";
  await getAppDb().scenarios.clear();
});

const validScenario = {
  version: 1,
  name: "My local llama",
  task: "chat-completion",
  targets: [{ id: "local", endpointUrl: "http://127.0.0.1:8080/v1", model: "llama" }],
  inputs: ["Hi"],
};

// Validation loads the whole-file validator (templates, regex and JSON Schema engines) on first use; on a
// busy machine that import alone can take seconds, so the waits allow for it.
const VALIDATED = { timeout: 60_000 };

function paste(json: unknown): void {
  fireEvent.change(screen.getByLabelText("Or paste scenario JSON"), { target: { value: typeof json === "string" ? json : JSON.stringify(json) } });
  fireEvent.click(screen.getByRole("button", { name: "Check and save" }));
}

describe("scenarios page", () => {
  it("lists every bundled scenario and badges the ones that need a Hugging Face token", () => {
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    const card = (key: string) => document.querySelector(`[data-scenario-key="${key}"]`) as HTMLElement;
    expect(document.querySelectorAll("[data-scenario-key^='bundled:']").length).toBeGreaterThanOrEqual(5);
    expect(within(card("bundled:hf-chat-providers")).getByText("needs a Hugging Face token")).toBeTruthy();
    expect(within(card("bundled:sandbox-chat-streaming")).queryByText("needs a Hugging Face token")).toBeNull();
  });

  it("starts the scenario's run when its card's Run is pressed, and shows it on the Run page", () => {
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    const card = document.querySelector('[data-scenario-key="bundled:sandbox-chat-streaming"]') as HTMLElement;
    fireEvent.click(within(card).getByRole("button", { name: "Run" }));
    expect(startedRuns.map((request) => [request.scenarioId, request.scenario.name])).toEqual([["bundled:sandbox-chat-streaming", "Sandbox: streaming chat across three providers"]]);
    expect(window.location.hash).toBe("#/run/bundled%3Asandbox-chat-streaming");
  });

  it("lists the errors of pasted JSON with their paths and stores nothing", async () => {
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    paste({ ...validScenario, targets: [{ id: "local", endpointUrl: "http://127.0.0.1:8080/v1" }] });
    const errors = await screen.findByRole("list", { name: "Problems in the scenario" }, VALIDATED);
    expect(errors.textContent).toContain("targets[0].model");
    paste("{ not json");
    await waitFor(() => expect(screen.getByRole("list", { name: "Problems in the scenario" }).textContent).toContain("not valid JSON"), VALIDATED);
    expect(await getAppDb().scenarios.count()).toBe(0);
  });

  it("saves a valid pasted scenario and lists it under Your scenarios", async () => {
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    paste(validScenario);
    await screen.findByText(/Saved “My local llama”/, undefined, VALIDATED);
    const saved = await getAppDb().scenarios.toArray();
    expect(saved.map((scenario) => scenario.name)).toEqual(["My local llama"]);
    // Stored with defaults applied, exactly as it will run.
    expect(saved[0]!.spec.run.repetitions).toBe(1);
    await waitFor(() => expect(document.querySelector(`[data-scenario-key="saved:${saved[0]!.id}"]`)).not.toBeNull());
  });
});
