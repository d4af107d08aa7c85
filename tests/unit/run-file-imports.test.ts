// Other tools' per-request exports read into records (core/io/imports): the vLLM, AIPerf and GuideLLM fixtures
// (written from their documented formats, tests/fixtures/README.md), format detection, and broken files,
// whose errors name the line (or JSON path) and the field.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { metricById } from "../../src/core/metrics";
import { NotARunFile, readRunFile, RunFileProblem, type RunFile, type NightlySummary } from "../../src/core/io/imports";
import type { RequestRecord } from "../../src/core/record";
import { SummaryAccumulator, NO_VALUE_SETTINGS } from "../../src/core/stats";
import { piecesOf } from "../../src/core/io";

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url), "utf8");

async function read(text: string, fileName = "file"): Promise<{ file: RunFile; records: RequestRecord[] }> {
  const records: RequestRecord[] = [];
  // Pieces cut at odd places, as a decompressor hands them over.
  const pieces = text.match(/[\s\S]{1,37}/g) ?? [];
  const file = await readRunFile(piecesOf(pieces), (record) => void records.push(record), {
    fileName,
    appVersion: "0.1.0",
    now: () => 1_763_900_000_000,
    newRunId: () => "imported-run",
  });
  return { file, records };
}

async function problem(text: string): Promise<string> {
  const error = await read(text).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RunFileProblem);
  return (error as Error).message;
}

describe("vllm bench serve --save-detailed", () => {
  it("makes one record per request with vLLM's seconds turned into our milliseconds", async () => {
    const { file, records } = await read(fixture("vllm-bench-serve-detailed.json"), "vllm.json");
    expect(file.format).toBe("vllm-bench-serve");
    expect(file.run.origin.tool).toBe("vllm-bench-serve");
    expect(file.run.scenario.targets.map((target) => [target.id, target.label])).toEqual([["meta-llama_Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"]]);
    expect(records).toHaveLength(6);
    const [first] = records;
    expect(first!.ttftMs).toBeCloseTo(91.2, 6);
    expect(first!.latencyMs).toBeCloseTo(91.2 + 12.1 + 11.8 + 12.5, 3);
    expect(first!.timeToSecondTokenMs).toBeCloseTo(12.1, 6);
    expect(first!.chunkCount).toBe(4);
    expect(first!.inputTokens).toBe(32);
    expect(first!.outputTokens).toBe(4);
    expect(first!.output).toBe(" Time to first");
    // start_times are perf_counter seconds: spaced as vLLM measured them.
    expect(records[4]!.startedAt - records[0]!.startedAt).toBe(110);
    expect(records[4]!.queueMs).toBeCloseTo(107, 6);
  });

  it("reads the failed request as an error with the status its reason phrase names", async () => {
    const { records } = await read(fixture("vllm-bench-serve-detailed.json"));
    const failed = records[3]!;
    expect(failed).toMatchObject({ status: "error", errorKind: "http_5xx", httpStatus: 500, errorMessage: "Internal Server Error", ttftMs: null, outputTokens: null });
  });

  it("gives the same median TTFT and latency as vLLM's own summary in the file", async () => {
    const text = fixture("vllm-bench-serve-detailed.json");
    const saved = JSON.parse(text) as { median_ttft_ms: number; median_e2el_ms: number };
    const { records } = await read(text);
    const accumulator = new SummaryAccumulator(NO_VALUE_SETTINGS);
    for (const record of records) accumulator.add(record);
    const [row] = accumulator.summarize(["meta-llama_Llama-3.1-8B-Instruct"]);
    expect(metricById("ttftP50Ms").value(row!)).toBeCloseTo(saved.median_ttft_ms, 3);
    expect(metricById("latencyP50Ms").value(row!)).toBeCloseTo(saved.median_e2el_ms, 3);
  });

  it("reads an --append-result file of 200,000 results (past the engine's limit on a spread's arguments)", async () => {
    const result = (stage: number) => `{"date":"20251123-194502","model_id":"m","duration":1,"input_lens":[${stage % 50}],"output_lens":[3],"ttfts":[0.01],"itls":[[]],"errors":[""]}`;
    const lines = Array.from({ length: 200_000 }, (_, stage) => result(stage)).join("\n");
    const { file, records } = await read(lines);
    expect(records).toHaveLength(200_000);
    expect(file.tail.finishedAt).toBe(Date.UTC(2025, 10, 23, 19, 45, 2));
  });

  it("refuses a result saved without --save-detailed, saying so", async () => {
    const summaryOnly = JSON.stringify({ date: "20251123-101502", backend: "vllm", model_id: "m", duration: 1, completed: 1, mean_ttft_ms: 5 });
    expect(await problem(summaryOnly)).toMatch(/^line 1: ttfts: missing: .*--save-detailed/);
  });

  it("names the request and the field of a broken array", async () => {
    const broken = JSON.parse(fixture("vllm-bench-serve-detailed.json")) as Record<string, unknown[]>;
    broken.ttfts![2] = "fast";
    expect(await problem(JSON.stringify(broken))).toMatch(/^line 1: ttfts\[2\]: /);
    const short = JSON.parse(fixture("vllm-bench-serve-detailed.json")) as Record<string, unknown[]>;
    short.errors!.pop();
    expect(await problem(JSON.stringify(short))).toMatch(/^line 1: errors: holds 5 requests, ttfts 6/);
    const negative = JSON.parse(fixture("vllm-bench-serve-detailed.json")) as { ttfts: number[]; latencies: number[] };
    negative.latencies[1] = -1;
    expect(await problem(JSON.stringify(negative))).toBe("line 1: latencies[1]: must be 0 or more");
    const huge = JSON.parse(fixture("vllm-bench-serve-detailed.json")) as { ttfts: number[] };
    huge.ttfts[0] = 1e308;
    expect(await problem(JSON.stringify(huge))).toBe("line 1: ttfts[0]: must be at most a day (86,400 s)");
  });
});

