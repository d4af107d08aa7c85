// The CLI's record files: one JSONL line per record whatever the text holds, backpressure from a slow
// file, and a write error kept and reported once.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { toJsonLine } from "../../src/core/jsonl";
import { RECORD_FIELDS } from "../../src/core/record";
import { createRecordFiles, recordToJsonLine } from "../../src/cli/record-files";
import { makeRecord } from "./compare-fixtures";

/** Every line break a common reader splits on (Python's splitlines, editors, most JSONL tools). */
const READER_LINE_BREAKS = /\r\n|[\n\r\v\f\u001c\u001d\u001e\u0085\u2028\u2029]/;

describe("JSONL lines", () => {
  it("keeps one record on one line when the text holds U+2028, U+2029, U+0085 and control breaks", () => {
    const output = "a\u2028b\u2029c\u0085d\ne\rf\vg\u001ch";
    const line = recordToJsonLine(makeRecord({ output, errorMessage: "x\u2028y" }));
    const parts = line.split(READER_LINE_BREAKS);
    expect(parts).toHaveLength(2);
    expect(parts[1]).toBe("");
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed.output).toBe(output);
    expect(parsed.errorMessage).toBe("x\u2028y");
    expect(Object.keys(parsed)).toEqual([...RECORD_FIELDS]);
  });

  it("is the same serialiser for any value", () => {
    expect(toJsonLine({ a: "\u2028" })).toBe('{"a":"\\u2028"}\n');
    expect(JSON.parse(toJsonLine(["\u0085\u2029"])) as string[]).toEqual(["\u0085\u2029"]);
  });
});

/** A file that takes one chunk and then holds the next until released: a stalled pipe. */
function stalledFile() {
  const pending: (() => void)[] = [];
  const chunks: string[] = [];
  const stream = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      pending.push(() => callback());
    },
  });
  return { stream, chunks, releaseAll: () => pending.splice(0).forEach((release) => release()) };
}

describe("record files", () => {
  it("makes the writer wait while a file is behind, and lets it go on drain", async () => {
    const file = stalledFile();
    const files = createRecordFiles({ jsonl: { flag: "--jsonl", path: "out.jsonl", stream: file.stream }, csv: undefined }, { signal: new AbortController().signal, onFailure: () => {} });
    const waiting = files.write(makeRecord());
    expect(waiting).toBeInstanceOf(Promise);
    let settled = false;
    void waiting!.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    file.releaseAll();
    await waiting;
    expect(settled).toBe(true);
    expect(file.chunks).toHaveLength(1);
  });

  it("stops waiting when the run is stopped", async () => {
    const file = stalledFile();
    const controller = new AbortController();
    const files = createRecordFiles({ jsonl: undefined, csv: { flag: "--csv", path: "out.csv", stream: file.stream } }, { signal: controller.signal, onFailure: () => {} });
    const waiting = files.write(makeRecord());
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
  });

  it("keeps the first write error, reports it once, and writes nothing after it", async () => {
    const failures: unknown[] = [];
    let writes = 0;
    const broken = new Writable({
      write(_chunk, _encoding, callback) {
        writes++;
        callback(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
      },
    });
    const files = createRecordFiles({ jsonl: { flag: "--jsonl", path: "/dev/full", stream: broken }, csv: undefined }, { signal: new AbortController().signal, onFailure: (failure) => failures.push(failure) });
    await files.write(makeRecord());
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toEqual([{ flag: "--jsonl", path: "/dev/full", message: "ENOSPC: no space left on device, write" }]);
    expect(files.failure).toEqual(failures[0]);
    expect(files.write(makeRecord())).toBeUndefined();
    await files.close();
    expect(writes).toBe(1);
    expect(failures).toHaveLength(1);
  });
});
