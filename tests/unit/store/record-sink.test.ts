// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProviderBenchDb } from "../../../src/store/db";
import { createRecordSink } from "../../../src/store/record-sink";
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
  it("writes a full batch in one bulkAdd, not one transaction per record", async () => {
    const bulkAdd = vi.spyOn(db.records, "bulkAdd");
    const add = vi.spyOn(db.records, "add");
    const sink = createRecordSink(db.records, { maxBatchSize: 10, maxDelayMs: 10_000, ...noError });
    for (let i = 0; i < 25; i++) sink.write(testRecord("run", i));
    await vi.waitFor(() => expect(bulkAdd).toHaveBeenCalledTimes(2));
    expect(bulkAdd.mock.calls.map(([batch]) => batch.length)).toEqual([10, 10]);
    // Once both full batches are stored, the last 5 still wait for the timer or for flush(): a partial
    // batch is not written early.
    await Promise.all(bulkAdd.mock.results.map((result) => result.value));
    await vi.waitFor(async () => expect(await db.records.count()).toBe(20));
    expect(bulkAdd).toHaveBeenCalledTimes(2);
    await sink.flush();
    expect(bulkAdd).toHaveBeenCalledTimes(3);
    expect(bulkAdd.mock.calls[2]![0]).toHaveLength(5);
    expect(add).not.toHaveBeenCalled();
    expect(await db.records.count()).toBe(25);
  });

  it("flushes a partial batch once it has waited maxDelayMs", async () => {
    const bulkAdd = vi.spyOn(db.records, "bulkAdd");
    const sink = createRecordSink(db.records, { maxBatchSize: 500, maxDelayMs: 30, ...noError });
    sink.write(testRecord("run", 0));
    sink.write(testRecord("run", 1));
    sink.write(testRecord("run", 2));
    expect(bulkAdd).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(bulkAdd).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(bulkAdd.mock.calls[0]![0]).toHaveLength(3);
    await sink.flush();
    expect(await db.records.count()).toBe(3);
  });

  it("flush() writes what is buffered at once and resolves when it is stored", async () => {
    const sink = createRecordSink(db.records, { maxBatchSize: 500, maxDelayMs: 10_000, ...noError });
    for (let i = 0; i < 7; i++) sink.write(testRecord("run", i));
    await sink.flush();
    expect(await db.records.count()).toBe(7);
  });

  it("keeps records in write order across batches", async () => {
    const sink = createRecordSink(db.records, { maxBatchSize: 3, maxDelayMs: 10_000, ...noError });
    for (let i = 0; i < 8; i++) sink.write(testRecord("run", i));
    await sink.close();
    const stored = await db.records.orderBy("id").toArray();
    expect(stored.map((record) => record.repetition)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("refuses writes after close", async () => {
    const sink = createRecordSink(db.records, noError);
    await sink.close();
    expect(() => sink.write(testRecord("run", 0))).toThrow(/closed/);
  });

  it("reports a batch that could not be written and keeps going", async () => {
    const errors: unknown[] = [];
    const sink = createRecordSink(db.records, { maxBatchSize: 2, maxDelayMs: 10_000, onError: (error) => errors.push(error) });
    vi.spyOn(db.records, "bulkAdd").mockRejectedValueOnce(new Error("QuotaExceededError"));
    sink.write(testRecord("run", 0));
    sink.write(testRecord("run", 1));
    sink.write(testRecord("run", 2));
    await sink.close();
    expect(errors).toHaveLength(1);
    expect(await db.records.count()).toBe(1);
  });
});
