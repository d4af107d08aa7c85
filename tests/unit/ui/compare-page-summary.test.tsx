// @vitest-environment happy-dom
// The run's page shows stored summaries: the baseline of a diff shows from its stored summary (its records
// are read once, to judge the changes), and a run whose summary is older than the code's stats gets it
// from the records the page reads anyway.
import "fake-indexeddb/auto";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { summaryOptionsOf, STATS_VERSION, summarize } from "../../../src/core/stats";
import { getAppDb, type ProviderBenchDb } from "../../../src/store/db";
import { summaryToStore } from "../../../src/store/run-summary";
import { ComparePage } from "../../../src/ui/features/compare/compare-page";
import { testRecord, testRun } from "../store/fixtures";
import { appendRecords } from "../../../src/store/record-store";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  const db = getAppDb();
  await Promise.all([db.runs.clear(), db.recordChunks.clear()]);
});

/** The run ids whose records are read: each read of a run's records starts with a range from its first chunk up to its count. */
function watchRecordReads(db: ProviderBenchDb): unknown[] {
  const runIds: unknown[] = [];
  const where = db.recordChunks.where.bind(db.recordChunks);
  vi.spyOn(db.recordChunks, "where").mockImplementation(((index: string) => {
    const clause = where(index);
    const between = clause.between.bind(clause);
    clause.between = (lower, upper, includeLower, includeUpper) => {
      const [runId, from] = lower as [string, number];
      if (from === -Infinity && (upper as [string, number])[1] !== Infinity) runIds.push(runId);
      return between(lower, upper, includeLower, includeUpper);
    };
    return clause;
  }) as typeof db.recordChunks.where);
  return runIds;
}

describe("the run's page and stored summaries", () => {
  it("diffs against the baseline's stored summary, reading the baseline's records once to judge the changes", async () => {
    const db = getAppDb();
    const oldRecords = [testRecord("old", 0, { latencyMs: 200 }), testRecord("old", 1, { latencyMs: 300 })];
    const newRecords = [testRecord("new", 0, { latencyMs: 100 }), testRecord("new", 1, { latencyMs: 150 })];
    await db.runs.bulkAdd([
      testRun("old", { startedAt: 1, summary: summaryToStore(summarize(oldRecords, ["fast", "slow"])) }),
      testRun("new", { startedAt: 2, replayOfRunId: "old", summary: summaryToStore(summarize(newRecords, ["fast", "slow"])) }),
    ]);
    await appendRecords(db, [...oldRecords, ...newRecords]);
    const readRunIds = watchRecordReads(db);

    renderInApp(<ComparePage runId="new" baselineRunId="old" onReplay={() => undefined} replayDisabled={false} />);
    const p50 = await waitFor(() => {
      const row = screen.getAllByTestId("run-diff-row").find((element) => element.getAttribute("data-target-id") === "fast" && element.getAttribute("data-metric") === "latencyP50Ms");
      if (!row) throw new Error("no p50 row for fast yet");
      return row;
    });
    expect(p50.querySelector('[data-column="old"]')?.textContent).toContain("200");
    expect(p50.querySelector('[data-column="new"]')?.textContent).toContain("100");
    // This run's records for its charts and tables, the baseline's for the tests of the diff: each once.
    await waitFor(() => expect([...readRunIds].sort()).toEqual(["new", "old"]));
    // Two requests a side are too few to test a median: shown, not judged.
    expect(p50.hasAttribute("data-verdict")).toBe(false);
  });

  it("computes a summary of older stats from the records it reads, and stores it", async () => {
    const db = getAppDb();
    const records = [testRecord("r", 0), testRecord("r", 1), testRecord("r", 2)];
    await db.runs.add(testRun("r", { summary: { statsVersion: STATS_VERSION - 1, rows: [] } }));
    await appendRecords(db, records);
    const readRunIds = watchRecordReads(db);

    renderInApp(<ComparePage runId="r" baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    await waitFor(() => expect(screen.getAllByTestId("summary-row")).toHaveLength(2));
    await waitFor(async () => expect((await db.runs.get("r"))!.summary).toEqual(summaryToStore(summarize(records, ["fast", "slow"], undefined, summaryOptionsOf(testRun("r", {}).spec)))));
    // Once, for the page's own views: the summary came from the same read.
    expect(readRunIds).toEqual(["r"]);
  });
});
