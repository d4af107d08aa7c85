// @vitest-environment happy-dom
// The record store: records appended to a run come back in order, whole, across row boundaries; counts,
// deletes and a resume's drops touch only the run named.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderBenchDb } from "../../../src/store/db";
import {
  appendRecords,
  countRecords,
  deleteRecordsOfRun,
  dropRecords,
  forEachRecordChunk,
  readRecordColumns,
  readRecordRange,
  RECORDS_PER_ROW,
  recordsOfRun,
} from "../../../src/store/record-store";
import { recordColumns } from "../../../src/core/record";
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
    expect((await readRecordColumns(db, "gone")).length).toBe(0);
    expect(await readRecordColumns(db, "kept")).toEqual(recordColumns(many("kept", 3)));
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
    expect(await readRecordColumns(db, "r")).toEqual(recordColumns(await recordsOfRun(db, "r")));
    expect(await recordsOfRun(db, "other")).toEqual(many("other", 2));
    expect(await dropRecords(db, "r", () => false)).toBe(0);
  });

  it("keeps each run's columns beside its records: the columns read back are those of the records, in order", async () => {
    // Batches of uneven sizes, two runs interleaved, targets first seen in different rows.
    const records = many("r", RECORDS_PER_ROW + 250).map((record, index) => ({
      ...record,
      targetId: index < 600 ? "a" : index % 2 === 0 ? "b" : "c",
      ...(index % 13 === 0 ? { status: "error" as const, errorKind: "timeout" as const, ttftMs: null } : {}),
    }));
    await appendRecords(db, records.slice(0, 40));
    await appendRecords(db, [...records.slice(40, 1100), ...many("other", 5)]);
    await appendRecords(db, records.slice(1100));
    const progress: number[] = [];
    const columns = await readRecordColumns(db, "r", { rowsPerRead: 1, onProgress: ({ loaded }) => progress.push(loaded) });
    expect(columns).toEqual(recordColumns(records));
    expect(progress).toEqual([0, 40, 1040, 1100, 1250]);
    expect(await readRecordColumns(db, "other")).toEqual(recordColumns(many("other", 5)));
  });

  it("reads any range of positions, across rows of any length, as recordsOfRun would give it", async () => {
    const records = many("r", RECORDS_PER_ROW + 250);
    await appendRecords(db, records.slice(0, 40));
    await appendRecords(db, records.slice(40, 1100));
    await appendRecords(db, records.slice(1100));
    for (const [start, end] of [
      [0, 10],
      [35, 45],
      [0, RECORDS_PER_ROW],
      [RECORDS_PER_ROW, 2 * RECORDS_PER_ROW],
      [1099, 1101],
      [1240, 5000],
      [7, 7],
    ] as const) {
      expect(await readRecordRange(db, "r", start, end)).toEqual(records.slice(start, end));
    }
  });
});
