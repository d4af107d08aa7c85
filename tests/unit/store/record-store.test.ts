// @vitest-environment jsdom
// The record store: records appended to a run come back in order, whole, across row boundaries; counts,
// deletes and a resume's drops touch only the run named.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderBenchDb } from "../../../src/store/db";
import { appendRecords, countRecords, deleteRecordsOfRun, dropRecords, forEachRecordChunk, RECORDS_PER_ROW, recordsOfRun } from "../../../src/store/record-store";
import { testRecord } from "./fixtures";

let db: ProviderBenchDb;
beforeEach(async () => {
  db = new ProviderBenchDb(`record-store-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const many = (runId: string, count: number, from = 0) => Array.from({ length: count }, (_, index) => testRecord(runId, from + index, { ttftMs: from + index }));

describe("record store", () => {
  it("splits a batch larger than a row into full rows and keeps every record in order", async () => {
    const records = many("big", RECORDS_PER_ROW * 2 + 7);
    await appendRecords(db, records);
    const rows = await db.recordChunks.where("[runId+first]").between(["big", -Infinity], ["big", Infinity]).toArray();
    expect(rows.map((row) => [row.first, row.records.length])).toEqual([
      [0, RECORDS_PER_ROW],
      [RECORDS_PER_ROW, RECORDS_PER_ROW],
      [RECORDS_PER_ROW * 2, 7],
    ]);
    expect(await recordsOfRun(db, "big")).toEqual(records);
    expect(await countRecords(db, "big")).toBe(records.length);
  });

  it("appends batches after what is stored, each its own row, whatever the batches' sizes", async () => {
    const first = many("r", 3);
    const second = many("r", RECORDS_PER_ROW + 1, 3);
    await appendRecords(db, first);
    await appendRecords(db, second);
    await appendRecords(db, []);
    expect((await db.recordChunks.toArray()).map((row) => row.first)).toEqual([0, 3, 3 + RECORDS_PER_ROW]);
    expect(await recordsOfRun(db, "r")).toEqual([...first, ...second]);
  });

  it("hands chunks over a few rows at a time with progress against the count", async () => {
    for (let index = 0; index < 5; index++) await appendRecords(db, many("r", 2, index * 2));
    const sizes: number[] = [];
    const progress: number[] = [];
    const read = await forEachRecordChunk(db, "r", (chunk) => sizes.push(chunk.length), { rowsPerRead: 2, onProgress: ({ loaded, total }) => progress.push(loaded / total) });
    expect(read).toBe(10);
    expect(sizes).toEqual([4, 4, 2]);
    expect(progress).toEqual([0, 0.4, 0.8, 1]);
  });

  it("splits a batch of several runs by run, each in the order given", async () => {
    await appendRecords(db, [testRecord("a", 0), testRecord("b", 0), testRecord("a", 1), testRecord("b", 1), testRecord("a", 2)]);
    expect((await recordsOfRun(db, "a")).map((record) => record.repetition)).toEqual([0, 1, 2]);
    expect((await recordsOfRun(db, "b")).map((record) => record.repetition)).toEqual([0, 1]);
  });

  it("deletes one run's records and leaves the others", async () => {
    await appendRecords(db, [...many("gone", 1500), ...many("kept", 3)]);
    await deleteRecordsOfRun(db, "gone");
    expect(await countRecords(db, "gone")).toBe(0);
    expect(await recordsOfRun(db, "gone")).toEqual([]);
    expect(await recordsOfRun(db, "kept")).toEqual(many("kept", 3));
  });

  it("drops the records a resume supersedes, keeps the rest in order, and appends after them", async () => {
    await appendRecords(db, many("r", RECORDS_PER_ROW + 10));
    await appendRecords(db, many("other", 2));
    const dropped = await dropRecords(db, "r", (record) => record.repetition % 100 === 0);
    expect(dropped).toBe(11);
    const kept = many("r", RECORDS_PER_ROW + 10).filter((record) => record.repetition % 100 !== 0);
    expect(await recordsOfRun(db, "r")).toEqual(kept);
    expect(await countRecords(db, "r")).toBe(kept.length);
    await appendRecords(db, many("r", 1, 5000));
    expect((await recordsOfRun(db, "r")).at(-1)!.repetition).toBe(5000);
    expect(await recordsOfRun(db, "other")).toEqual(many("other", 2));
    expect(await dropRecords(db, "r", () => false)).toBe(0);
  });
});
