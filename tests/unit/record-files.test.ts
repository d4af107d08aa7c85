// The CLI's record files: one JSONL line per record whatever the text holds, backpressure from a slow
// file, and a write error kept and reported once.
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { toJsonLine } from "../../src/core/io";
import { RECORD_FIELDS } from "../../src/core/record";
import { BATCH_CHARS, createRecordFiles, recordToJsonLine } from "../../src/cli/record-files";
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

  it("writes a record exactly as toJsonLine writes the same fields in order", () => {
    const strings = ["", "plain", 'quote " backslash \\ tab \t', "\u0000\u001f\u007f", "a\u2028b\u2029c\u0085", "emoji 😀 and lone \ud800", "</script>"];
    const numbers = [0, -0, 1.5, -3.25, 0.1 + 0.2, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity];
    for (let index = 0; index < 60; index++) {
      const record = makeRecord({
        output: index % 9 === 8 ? null : strings[index % strings.length]!,
        errorMessage: strings[(index + 3) % strings.length]!,
        latencyMs: numbers[index % numbers.length]!,
        ttftMs: index % 4 === 0 ? null : numbers[(index + 5) % numbers.length]!,
        warmup: index % 2 === 0,
        connectMs: undefined,
      });
      const ordered: Record<string, unknown> = {};
      for (const field of RECORD_FIELDS) ordered[field] = record[field] ?? null;
      expect(recordToJsonLine(record)).toBe(toJsonLine(ordered));
    }
  });

  it("writes each line's own values when the next record repeats some, and an object changed in place anew", () => {
    const value = { labels: ["a"] };
    const first = makeRecord({ output: "same", outputValue: value, latencyMs: 1 });
    const firstLine = recordToJsonLine(first);
    value.labels.push("b");
    const second = makeRecord({ output: "same", outputValue: value, latencyMs: 2, errorMessage: null, ttftMs: undefined });
    const secondLine = recordToJsonLine(second);
    expect(JSON.parse(firstLine)).toMatchObject({ output: "same", outputValue: { labels: ["a"] }, latencyMs: 1 });
    expect(JSON.parse(secondLine)).toMatchObject({ output: "same", outputValue: { labels: ["a", "b"] }, latencyMs: 2, errorMessage: null, ttftMs: null });
  });
});

/** Resolves once the condition holds, looking again at each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

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
    expect(files.write(makeRecord())).toBeUndefined();
    // The first batch goes out on its timer and stalls the file.
    await until(() => file.chunks.length === 1);
    const waiting = files.write(makeRecord());
    expect(waiting).toBeInstanceOf(Promise);
    let settled = false;
    void waiting!.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    while (!settled) {
      file.releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The second record goes out in the next batch.
    await until(() => file.chunks.length === 2);
    expect(file.chunks.join("").split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { runId: string }).runId)).toEqual(["run-1", "run-1"]);
  });

  it("writes the records gathered meanwhile as one batch, and a batch at most BATCH_CHARS long", async () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString());
        callback();
      },
    });
    const files = createRecordFiles({ jsonl: { flag: "--jsonl", path: "out.jsonl", stream }, csv: undefined }, { signal: new AbortController().signal, onFailure: () => {} });
    for (let index = 0; index < 10; index++) void files.write(makeRecord({ inputIndex: index }));
    expect(written).toHaveLength(0);
    await until(() => written.length > 0);
    expect(written).toHaveLength(1);
    expect(written[0]!.split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { inputIndex: number }).inputIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // A long turn is cut into batches as it goes, so what waits for the end of the turn stays bounded.
    const line = recordToJsonLine(makeRecord());
    const count = Math.ceil((3 * BATCH_CHARS) / line.length);
    for (let index = 0; index < count; index++) void files.write(makeRecord());
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...written.map((batch) => batch.length))).toBeLessThan(BATCH_CHARS + line.length);
    await files.close();
    expect(written.join("").split("\n").filter(Boolean)).toHaveLength(10 + count);
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
    await until(() => failures.length > 0);
    expect(failures).toEqual([{ flag: "--jsonl", path: "/dev/full", message: "ENOSPC: no space left on device, write" }]);
    expect(files.failure).toEqual(failures[0]);
    expect(files.write(makeRecord())).toBeUndefined();
    await files.close();
    expect(writes).toBe(1);
    expect(failures).toHaveLength(1);
  });

  it("cuts away the torn line a write that fails part-way leaves (a full disk), keeping the whole lines", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "providerbench-record-files-")), "records.jsonl");
    writeFileSync(path, "");
    const failures: unknown[] = [];
    let writes = 0;
    // A disk that takes the first batch whole, then half of the next before it is full.
    const filling = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes++;
        if (writes === 1) {
          appendFileSync(path, chunk);
          callback();
          return;
        }
        appendFileSync(path, chunk.subarray(0, chunk.length / 2));
        callback(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
      },
    });
    const files = createRecordFiles({ jsonl: { flag: "--jsonl", path, stream: filling }, csv: undefined }, { signal: new AbortController().signal, onFailure: (failure) => failures.push(failure) });
    const whole = [makeRecord({ inputIndex: 0 }), makeRecord({ inputIndex: 1 })];
    for (const record of whole) await files.write(record);
    await until(() => writes === 1);
    await files.write(makeRecord({ inputIndex: 2 }));
    await until(() => failures.length > 0);
    await files.close();
    expect(readFileSync(path, "utf8")).toBe(whole.map(recordToJsonLine).join(""));
  });
});