describe("AIPerf profile_export.jsonl", () => {
  it("makes one record per line: TTFT, TTST, latency, tokens and chunk gaps as AIPerf measured them", async () => {
    const { file, records } = await read(fixture("aiperf-profile_export.jsonl"));
    expect(file.format).toBe("aiperf");
    expect(records).toHaveLength(4);
    expect(records[0]).toMatchObject({ targetId: "aiperf", inputIndex: 0, status: "ok", inputTokens: 550, outputTokens: 9, chunkCount: 9, startedAt: 1759813207533 });
    expect(records[0]!.ttftMs).toBeCloseTo(255.886568, 3);
    expect(records[0]!.timeToSecondTokenMs).toBeCloseTo(4.898437, 3);
    expect(records[0]!.maxChunkGapMs).toBeCloseTo(5.674918, 3);
  });

  it("reads a cancelled request as aborted, with AIPerf's error words", async () => {
    const { records } = await read(fixture("aiperf-profile_export.jsonl"));
    expect(records[3]).toMatchObject({ status: "error", errorKind: "aborted", httpStatus: 499, inputTokens: 550, errorMessage: "RequestCancellationError: Request was cancelled after 0.000 seconds" });
  });

  it("names the line and the field of a broken record", async () => {
    const lines = fixture("aiperf-profile_export.jsonl").trimEnd().split("\n");
    const broken = JSON.parse(lines[1]!) as { metadata: Record<string, unknown> };
    broken.metadata.request_start_ns = "soon";
    expect(await problem([lines[0], JSON.stringify(broken), lines[2]].join("\n"))).toMatch(/^line 2: metadata\.request_start_ns: /);
    expect(await problem([lines[0], "{not json"].join("\n"))).toMatch(/^line 2: not JSON/);
    const badUnit = JSON.parse(lines[0]!) as { metrics: Record<string, { unit: string }> };
    badUnit.metrics.time_to_first_token!.unit = "fortnights";
    expect(await problem(JSON.stringify(badUnit))).toMatch(/^line 1: metrics\.time_to_first_token\.unit: "fortnights" is not a time unit/);
  });

  it("refuses a negative latency or a fractional token count, naming the line and the metric", async () => {
    const lines = fixture("aiperf-profile_export.jsonl").trimEnd().split("\n");
    const negative = JSON.parse(lines[0]!) as { metrics: Record<string, { value: unknown }> };
    negative.metrics.request_latency!.value = -1000;
    expect(await problem(JSON.stringify(negative))).toBe("line 1: metrics.request_latency.value: -1000 must be 0 or more");
    const fractional = JSON.parse(lines[0]!) as { metrics: Record<string, { value: unknown }> };
    fractional.metrics.output_sequence_length!.value = 1.5;
    expect(await problem(JSON.stringify(fractional))).toBe("line 1: metrics.output_sequence_length.value: 1.5 must be a whole number below 2^53");
  });
});

