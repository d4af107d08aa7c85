// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProviderBenchDb } from "../../../src/store/db";
import { createRecordSink, recordStoreTable } from "../../../src/store/record-sink";
import { recordsOfRun } from "../../../src/store/record-store";
import { storedRecordCount } from "./stored-records";
import { testRecord } from "./fixtures";

let db: ProviderBenchDb;
beforeEach(async () => {
  db = new ProviderBenchDb(`sink-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

/** For tests that expect every batch to be written: a failed one fails the test. */
const noError = {
  onError: (error: unknown) => {
    throw error;
  },
};

describe("record sink", () => {
  it("writes a full batch in one append, not one transaction per record", async () => {
    const table = recordStoreTable(db);
    const bulkAdd = vi.spyOn(table, "bulkAdd");
    const add = vi.spyOn(db.recordChunks, "add");
    const sink = createRecordSink(table, { maxBatchSize: 10, maxDelayMs: 10_000, ...noError });
    for (let i = 0; i < 25; i++) sink.write(testRecord("run", i));
    await vi.waitFor(() => expect(bulkAdd).toHaveBeenCalledTimes(2), { timeout: 30_000 });
    expect(bulkAdd.mock.calls.map(([batch]) => batch.length)).toEqual([10, 10]);
    // Once both full batches are stored, the last 5 still wait for the timer or for flush(): a partial
    // batch is not written early.
    await Promise.all(bulkAdd.mock.results.map((result) => result.value));
    await vi.waitFor(async () => expect(await storedRecordCount(db)).toBe(20), { timeout: 30_000 });
    expect(bulkAdd).toHaveBeenCalledTimes(2);
    await sink.flush();
    expect(bulkAdd).toHaveBeenCalledTimes(3);
    expect(bulkAdd.mock.calls[2]![0]).toHaveLength(5);
    expect(add).not.toHaveBeenCalled();
    expect(await storedRecordCount(db)).toBe(25);
  });

  it("flushes a partial batch once it has waited maxDelayMs", async () => {
    const table = recordStoreTable(db);
    const bulkAdd = vi.spyOn(table, "bulkAdd");
    const sink = createRecordSink(table, { maxBatchSize: 500, maxDelayMs: 30, ...noError });
    sink.write(testRecord("run", 0));
    sink.write(testRecord("run", 1));
    sink.write(testRecord("run", 2));
    expect(bulkAdd).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(bulkAdd).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    expect(bulkAdd.mock.calls[0]![0]).toHaveLength(3);
    await sink.flush();
    expect(await storedRecordCount(db)).toBe(3);
  });

  it("flush() writes what is buffered at once and resolves when it is stored", async () => {
    const sink = createRecordSink(recordStoreTable(db), { maxBatchSize: 500, maxDelayMs: 10_000, ...noError });
    for (let i = 0; i < 7; i++) sink.write(testRecord("run", i));
    await sink.flush();
    expect(await storedRecordCount(db)).toBe(7);
  });

  it("keeps records in write order across batches", async () => {
    const sink = createRecordSink(recordStoreTable(db), { maxBatchSize: 3, maxDelayMs: 10_000, ...noError });
    for (let i = 0; i < 8; i++) sink.write(testRecord("run", i));
    await sink.close();
    const stored = await recordsOfRun(db, "run");
    expect(stored.map((record) => record.repetition)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("refuses writes after close", async () => {
    const sink = createRecordSink(recordStoreTable(db), noError);
    await sink.close();
    expect(() => sink.write(testRecord("run", 0))).toThrow(/closed/);
  });

  it("reports a batch that could not be written and keeps going", async () => {
    const errors: unknown[] = [];
    const table = recordStoreTable(db);
    const sink = createRecordSink(table, { maxBatchSize: 2, maxDelayMs: 10_000, onError: (error) => errors.push(error) });
    vi.spyOn(table, "bulkAdd").mockRejectedValueOnce(new Error("QuotaExceededError"));
    sink.write(testRecord("run", 0));
    sink.write(testRecord("run", 1));
    sink.write(testRecord("run", 2));
    await sink.close();
    expect(errors).toHaveLength(1);
    expect(await storedRecordCount(db)).toBe(1);
  });
});
