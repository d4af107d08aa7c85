// Run files that attack their reader (issue 27): bombs that inflate to one endless line or to endless blank
// lines, read by `analyze` as a separate process; each is refused with exit code 2, naming the line.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliProcess } from "./cli-process";

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
