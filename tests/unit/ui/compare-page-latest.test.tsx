// @vitest-environment happy-dom
// The header's Compare item opens #/compare without a run id: the page shows the run started last, or
// says there is none yet.
import "fake-indexeddb/auto";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { ComparePage } from "../../../src/ui/features/compare/compare-page";
import { testRun } from "../store/fixtures";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  const db = getAppDb();
  await Promise.all([db.runs.clear(), db.recordChunks.clear()]);
});

describe("the Compare page without a run id", () => {
  it("shows the run started last", async () => {
    await getAppDb().runs.bulkAdd([
      testRun("older", { startedAt: 1, scenarioName: "Older scenario" }),
      testRun("newest", { startedAt: 3, scenarioName: "Newest scenario" }),
      testRun("middle", { startedAt: 2, scenarioName: "Middle scenario" }),
    ]);
    renderInApp(<ComparePage runId={null} baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Newest scenario" })).toBeTruthy();
  });

  it("says there is no run yet, and where to start one", async () => {
    renderInApp(<ComparePage runId={null} baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    expect(await screen.findByText(/No runs yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Run a scenario" }).getAttribute("href")).toBe("#/");
  });
});
