// @vitest-environment happy-dom
// A run's summary is read from its row while the stats that computed it are current, and computed again
// from its records (then stored) only when they are older or it has none.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STATS_VERSION, summarize, type SummaryRow, summaryOptionsOf } from "../../../src/core/stats";
import { ProviderBenchDb, type StoredRun } from "../../../src/store/db";
import { currentSummary, summaryOfRun, summaryToStore } from "../../../src/store/run-summary";
import { testRecord, testRun } from "./fixtures";
import { appendRecords } from "../../../src/store/record-store";

let db: ProviderBenchDb;
beforeEach(async () => {
  db = new ProviderBenchDb(`run-summary-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

const records = Array.from({ length: 9 }, (_, index) => testRecord("r", index, { latencyMs: 100 + 7 * index }));
// With the scenario's task, as the store computes it (its agreement figures need the task).
const fromRecords = () => summarize(records, ["fast", "slow"], undefined, summaryOptionsOf(testRun("r", {}).spec));
/** Rows no record of the run would give: a summary showing them can only have come from the row. */
const storedRows = (): SummaryRow[] => summarize([testRecord("r", 0, { latencyMs: 5 })], ["fast", "slow"]);

async function storeRun(overrides: Partial<StoredRun>): Promise<StoredRun> {
  const run = testRun("r", overrides);
  await db.runs.add(run);
  await appendRecords(db, records);
  return run;
}

/** Every read of records starts with a where() on the records table. */
function countRecordReads() {
  return vi.spyOn(db.recordChunks, "where");
}

describe("summaryOfRun", () => {
  it("returns the stored summary of the current stats version without reading a record", async () => {
    const run = await storeRun({ summary: summaryToStore(storedRows()) });
    const reads = countRecordReads();
    expect(await summaryOfRun(db, run)).toEqual(storedRows());
    expect(reads).not.toHaveBeenCalled();
  });

  it("computes a summary of an older stats version again from the records, stores it, and reads no record the next time", async () => {
    const run = await storeRun({ summary: { statsVersion: STATS_VERSION - 1, rows: storedRows() } });
    const reads = countRecordReads();
    expect(await summaryOfRun(db, run)).toEqual(fromRecords());
    expect(reads).toHaveBeenCalled();
    const stored = (await db.runs.get("r"))!;
    expect(stored.summary).toEqual({ statsVersion: STATS_VERSION, rows: fromRecords() });

    reads.mockClear();
    expect(await summaryOfRun(db, stored)).toEqual(fromRecords());
    expect(reads).not.toHaveBeenCalled();
  });

  it("gives an interrupted run, which has no summary, one from its records, once", async () => {
    const run = await storeRun({ status: "interrupted", summary: null });
    expect(await summaryOfRun(db, run)).toEqual(fromRecords());
    expect(currentSummary((await db.runs.get("r"))!)).toEqual(fromRecords());
  });

  it("computes from the records the caller has read already, reading none itself", async () => {
    const run = await storeRun({ summary: null });
    const reads = countRecordReads();
    expect(await summaryOfRun(db, run, records)).toEqual(fromRecords());
    expect(reads).not.toHaveBeenCalled();
    expect(currentSummary((await db.runs.get("r"))!)).toEqual(fromRecords());
  });

  it("does not store the summary of a run that is still going: its records are not all there yet", async () => {
    const run = await storeRun({ status: "running", finishedAt: null, summary: null });
    expect(await summaryOfRun(db, run)).toEqual(fromRecords());
    expect((await db.runs.get("r"))!.summary).toBeNull();
  });

  it("reads the records once for two views asking at the same time", async () => {
    const run = await storeRun({ summary: null });
    const reads = countRecordReads();
    const [first, second] = await Promise.all([summaryOfRun(db, run), summaryOfRun(db, run)]);
    expect(first).toEqual(second);
    // One look at the run's last row (its count), one read of its rows.
    expect(reads.mock.calls.map(([index]) => index)).toEqual(["[runId+first]", "[runId+first]"]);
  });
});
