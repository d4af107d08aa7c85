// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderBenchDb } from "../../../src/store/db";
import { summarize } from "../../../src/core/stats";
import { summaryToStore } from "../../../src/store/run-summary";
import {
  deleteRun,
  finishRun,
  listRuns,
  markInterruptedRuns,
  recordsOfRun,
  saveScenario,
  listSavedScenarios,
} from "../../../src/store/queries";
import { testRecord, testRun, testScenario } from "./fixtures";
import { appendRecords, countRecords } from "../../../src/store/record-store";

let db: ProviderBenchDb;
beforeEach(async () => {
  db = new ProviderBenchDb(`queries-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe("store queries", () => {
  it("lists runs newest first", async () => {
    await db.runs.bulkAdd([testRun("old", { startedAt: 1 }), testRun("new", { startedAt: 3 }), testRun("mid", { startedAt: 2 })]);
    expect((await listRuns(db)).map((run) => run.id)).toEqual(["new", "mid", "old"]);
  });

  it("returns a run's records in the order they were written, without the storage key", async () => {
    await appendRecords(db, [testRecord("a", 0), testRecord("b", 0), testRecord("a", 1)]);
    await appendRecords(db, [testRecord("a", 2)]);
    const records = await recordsOfRun(db, "a");
    expect(records.map((record) => record.repetition)).toEqual([0, 1, 2]);
    expect(records[0]).not.toHaveProperty("id");
  });

  it("reads a run's records in chunks: every one, in the order written, none of another run's between them", async () => {
    // Two runs written at once (two tabs) interleave their batches.
    for (let index = 0; index < 11; index++) await appendRecords(db, [testRecord(index % 3 === 1 ? "other" : "a", index)]);
    const progress: { loaded: number; total: number }[] = [];
    const records = await recordsOfRun(db, "a", { rowsPerRead: 2, onProgress: (step) => progress.push(step) });
    expect(records.map((record) => record.repetition)).toEqual([0, 2, 3, 5, 6, 8, 9]);
    expect(records.every((record) => record.runId === "a" && !("id" in record))).toBe(true);
    expect(progress).toEqual([0, 2, 4, 6, 7].map((loaded) => ({ loaded, total: 7 })));
  });

  it("reads a run without records as an empty list", async () => {
    await appendRecords(db, [testRecord("other", 0)]);
    const progress: { loaded: number; total: number }[] = [];
    expect(await recordsOfRun(db, "none", { onProgress: (step) => progress.push(step) })).toEqual([]);
    expect(progress).toEqual([{ loaded: 0, total: 0 }]);
  });

  it("stops reading between chunks once the page no longer wants the records", async () => {
    await appendRecords(db, Array.from({ length: 6 }, (_, index) => testRecord("a", index)));
    const reading = new AbortController();
    for (let index = 6; index < 12; index++) await appendRecords(db, [testRecord("a", index)]);
    const read = recordsOfRun(db, "a", { rowsPerRead: 2, signal: reading.signal, onProgress: ({ loaded }) => loaded > 0 && reading.abort() });
    await expect(read).rejects.toThrow();
  });

  it("keeps a finished run's summary table on its row, number for number, with the stats version that computed it", async () => {
    const records = [testRecord("done", 0), testRecord("done", 1), testRecord("done", 2, { status: "error", errorKind: "http_5xx", httpStatus: 503 })];
    const rows = summarize(records, ["fast", "slow"]);
    await db.runs.add(testRun("done", { status: "running", finishedAt: null }));
    await finishRun(db, "done", { status: "completed", finishedAt: 5, summary: summaryToStore(rows) });
    const stored = await db.runs.get("done");
    expect(stored!.summary).toEqual(summaryToStore(rows));
    expect(stored).toMatchObject({ status: "completed", finishedAt: 5 });
  });

  it("deletes a run together with its records and blobs, leaving other runs alone", async () => {
    await db.runs.bulkAdd([testRun("gone"), testRun("kept")]);
    await appendRecords(db, [testRecord("gone", 0), testRecord("gone", 1), testRecord("kept", 0)]);
    await db.blobs.add({ id: "blob", runId: "gone", mimeType: "image/png", data: new Blob(["x"]) });
    await deleteRun(db, "gone");
    expect(await db.runs.get("gone")).toBeUndefined();
    expect(await countRecords(db, "gone")).toBe(0);
    expect(await db.blobs.count()).toBe(0);
    expect(await countRecords(db, "kept")).toBe(1);
  });

  it("marks runs left running as interrupted and keeps their records", async () => {
    await db.runs.bulkAdd([
      testRun("crashed", { status: "running", finishedAt: null }),
      testRun("other-tab", { status: "running", finishedAt: null }),
      testRun("done", { status: "completed" }),
    ]);
    await appendRecords(db, [testRecord("crashed", 0), testRecord("crashed", 1)]);
    const marked = await markInterruptedRuns(db, (runId) => runId === "other-tab");
    expect(marked).toEqual(["crashed"]);
    expect((await db.runs.get("crashed"))?.status).toBe("interrupted");
    expect((await db.runs.get("other-tab"))?.status).toBe("running");
    expect((await db.runs.get("done"))?.status).toBe("completed");
    expect(await recordsOfRun(db, "crashed")).toHaveLength(2);
  });

  it("saves scenarios with their validated spec", async () => {
    const saved = await saveScenario(db, testScenario(), 10);
    expect((await listSavedScenarios(db)).map((scenario) => [scenario.id, scenario.name])).toEqual([[saved.id, "store test"]]);
  });
});
