// The run bundle's format (core/io/bundle): what is written reads back the same, record for record; a file
// cut short, from a newer version or with a broken field is refused with the line and the field named.
import { describe, expect, it } from "vitest";
import { BUNDLE_FORMAT_VERSION, INLINE_BLOB_LIMIT_BYTES, INLINE_BLOBS_TOTAL_LIMIT_BYTES, inlineBlobBudget, type BundleRun, describeOrigin, originLabel, BundleProblem, readRunBundle, bundlePieces } from "../../src/core/io/bundle";
import type { RequestRecord } from "../../src/core/record";
import { RUN_FILE_LIMITS } from "../../src/core/io/imports";
import { piecesOf, textLines } from "../../src/core/io";
import { requestRecord } from "./request-record";
import { testScenario } from "./store/fixtures";

const run: BundleRun = {
  id: "run-1",
  scenarioName: "store test",
  scenario: testScenario(),
  startedAt: 1_700_000_000_000,
  planned: 3,
  appVersion: "0.1.0",
  libraryVersions: { "@huggingface/inference": "4.13.30" },
  origin: { label: "eu-west", tool: "providerbench-cli", toolVersion: "0.1.0", host: "build-01", userAgent: "Node v20.20.2 (linux x64)" },
  replayOfRunId: null,
};

const records: RequestRecord[] = [
  requestRecord({ runId: "run-1", targetId: "fast", latencyMs: 10, output: "line\u2028break, \"quoted\"" }),
  requestRecord({ runId: "run-1", targetId: "slow", latencyMs: 20, status: "error", errorKind: "http_5xx", httpStatus: 503, output: null }),
  requestRecord({ runId: "run-1", targetId: "fast", repetition: 1, latencyMs: 12, ttftMs: 3.25 }),
];

const tail = { status: "completed" as const, finishedAt: 1_700_000_001_000, errorMessage: null, blobs: [{ id: "b1", mimeType: "image/png", sizeBytes: 3, base64: "AQID" }] };

function bundleText(bundleRecords: readonly RequestRecord[] = records): string {
  return [...bundlePieces(run, bundleRecords, tail)].join("");
}

async function readText(text: string): Promise<{ records: RequestRecord[]; result: Awaited<ReturnType<typeof readRunBundle>> }> {
  const read: RequestRecord[] = [];
  const result = await readRunBundle(textLines(piecesOf(text.match(/[\s\S]{1,50}/g) ?? []), RUN_FILE_LIMITS), (record) => void read.push(record));
  return { records: read, result };
}

async function problemOf(text: string): Promise<string> {
  const error = await readText(text).then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(BundleProblem);
  return (error as Error).message;
}

describe("run bundle", () => {
  it("reads back the run, every record and the tail exactly as written", async () => {
    const { records: read, result } = await readText(bundleText());
    expect(result.run).toEqual(run);
    expect(result.tail).toEqual({ ...tail, recordCount: 3 });
    // Fields a record lacks (measured before they existed) stay absent rather than becoming null.
    expect(read).toStrictEqual(records);
  });

  it("is one JSON document, a record per line, readable by any JSON tool", () => {
    const text = bundleText();
    const parsed = JSON.parse(text) as { format: string; formatVersion: number; records: unknown[]; tail: { recordCount: number } };
    expect(parsed.format).toBe("providerbench-run-bundle");
    expect(parsed.formatVersion).toBe(BUNDLE_FORMAT_VERSION);
    expect(parsed.records).toHaveLength(3);
    expect(text.trimEnd().split("\n")).toHaveLength(5);
  });

  it("holds a run without records", async () => {
    const { records: read, result } = await readText(bundleText([]));
    expect(read).toEqual([]);
    expect(result.tail.recordCount).toBe(0);
  });

  it("refuses a file cut short, naming the last line read", async () => {
    const lines = bundleText().split("\n");
    expect(await problemOf(lines.slice(0, 3).join("\n"))).toBe("line 3: the file ends without its tail line (2 records read): it was cut short");
  });

  it("refuses a newer format version by name", async () => {
    const newer = bundleText().replace(`"formatVersion":${BUNDLE_FORMAT_VERSION}`, `"formatVersion":${BUNDLE_FORMAT_VERSION + 1}`);
    expect(await problemOf(newer)).toMatch(/^line 1: formatVersion: 2 is newer than this ProviderBench reads \(1\)/);
  });

  it("names the line and the field of a broken record, and of a broken head", async () => {
    expect(await problemOf(bundleText().replace('"latencyMs":20', '"latencyMs":"slow"'))).toMatch(/^line 3: latencyMs: /);
    expect(await problemOf(bundleText().replace('"planned":3', '"planned":-1'))).toMatch(/^line 1: run\.planned: /);
    expect(await problemOf(bundleText().replace('"tool":"providerbench-cli"', '"tool":"curl"'))).toMatch(/^line 1: run\.origin\.tool: /);
    expect(await problemOf(bundleText().replace('"model":"m"', '"model":""'))).toMatch(/^line 1: run\.scenario: targets\[0\]\.model: required/);
  });

  it("refuses a record of another run and a tail whose count disagrees", async () => {
    expect(await problemOf(bundleText().replace('"runId":"run-1","targetId":"slow"', '"runId":"run-2","targetId":"slow"'))).toBe('line 3: runId: "run-2" is not this bundle\'s run "run-1"');
    expect(await problemOf(bundleText().replace('"recordCount":3', '"recordCount":4'))).toBe("line 5: tail.recordCount: says 4 records, the file holds 3");
  });

  it("labels a run by the place given, else the host, else the tool", () => {
    expect(originLabel(run.origin)).toBe("eu-west");
    expect(originLabel({ ...run.origin, label: null })).toBe("build-01");
    expect(originLabel({ label: null, tool: "vllm-bench-serve", toolVersion: null, host: null, userAgent: null })).toBe("vllm bench serve");
    expect(describeOrigin(run.origin)).toBe("eu-west · ProviderBench CLI on build-01 0.1.0 · Node v20.20.2 (linux x64)");
  });
});

describe("binary outputs inline in a bundle's tail", () => {
  it("carries each small one's bytes until the total would pass the bound, then metadata only", () => {
    const inline = inlineBlobBudget();
    expect(inline(INLINE_BLOB_LIMIT_BYTES + 1)).toBe(false);
    const fitting = Math.floor(INLINE_BLOBS_TOTAL_LIMIT_BYTES / INLINE_BLOB_LIMIT_BYTES);
    for (let index = 0; index < fitting; index++) expect(inline(INLINE_BLOB_LIMIT_BYTES)).toBe(true);
    expect(inline(1)).toBe(false);
  });
});
