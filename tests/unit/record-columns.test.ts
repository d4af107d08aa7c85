// A run's records as columns: every field the charts and filters read, per record, in order; parts of
// a run joined give the columns of the whole run.
import { describe, expect, it } from "vitest";
import { concatColumns, errorKindOfCode, firstStartMs, RECORD_FLAG, recordColumns, ERROR_KINDS } from "../../src/core/record";
import { makeRecord } from "./compare-fixtures";

const records = [
  makeRecord({ targetId: "b", startedAt: 2_000, latencyMs: 120, ttftMs: null, outputTokens: null, warmup: true }),
  makeRecord({ targetId: "a", startedAt: 1_500, latencyMs: 80, ttftMs: 30, outputTokens: 12, tokensEstimated: true, checksPassed: true }),
  makeRecord({ targetId: "b", startedAt: 2_500, latencyMs: 5_000, status: "error", errorKind: "timeout", ttftMs: null, checksPassed: false }),
];

describe("recordColumns", () => {
  it("holds each record's fields at its position, NaN where a record has none", () => {
    const columns = recordColumns(records);
    expect(columns.length).toBe(3);
    expect(columns.targetIds).toEqual(["b", "a"]);
    expect(Array.from(columns.targetIndex)).toEqual([0, 1, 0]);
    expect(Array.from(columns.latencyMs)).toEqual([120, 80, 5_000]);
    expect(Array.from(columns.ttftMs)).toEqual([Number.NaN, 30, Number.NaN]);
    expect(Array.from(columns.outputTokens)).toEqual([Number.NaN, 12, 20]);
    expect(Array.from(columns.flags)).toEqual([
      RECORD_FLAG.warmup | RECORD_FLAG.ok,
      RECORD_FLAG.ok | RECORD_FLAG.tokensEstimated | RECORD_FLAG.checksPassed,
      RECORD_FLAG.checksFailed,
    ]);
    expect(Array.from(columns.errorKind, errorKindOfCode)).toEqual([null, null, "timeout"]);
    expect(firstStartMs(columns)).toBe(1_500);
    expect(firstStartMs(recordColumns([]))).toBeNull();
  });

  it("codes every error kind so that it reads back as itself", () => {
    const columns = recordColumns(ERROR_KINDS.map((kind) => makeRecord({ status: "error", errorKind: kind })));
    expect(Array.from(columns.errorKind, errorKindOfCode)).toEqual([...ERROR_KINDS]);
  });
});

describe("concatColumns", () => {
  it("joins parts whose targets were first seen in other orders into the columns of the whole", () => {
    const more = [makeRecord({ targetId: "c", latencyMs: 7 }), makeRecord({ targetId: "a", latencyMs: 9 })];
    const joined = concatColumns([recordColumns(records.slice(0, 1)), recordColumns(records.slice(1)), recordColumns(more), recordColumns([])]);
    expect(joined).toEqual(recordColumns([...records, ...more]));
  });
});
