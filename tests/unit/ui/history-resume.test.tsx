// @vitest-environment happy-dom
// History offers Resume on a run cut short (interrupted or aborted) that can be resumed, and only there.
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { HistoryPage } from "../../../src/ui/features/history/history-page";
import { testRun, testScenario } from "../store/fixtures";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  const db = getAppDb();
  await Promise.all([db.runs.clear(), db.recordChunks.clear()]);
});

const resumeButton = (runId: string): HTMLButtonElement | null => document.querySelector(`[data-run-id="${runId}"] [data-testid="resume-button"]`);

describe("History: resume", () => {
  it("offers Resume on interrupted and aborted runs, not on completed ones or those with a load model", async () => {
    const db = getAppDb();
    const loaded = { ...testScenario(), run: { ...testScenario().run, load: { mode: "closed" as const, requests: 2, stopWhenSaturated: false } } };
    await db.runs.bulkAdd([
      testRun("cut", { status: "interrupted", startedAt: 4 }),
      testRun("stopped", { status: "aborted", startedAt: 3 }),
      testRun("done", { status: "completed", startedAt: 2 }),
      testRun("swept", { status: "aborted", startedAt: 1, spec: loaded }),
    ]);
    const onResume = vi.fn();
    renderInApp(<HistoryPage onReplay={() => undefined} onResume={onResume} replayDisabled={false} />);
    await screen.findAllByTestId("history-row");
    await waitFor(() => expect(resumeButton("cut")).not.toBeNull());
    expect(resumeButton("stopped")).not.toBeNull();
    expect(resumeButton("done")).toBeNull();
    expect(resumeButton("swept")).toBeNull();
    fireEvent.click(resumeButton("stopped")!);
    expect(onResume).toHaveBeenCalledWith(expect.objectContaining({ id: "stopped" }));
  });
});
