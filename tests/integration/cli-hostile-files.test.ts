// Run files that attack their reader (issue 27), read by `analyze` as a separate process: bombs that
// inflate to one endless line or to endless blank lines (refused with exit code 2, naming the line), and
// files that lie about counts (each request counted once, with a note).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliProcess } from "./cli-process";
import { toJsonLine } from "../../src/core/jsonl";
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
    const result = await runCliProcess(["analyze", gigabyteGzip("one-line.jsonl.gz", "x")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("one-line.jsonl.gz: line 1: longer than 256 Mi characters, the most a line may hold");
  });

  it("refuses a gzip of 1 GiB of blank lines at the blank-line limit, naming the line", async () => {
    const result = await runCliProcess(["analyze", gigabyteGzip("blank-lines.jsonl.gz", "\n")]);
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
    const json = await runCliProcess(["analyze", path, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const [row] = (JSON.parse(json.stdout) as { summary: { requests: number; failedRequests: number }[] }).summary;
    expect([row!.requests, row!.failedRequests]).toEqual([10, 4]);
    const text = await runCliProcess(["analyze", path]);
    expect(text.stdout).toContain("Note: 10 records repeat an attempt (target, input, repetition, attempt) read before: dropped, each attempt counted once.");
  });

  it("counts a retry without its attempt 1 as a first attempt: no negative failure count", async () => {
    const path = join(workDir, "orphan.jsonl");
    writeFileSync(path, [requestRecord({ inputIndex: 0, attempt: 2, status: "error", errorKind: "http_5xx", output: null }), requestRecord({ inputIndex: 1 })].map(toJsonLine).join(""));
    const json = await runCliProcess(["analyze", path, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const [row] = (JSON.parse(json.stdout) as { summary: { requests: number; failedRequests: number; failureRate: number }[] }).summary;
    expect([row!.requests, row!.failedRequests, row!.failureRate]).toEqual([2, 1, 0.5]);
  });
});
