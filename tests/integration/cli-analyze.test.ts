// `providerbench analyze`, run in the test's process, on records files the CLI itself wrote against the
// sandbox (each run a separate process).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import { runCliProcess, type CliResult } from "./cli-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { requestRecord } from "../unit/request-record";

const repoRoot = new URL("../../", import.meta.url).pathname;

let sandbox: Sandbox;
let workDir: string;
let recordsA: string;
let recordsB: string;

const runCli = (args: string[]): Promise<CliResult> => runCliProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
/** analyze, and a command line that does not parse: in the test's process. */
const runInProcess = (args: string[]): Promise<CliResult> => runCliInProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });

interface AnalyzeJson {
  summary: Record<string, unknown>[];
  pairs: Record<string, unknown>[];
  agreement: Record<string, unknown>[];
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.5 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-analyze-"));
  recordsA = join(workDir, "a.jsonl");
  recordsB = join(workDir, "b.jsonl");
  // Two runs of the three-profile scenario: 4 inputs × 3 repetitions = 12 pairs per pair of targets.
  for (const path of [recordsA, recordsB]) {
    const result = await runCli(["run", "scenarios/sandbox-chat-streaming.json", "--jsonl", path, "--repetitions", "3", "--quiet"]);
    expect(result.code, result.stderr).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  await sandbox.close();
});

