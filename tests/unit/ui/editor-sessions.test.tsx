// @vitest-environment happy-dom
// The editor's form for multi-turn sessions (issue 29, item 3): a scenario of sessions opens on its own
// inputs form, whose fields write inputs.sessions, and which switches between synthetic turns and a file.
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { EditorPage } from "../../../src/ui/features/editor/editor-page";
import type { DraftValue } from "../../../src/ui/features/editor/draft-paths";
import { bundledScenarioJson } from "../../../src/ui/features/scenarios/bundled-scenarios";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  window.location.hash = "";
  await getAppDb().scenarios.clear();
});

const shown = (): { inputs: { sessions: Record<string, unknown> } } => JSON.parse((screen.getByLabelText("Scenario JSON") as HTMLTextAreaElement).value) as { inputs: { sessions: Record<string, unknown> } };

describe("the editor's sessions form", () => {
  it("edits the turns and the think time, and switches the turns to a ShareGPT file and back", () => {
    const file = structuredClone(bundledScenarioJson("bundled:sandbox-multi-turn")) as DraftValue;
    renderInApp(<EditorPage initial={file} scenarioKey="bundled:sandbox-multi-turn" draftId={null} />);
    const form = screen.getByTestId("session-inputs");
    expect((within(form).getByLabelText("Turns per session") as HTMLInputElement).value).toBe("5");
    fireEvent.change(within(form).getByLabelText("Turns per session"), { target: { value: "3" } });
    fireEvent.change(within(form).getByLabelText("Think time before each later turn (ms)"), { target: { value: "250" } });
    expect(shown().inputs.sessions).toMatchObject({ synthetic: { turns: 3, inputTokens: 96 }, thinkTimeMs: 250, count: 8 });

    fireEvent.click(within(form).getByLabelText("A ShareGPT file"));
    expect(shown().inputs.sessions).toEqual({ file: "conversations.json", count: 8, thinkTimeMs: 250, seed: 7 });
    fireEvent.click(within(screen.getByTestId("session-inputs")).getByLabelText("Synthetic turns"));
    expect(shown().inputs.sessions).toMatchObject({ synthetic: { turns: 5, inputTokens: 96, outputTokens: 48 }, count: 8 });
    expect(shown().inputs.sessions).not.toHaveProperty("file");
  });
});
