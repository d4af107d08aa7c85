// The merge of several workers' records: in time order across workers, nothing handed on before every
// worker has reported past it.
import { describe, expect, it } from "vitest";
import { RecordMerge } from "../../src/cli/workers/record-merge";

function collect(merge: RecordMerge<string>): string[] {
  const out: string[] = [];
  merge.release((item) => out.push(item));
  return out;
}

describe("RecordMerge", () => {
  it("holds a record until every source has reported past its time, then hands records on in time order", () => {
    const merge = new RecordMerge<string>(2);
    merge.add(0, ["a1", "a5"], [1, 5], 6);
    expect(collect(merge)).toEqual([]);
    expect(merge.held).toBe(2);
    merge.add(1, ["b2", "b3"], [2, 3], 4);
    expect(collect(merge)).toEqual(["a1", "b2", "b3"]);
    merge.add(1, ["b7"], [7], 8);
    expect(collect(merge)).toEqual(["a5"]);
    merge.add(0, [], [], Infinity);
    expect(collect(merge)).toEqual(["b7"]);
    expect(merge.held).toBe(0);
  });

  it("gives the same order as sorting every record by time, whatever the batches", () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const sources = 3;
    const merge = new RecordMerge<number>(sources);
    const clocks = Array.from({ length: sources }, () => 0);
    const out: number[] = [];
    const all: number[] = [];
    for (let round = 0; round < 200; round++) {
      const source = Math.floor(random() * sources);
      const items: number[] = [];
      for (let count = Math.floor(random() * 5); count > 0; count--) {
        clocks[source]! += random() * 3;
        items.push(clocks[source]!);
      }
      clocks[source]! += random();
      all.push(...items);
      merge.add(source, items, items, clocks[source]!);
      merge.release((item) => out.push(item));
    }
    for (let source = 0; source < sources; source++) merge.add(source, [], [], Infinity);
    merge.release((item) => out.push(item));
    expect(out).toEqual([...all].sort((a, b) => a - b));
  });
});