describe("providerbench analyze", () => {
  it("writes the summary and every pair of targets on three metrics as one JSON object", async () => {
    const result = await runInProcess(["analyze", recordsA, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as AnalyzeJson;
    expect(Object.keys(output)).toEqual(["summary", "verdicts", "pairs", "agreement"]);
    expect(output.summary.map((row) => [row.targetId, row.requests])).toEqual([
      ["fast", 12],
      ["steady", 12],
      ["slow", 12],
    ]);
    // 3 pairs of targets × 3 metrics, a before b in the order the targets first appear.
    expect(output.pairs).toHaveLength(9);
    expect(output.pairs.map((pair) => `${String(pair.a)}-${String(pair.b)}:${String(pair.metric)}`)).toEqual([
      "fast-steady:latencyMs",
      "fast-steady:ttftMs",
      "fast-steady:outputTokensPerSecond",
      "fast-slow:latencyMs",
      "fast-slow:ttftMs",
      "fast-slow:outputTokensPerSecond",
      "steady-slow:latencyMs",
      "steady-slow:ttftMs",
      "steady-slow:outputTokensPerSecond",
    ]);
    for (const pair of output.pairs) {
      expect(Object.keys(pair)).toEqual(["metric", "a", "b", "paired", "n", "medianDifference", "ciLow", "ciHigh", "pValue", "significant"]);
      expect(pair).toMatchObject({ paired: true, n: 12 });
      expect(pair.ciLow as number).toBeLessThanOrEqual(pair.medianDifference as number);
      expect(pair.medianDifference as number).toBeLessThanOrEqual(pair.ciHigh as number);
      expect(pair.significant).toBe((pair.pValue as number) < 0.05);
    }
    // The sandbox's fast profile answers in about a quarter of slow's time: 12 pairs settle it.
    const fastVsSlow = output.pairs.find((pair) => pair.a === "fast" && pair.b === "slow" && pair.metric === "latencyMs")!;
    expect(fastVsSlow.medianDifference as number).toBeLessThan(0);
    expect(fastVsSlow.significant).toBe(true);
  });

  it("prints the summary table, the pairwise table with verdicts and a ranking, by the scenario's target labels", async () => {
    const result = await runInProcess(["analyze", recordsA, "--scenario", "scenarios/sandbox-chat-streaming.json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Sandbox fast\s+12\s+0/m);
    expect(result.stdout).toMatch(/Sandbox fast is faster than Sandbox slow by [\d,.]+ ms \[[\d,.]+, [\d,.]+\], p [<=] [\d.]+/);
    // fast and slow differ by a factor of four; fast against steady may be a tie with 12 pairs on a busy machine.
    expect(result.stdout).toMatch(/^ {2}latency \(lower is better\): Sandbox fast(;| and Sandbox steady \(tied\);) then .*Sandbox slow$/m);
  });

  it("compares two runs target by target, first file minus second", async () => {
    const result = await runInProcess(["analyze", recordsA, recordsB, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as AnalyzeJson & { runs: { a: { file: string } }; changes: Record<string, unknown>[] };
    expect(output.runs.a.file).toBe(recordsA);
    expect(output.summary.map((row) => `${String(row.run)}:${String(row.targetId)}`)).toEqual(["a:fast", "a:steady", "a:slow", "b:fast", "b:steady", "b:slow"]);
    expect(output.pairs.map((pair) => [pair.a, pair.b, pair.metric, pair.paired, pair.n])).toContainEqual(["slow", "slow", "latencyMs", true, 12]);
    // Every change of the diff view, for each target, judged by a named test.
    expect(output.changes.map((change) => `${String(change.targetId)}:${String(change.metric)}`)).toContain("fast:latencyP90Ms");
    const testOf = (targetId: string, metric: string) => output.changes.find((change) => change.targetId === targetId && change.metric === metric)?.test;
    expect([testOf("fast", "latencyP50Ms"), testOf("fast", "latencyP90Ms"), testOf("fast", "errorRate")]).toEqual(["paired", "bootstrap", "proportions"]);
    for (const change of output.changes) {
      expect(Object.keys(change)).toEqual(["targetId", "metric", "a", "b", "change", "test", "ciLow", "ciHigh", "confidence", "pValue", "verdict"]);
    }

    const unpaired = JSON.parse((await runInProcess(["analyze", recordsA, recordsB, "--json", "--unpaired"])).stdout) as AnalyzeJson;
    expect(unpaired.pairs.every((pair) => pair.paired === false && pair.n === 24)).toBe(true);
  });

  it("shows each change as the estimate it judged, its interval and verdict agreeing, and the gate calls an improvement better", async () => {
    // 40 inputs; after the change 30 are 30 ms faster and every fourth 400 ms slower: the median of the per-request
    // differences is −30 ms, the difference of the medians +30 ms, and a rank test sees no shift.
    const before = Array.from({ length: 40 }, (_, index) => 500 + 10 * index);
    const after = before.map((latency, index) => (index % 4 === 3 ? latency + 400 : latency - 30));
    const write = (name: string, latencies: number[]): string => {
      const path = join(workDir, name);
      const records = latencies.map((latencyMs, inputIndex) => requestRecord({ runId: name, targetId: "t", inputIndex, latencyMs, startedAt: 1_700_000_000_000 + inputIndex * 1000 }));
      writeFileSync(path, records.map((record) => JSON.stringify(record)).join("\n") + "\n");
      return path;
    };
    const newPath = write("improved.jsonl", after);
    const oldPath = write("before.jsonl", before);

    const result = await runCli(["analyze", newPath, oldPath, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as { pairs: Record<string, unknown>[]; changes: Record<string, unknown>[] };
    const p50 = output.changes.find((change) => change.metric === "latencyP50Ms")!;
    const pair = output.pairs.find((candidate) => candidate.metric === "latencyMs")!;
    // The change is the paired median, the same figure as the pairs table's, not the difference of the medians.
    expect(p50.change).toBe(-30);
    expect(pair.medianDifference).toBe(-30);
    for (const change of output.changes.filter((candidate) => candidate.test !== null)) {
      const excludesZero = (change.ciLow as number) > 0 || (change.ciHigh as number) < 0;
      expect(change.verdict === "better" || change.verdict === "worse", JSON.stringify(change)).toBe(excludesZero);
      expect(change.change as number).toBeGreaterThanOrEqual(change.ciLow as number);
      expect(change.change as number).toBeLessThanOrEqual(change.ciHigh as number);
    }
    expect(p50.verdict).toBe("better");

    const text = await runCli(["analyze", newPath, oldPath]);
    expect(text.stdout).toMatch(/^t +p50 latency +[\d.,]+ ms +[\d.,]+ ms +−30\.0 ms +\[−30\.0, −30\.0\]/m);

    const gate = await runCli(["analyze", newPath, "--baseline", oldPath, "--max-regression", "latencyMs.p50=10%"]);
    expect(gate.code, gate.stderr).toBe(0);
    expect(gate.stdout).toMatch(/4\.3% better/);
    expect(gate.stdout).not.toMatch(/−[\d.]+% worse/);
  });

  it("refuses a bad records file with exit code 2, naming the line and the field", async () => {
    const lines = readFileSync(recordsA, "utf8").trimEnd().split("\n");
    const broken = JSON.parse(lines[2]!) as Record<string, unknown>;
    broken.latencyMs = "fast";
    const badFile = join(workDir, "bad.jsonl");
    writeFileSync(badFile, [lines[0], lines[1], JSON.stringify(broken), lines[3]].join("\n"));
    const result = await runInProcess(["analyze", badFile]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${badFile}: line 3: latencyMs:`);
    expect(result.stdout).toBe("");

    const notJson = join(workDir, "not-json.jsonl");
    writeFileSync(notJson, `${lines[0]}\n{"runId":\n`);
    const notJsonResult = await runInProcess(["analyze", notJson]);
    expect(notJsonResult.code).toBe(2);
    expect(notJsonResult.stderr).toContain(`${notJson}: line 2: not JSON`);

    const missing = await runInProcess(["analyze", join(workDir, "nowhere.jsonl")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("cannot read");

    const wrongOption = await runInProcess(["analyze", recordsA, "--csv", "out.csv"]);
    expect(wrongOption.code).toBe(2);
    expect(wrongOption.stderr).toContain("--csv is an option of run, not of analyze");
  });

  it("adds cost, SLO attainment and goodput with --scenario; the pass rate comes from the records alone", async () => {
    const bare = JSON.parse((await runInProcess(["analyze", recordsA, "--json"])).stdout) as AnalyzeJson;
    for (const row of bare.summary) {
      expect(row).toMatchObject({ costPer1000RequestsUsd: null, sloAttainment: null, goodput: null });
      expect(typeof row.checksPassRate).toBe("number");
    }
    const result = await runInProcess(["analyze", recordsA, "--json", "--scenario", "scenarios/sandbox-chat-streaming.json"]);
    expect(result.code, result.stderr).toBe(0);
    const priced = JSON.parse(result.stdout) as AnalyzeJson;
    // Prices and the SLO come from the scenario; the pass rate is the same with or without it.
    for (const row of priced.summary) {
      expect(typeof row.costPer1000RequestsUsd).toBe("number");
      expect(typeof row.sloAttainment).toBe("number");
      expect(typeof row.goodput).toBe("number");
      expect(row.checksPassRate).toBe(bare.summary.find((other) => other.targetId === row.targetId)!.checksPassRate);
    }
    const perThousand = Object.fromEntries(priced.summary.map((row) => [row.targetId, row.costPer1000RequestsUsd as number]));
    expect(perThousand.slow!).toBeLessThan(perThousand.fast!);
  });

  it("refuses a --scenario that does not validate, naming the field, with exit code 2", async () => {
    const bad = join(workDir, "bad-scenario.json");
    const bundled = JSON.parse(readFileSync(join(repoRoot, "scenarios/sandbox-chat-streaming.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(bad, JSON.stringify({ ...bundled, slo: { maxLatencyMs: -1 } }));
    const result = await runInProcess(["analyze", recordsA, "--scenario", bad]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("slo.maxLatencyMs: must be more than 0");
    expect((await runInProcess(["run", "scenarios/sandbox-chat.json", "--scenario", bad])).stderr).toContain("--scenario is an option of analyze and trend, not of run");
  });

  it("gives agreement across targets when the bundle's scenario or --scenario names the task, as run --summary does", async () => {
    const records = join(workDir, "labels.jsonl");
    const bundle = join(workDir, "labels.pbrun.json.gz");
    const summaryPath = join(workDir, "labels-summary.json");
    const scenarioPath = "scenarios/sandbox-text-classification.json";
    const run = await runCli(["run", scenarioPath, "--jsonl", records, "--bundle", bundle, "--summary", summaryPath, "--quiet"]);
    expect(run.code, run.stderr).toBe(0);
    const written = JSON.parse(readFileSync(summaryPath, "utf8")) as { targets: Record<string, unknown>[]; agreement: Record<string, unknown>[] };
    expect(written.agreement.map((measure) => measure.id)).toEqual(["agreementTop1"]);
    const top1ByTarget = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((row) => [row.targetId, row.agreementTop1]));
    expect(Object.values(top1ByTarget(written.targets)).every((value) => typeof value === "number")).toBe(true);

    for (const args of [[bundle], [records, "--scenario", scenarioPath]]) {
      const result = await runInProcess(["analyze", ...args, "--json"]);
      expect(result.code, result.stderr).toBe(0);
      const output = JSON.parse(result.stdout) as AnalyzeJson;
      expect(output.agreement, args.join(" ")).toEqual(written.agreement);
      expect(top1ByTarget(output.summary), args.join(" ")).toEqual(top1ByTarget(written.targets));
    }
    // A bare records file does not say its task: no agreement rather than a guess.
    const bare = JSON.parse((await runInProcess(["analyze", records, "--json"])).stdout) as AnalyzeJson;
    expect(bare.agreement).toEqual([]);
    expect(bare.summary.every((row) => row.agreementTop1 === null)).toBe(true);

    const text = await runInProcess(["analyze", bundle]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Top-1 label agreement: Sandbox fast – Sandbox steady \d/);
  });
});
