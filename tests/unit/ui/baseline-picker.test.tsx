// @vitest-environment happy-dom
// Run against run from the Compare page: any other stored run can be picked as the baseline.
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { ComparePage } from "../../../src/ui/features/compare/compare-page";
import { testRecord, testRun, testScenario } from "../store/fixtures";
import { appendRecords } from "../../../src/store/record-store";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  window.location.hash = "";
  const db = getAppDb();
  await Promise.all([db.runs.clear(), db.recordChunks.clear()]);
});

describe("picking another run to compare with", () => {
  it("lists every other run, says which sent other inputs, and opens the diff against the one chosen", async () => {
    const db = getAppDb();
    const otherInputs = { ...testScenario(), inputs: ["Something else entirely"] };
    await db.runs.bulkAdd([
      testRun("monday", { startedAt: 1_700_000_000_000, scenarioName: "Monday's run" }),
      testRun("elsewhere", { startedAt: 1_700_000_100_000, scenarioName: "Other prompts", spec: otherInputs }),
      testRun("tuesday", { startedAt: 1_700_000_200_000, scenarioName: "Tuesday's run" }),
    ]);
    await appendRecords(db, [testRecord("tuesday", 0), testRecord("tuesday", 1)]);

    renderInApp(<ComparePage runId="tuesday" baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    const picker = await waitFor(() => screen.getByLabelText("Compare with another run"));
    const options = [...picker.querySelectorAll("option")].map((option) => [option.value, option.textContent]);
    expect(options.map(([value]) => value)).toEqual(["", "elsewhere", "monday"]);
    expect(options[1]![1]).toContain("(other inputs)");
    expect(options[2]![1]).not.toContain("(other inputs)");

    fireEvent.change(picker, { target: { value: "monday" } });
    expect(window.location.hash).toBe("#/compare/tuesday?baseline=monday");
  });
});
