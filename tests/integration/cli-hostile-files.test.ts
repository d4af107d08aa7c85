// Run files that attack their reader (issue 27), read by `analyze` (run in the test's process): bombs that
// inflate to one endless line or to endless blank lines (refused with exit code 2, naming the line), and
// files that lie about counts (each request counted once, with a note), files torn by a full disk.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import { recordsCsvHeader, recordToCsvLine, toJsonLine } from "../../src/core/io";
import { requestRecord } from "../unit/request-record";

let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "providerbench-hostile-files-"));
});

/** A gzip of 1 GiB of `text` repeated, about 1 MiB on disk: 1,024 gzip members of 1 MiB each, which gunzip reads as one stream. */
function gigabyteGzip(name: string, text: string): string {
  const member = gzipSync(text.repeat((1024 * 1024) / text.length));
  const path = join(workDir, name);
  writeFileSync(path, Buffer.concat(Array.from({ length: 1024 }, () => member)));
  return path;
}

describe("analyze on a decompression bomb", () => {
  it("refuses a gzip that inflates to one 1 GiB line at the line limit, naming line 1", async () => {
    const result = await runCliInProcess(["analyze", gigabyteGzip("one-line.jsonl.gz", "x")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("one-line.jsonl.gz: line 1: longer than 256 Mi characters, the most a line may hold");
  });

  it("refuses a gzip of 1 GiB of blank lines at the blank-line limit, naming the line", async () => {
    const result = await runCliInProcess(["analyze", gigabyteGzip("blank-lines.jsonl.gz", "\n")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("blank-lines.jsonl.gz: line 100001: more than 100,000 blank lines, the most a file may hold");
  });
});

describe("analyze on a file that lies about counts", () => {
  it("counts each record of a file holding every line twice once, and prints a note", async () => {
    const records = Array.from({ length: 10 }, (_, inputIndex) =>
      requestRecord({ inputIndex, latencyMs: 100 + inputIndex, ...(inputIndex % 3 === 0 ? { status: "error" as const, errorKind: "http_5xx" as const, httpStatus: 503, output: null } : {}) }),
    );
    const path = join(workDir, "twice.jsonl");
    const lines = records.map(toJsonLine).join("");
    writeFileSync(path, lines + lines);
    const json = await runCliInProcess(["analyze", path, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const [row] = (JSON.parse(json.stdout) as { summary: { requests: number; failedRequests: number }[] }).summary;
    expect([row!.requests, row!.failedRequests]).toEqual([10, 4]);
    const text = await runCliInProcess(["analyze", path]);
    expect(text.stdout).toContain("Note: 10 records repeat an attempt (target, input, repetition, attempt) read before: dropped, each attempt counted once.");
  });

  it("counts a retry without its attempt 1 as a first attempt: no negative failure count", async () => {
    const path = join(workDir, "orphan.jsonl");
    writeFileSync(path, [requestRecord({ inputIndex: 0, attempt: 2, status: "error", errorKind: "http_5xx", output: null }), requestRecord({ inputIndex: 1 })].map(toJsonLine).join(""));
    const json = await runCliInProcess(["analyze", path, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const [row] = (JSON.parse(json.stdout) as { summary: { requests: number; failedRequests: number; failureRate: number }[] }).summary;
    expect([row!.requests, row!.failedRequests, row!.failureRate]).toEqual([2, 1, 0.5]);
  });
});

describe("analyze on a file torn by a full disk", () => {
  it("leaves out a torn last line, JSONL or CSV, with a note naming it", async () => {
    const records = Array.from({ length: 4 }, (_, inputIndex) => requestRecord({ inputIndex }));
    const torn = toJsonLine(requestRecord({ inputIndex: 4 }));
    const jsonl = join(workDir, "torn.jsonl");
    writeFileSync(jsonl, records.map(toJsonLine).join("") + torn.slice(0, 40));
    const csvRows = [recordsCsvHeader(), ...records.map(recordToCsvLine)];
    const csv = join(workDir, "torn.csv");
    writeFileSync(csv, csvRows.join("") + recordToCsvLine(requestRecord({ inputIndex: 4 })).slice(0, 30));
    // The CSV's header is its line 1.
    for (const [path, tornLine] of [
      [jsonl, 5],
      [csv, 6],
    ] as const) {
      const text = await runCliInProcess(["analyze", path]);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain(`Note: line ${tornLine}, the last, is cut short (no line break at its end and not a whole record`);
      const json = await runCliInProcess(["analyze", path, "--json"]);
      expect((JSON.parse(json.stdout) as { summary: { requests: number }[] }).summary[0]!.requests).toBe(4);
    }
  });

  it("still refuses a broken line that is not the last, naming it", async () => {
    const path = join(workDir, "broken-middle.jsonl");
    writeFileSync(path, `${toJsonLine(requestRecord())}{"runId":\n${toJsonLine(requestRecord({ inputIndex: 1 }))}`);
    const result = await runCliInProcess(["analyze", path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("broken-middle.jsonl: line 2: not JSON");
  });
});