describe("GuideLLM benchmarks.json", () => {
  it("makes one record per request of every status, named after the model", async () => {
    const { file, records } = await read(fixture("guidellm-benchmarks.json"));
    expect(file.format).toBe("guidellm");
    expect(file.run.origin).toMatchObject({ tool: "guidellm", toolVersion: "0.4.0" });
    expect(records.map((record) => record.status)).toEqual(["ok", "ok", "ok", "error"]);
    expect(records[0]).toMatchObject({ targetId: "Qwen_Qwen2.5-0.5B-Instruct", inputTokens: 64, outputTokens: 8, chunkCount: 8 });
    expect(records[0]!.ttftMs).toBeCloseTo(82, 6);
    expect(records[0]!.latencyMs).toBeCloseTo(82 + 7 * 11 + 2, 3);
    expect(records[3]).toMatchObject({ errorKind: "http_5xx", outputTokens: null });
  });

  it("names the JSON path of a broken request, or the line of broken JSON", async () => {
    const broken = JSON.parse(fixture("guidellm-benchmarks.json")) as { benchmarks: { requests: { successful: Record<string, unknown>[] } }[] };
    broken.benchmarks[0]!.requests.successful[1]!.time_to_first_token_ms = "quick";
    expect(await problem(JSON.stringify(broken, null, 2))).toMatch(/^benchmarks\[0\]\.requests\.successful\[1\]\.time_to_first_token_ms: /);
    const negative = JSON.parse(fixture("guidellm-benchmarks.json")) as { benchmarks: { requests: { successful: Record<string, unknown>[] } }[] };
    negative.benchmarks[0]!.requests.successful[0]!.request_latency = -1;
    expect(await problem(JSON.stringify(negative))).toBe("benchmarks[0].requests.successful[0].request_latency: must be 0 or more");
    const cut = fixture("guidellm-benchmarks.json").split("\n").slice(0, 40).join("\n");
    expect(await problem(cut)).toMatch(/not JSON/);
  });
});

describe("format detection", () => {
  it("refuses a JSON file of another kind, naming its keys", async () => {
    expect(await problem('{"hello": 1, "world": 2}')).toMatch(/^line 1: not a format ProviderBench reads \(its keys: hello, world\); expected a ProviderBench run bundle/);
  });

  it("tells simulate-nightly's nights.json apart as a file of ours that is not a run, written whole or on one line", async () => {
    const summary: NightlySummary = {
      drift: "slow=+25%@8",
      maxRegression: "latencyMs.p50=10%",
      nights: [{ night: 1, bundle: "nightly/night-01.pbrun.json.gz", exitCode: 0, gate: "baseline", regressions: [] }],
    };
    for (const text of [`${JSON.stringify(summary, null, 2)}\n`, JSON.stringify(summary)]) {
      const error = await read(text, "nights.json").then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(NotARunFile);
      expect((error as Error).message).toBe("simulate-nightly's summary of each night's gate, not a run");
    }
  });

  it("refuses an empty file", async () => {
    expect(await problem("\n\n")).toBe("the file is empty");
  });

  it("reads a ProviderBench records file as one run with its own id", async () => {
    const line = (targetId: string, latencyMs: number) =>
      JSON.stringify({ ...JSON.parse(recordLine) as object, targetId, latencyMs });
    const { file, records } = await read([line("fast", 10), line("slow", 20)].join("\n"));
    expect(file.format).toBe("providerbench-records");
    expect(file.run.id).toBe("cli-run");
    expect(file.run.scenario.targets.map((target) => target.id)).toEqual(["fast", "slow"]);
    expect(records.map((record) => record.latencyMs)).toEqual([10, 20]);
  });
});

const recordLine = JSON.stringify({
  runId: "cli-run", targetId: "fast", inputIndex: 0, repetition: 0, attempt: 1, warmup: false, startedAt: 1, ttftMs: null, latencyMs: 5,
  status: "ok", errorKind: null, httpStatus: 200, errorMessage: null, inputTokens: null, outputTokens: null, tokensEstimated: false,
  chunkCount: 0, output: "x", outputBytes: 1, truncated: false,
});
