// @vitest-environment happy-dom
// History shows each run's numbers from its stored summary; a run without one (interrupted) gets it from
// its records once, and keeps it.
import "fake-indexeddb/auto";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { summaryOptionsOf, STATS_VERSION, summarize } from "../../../src/core/stats";
import { getAppDb } from "../../../src/store/db";
import { summaryToStore } from "../../../src/store/run-summary";
import { HistoryPage } from "../../../src/ui/features/history/history-page";
import { testRecord, testRun, testScenario } from "../store/fixtures";
import { appendRecords } from "../../../src/store/record-store";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  const db = getAppDb();
  await Promise.all([db.runs.clear(), db.recordChunks.clear()]);
});

function cell(runId: string, column: string): string | null | undefined {
  return document.querySelector(`[data-testid="history-row"][data-run-id="${runId}"] [data-column="${column}"]`)?.textContent;
}

describe("History", () => {
  it("shows an interrupted run's numbers, computed once from the records it kept, and stores them", async () => {
    const db = getAppDb();
    const records = [
      testRecord("cut", 0),
      testRecord("cut", 1),
      testRecord("cut", 2, { status: "error", errorKind: "http_5xx", httpStatus: 503 }),
    ];
    await db.runs.add(testRun("cut", { status: "interrupted", finishedAt: null, summary: null }));
    await appendRecords(db, records);

    renderInApp(<HistoryPage onReplay={() => undefined} replayDisabled={false} />);
    await waitFor(() => expect(cell("cut", "measured")).toBe("3"));
    expect(cell("cut", "errors")).toBe("1");
    expect(document.querySelector('[data-run-id="cut"] .badge')?.textContent).toBe("interrupted");
    await waitFor(async () => expect((await db.runs.get("cut"))!.summary).toEqual({ statsVersion: STATS_VERSION, rows: summarize(records, ["fast", "slow"], undefined, summaryOptionsOf(testRun("cut", {}).spec)) }));
  });

  it("shows a finished run's stored numbers without reading its records", async () => {
    const db = getAppDb();
    // A summary its records would not give: what the row shows can only come from the stored one.
    await db.runs.add(testRun("done", { summary: summaryToStore(summarize([testRecord("done", 0)], ["fast", "slow"])) }));
    await appendRecords(db, [testRecord("done", 0), testRecord("done", 1), testRecord("done", 2)]);
    const recordReads = vi.spyOn(db.recordChunks, "where");

    renderInApp(<HistoryPage onReplay={() => undefined} replayDisabled={false} />);
    await waitFor(() => expect(cell("done", "measured")).toBe("1"));
    expect(recordReads).not.toHaveBeenCalled();
  });

  it("counts a request recovered by a retry as successful, and names targets by their label", async () => {
    const db = getAppDb();
    const spec = testScenario();
    const labelled = { ...spec, targets: spec.targets.map((target) => (target.id === "fast" ? { ...target, label: "Fast model" } : target)) };
    const records = [
      testRecord("retried", 0, { status: "error", errorKind: "http_5xx", httpStatus: 503 }),
      testRecord("retried", 0, { attempt: 2 }),
      testRecord("retried", 2, { status: "error", errorKind: "aborted", httpStatus: null }),
    ];
    await db.runs.add(testRun("retried", { spec: labelled, summary: summaryToStore(summarize(records, ["fast", "slow"])) }));

    renderInApp(<HistoryPage onReplay={() => undefined} replayDisabled={false} />);
    await waitFor(() => expect(cell("retried", "measured")).toBe("1"));
    expect(cell("retried", "errors")).toBe("0");
    const names = [...document.querySelectorAll('[data-run-id="retried"] .target-name')].map((element) => element.textContent);
    expect(names).toEqual(["Fast model", "slow"]);
  });

  it("shows start times with seconds", async () => {
    await getAppDb().runs.add(testRun("timed", { startedAt: Date.UTC(2026, 10, 23, 14, 5, 37) }));
    renderInApp(<HistoryPage onReplay={() => undefined} replayDisabled={false} />);
    const time = await screen.findByText((_, element) => element?.tagName === "TIME");
    expect(time.textContent).toMatch(/:\d\d:\d\d/);
  });
});
