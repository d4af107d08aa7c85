// @vitest-environment happy-dom
// The editor's kinds of inputs: a bundled trace replay and a synthetic scenario open in their own kind
// with their fields filled, a field's edit reaches the JSON, and switching kinds writes the new kind's start.
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EditorPage } from "../../../src/ui/features/editor/editor-page";
import type { DraftValue } from "../../../src/ui/features/editor/draft-paths";
import { bundledScenarioJson } from "../../../src/ui/features/scenarios/bundled-scenarios";
import { renderInApp } from "./app-providers";

afterEach(() => {
  cleanup();
  window.location.hash = "";
});

const inputsShown = (): unknown => (JSON.parse((screen.getByLabelText("Scenario JSON") as HTMLTextAreaElement).value) as DraftValue).inputs;
const field = (label: string): HTMLInputElement => screen.getByLabelText(label) as HTMLInputElement;
const radio = (label: string): HTMLInputElement => screen.getByRole("radio", { name: label }) as HTMLInputElement;

describe("the editor's inputs", () => {
  it("opens the bundled trace replay as a trace, its fields filled, and writes an edited field to the JSON", () => {
    renderInApp(<EditorPage initial={structuredClone(bundledScenarioJson("bundled:sandbox-trace-replay")) as DraftValue} scenarioKey={null} draftId={null} />);
    expect(radio("A production trace, replayed").checked).toBe(true);
    expect(field("Trace file").value).toBe("assets/sample-trace.jsonl");
    expect(field("Speed-up").value).toBe("10");
    expect([field("From (s)").value, field("To (s)").value]).toEqual(["60", "180"]);
    expect((field("Format") as unknown as HTMLSelectElement).value).toBe("mooncake");
    fireEvent.change(field("Speed-up"), { target: { value: "20" } });
    expect(inputsShown()).toMatchObject({ trace: { file: "assets/sample-trace.jsonl", speedup: 20, from: 60, to: 180 } });
    expect(screen.getByLabelText("A trace file of your own")).toBeTruthy();
  });

  it("opens synthetic prompts as such (not as a template), and switches kinds", () => {
    renderInApp(<EditorPage initial={structuredClone(bundledScenarioJson("bundled:sandbox-exact-lengths")) as DraftValue} scenarioKey={null} draftId={null} />);
    expect(radio("Prompts of exact token lengths").checked).toBe(true);
    expect(field("Prompts").value).toBe("12");
    expect(screen.queryByTestId("template-inputs-editor")).toBeNull();
    fireEvent.click(radio("A production trace, replayed"));
    expect(inputsShown()).toEqual({ trace: { file: "", speedup: 1 } });
    fireEvent.click(radio("A list of inputs"));
    expect(inputsShown()).toEqual([""]);
    fireEvent.click(radio("Prompts of exact token lengths"));
    expect(inputsShown()).toEqual({ synthetic: { inputTokens: 512, outputTokens: 128, count: 100 } });
  });
});
