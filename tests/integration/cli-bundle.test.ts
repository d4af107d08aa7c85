// `run --bundle` writes the run as one .pbrun.json.gz, and `analyze` reads it (and other tools' exports)
// like a records file: the same summary as the run printed, target labels and prices from the bundle's
// own scenario, the origin given with --origin; broken files refused by line and field.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import { runCliProcess, type CliResult } from "./cli-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

const repoRoot = new URL("../..", import.meta.url).pathname;
let sandbox: Sandbox;
let workDir: string;
let bundlePath: string;
let jsonlPath: string;
let summaryPath: string;

const runCli = (args: string[]): Promise<CliResult> => runCliProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
/** analyze, and a command line that does not parse: in the test's process. */
const runInProcess = (args: string[]): Promise<CliResult> => runCliInProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });

interface AnalyzeJson {
  summary: Record<string, unknown>[];
  pairs: Record<string, unknown>[];
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.1 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-bundle-"));
  bundlePath = join(workDir, "run.pbrun.json.gz");
  jsonlPath = join(workDir, "run.jsonl");
  summaryPath = join(workDir, "summary.json");
  const result = await runCli(["run", "scenarios/sandbox-chat-streaming.json", "--bundle", bundlePath, "--origin", "eu-west-1", "--jsonl", jsonlPath, "--summary", summaryPath, "--repetitions", "2", "--quiet"]);
  expect(result.code, result.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await sandbox.close();
});

describe("run --bundle", () => {
  it("writes one gzip JSON document: the scenario, every record of the run, versions and origin", () => {
    const bundle = JSON.parse(gunzipSync(readFileSync(bundlePath)).toString("utf8")) as {
      format: string;
      run: { id: string; scenario: { name: string }; planned: number; libraryVersions: Record<string, string>; origin: Record<string, unknown> };
      records: { runId: string }[];
      tail: { status: string; recordCount: number };
    };
    const jsonlLines = readFileSync(jsonlPath, "utf8").trimEnd().split("\n");
    expect(bundle.format).toBe("providerbench-run-bundle");
    expect(bundle.run.scenario.name).toBe("Sandbox: streaming chat across three providers");
    expect(bundle.records).toHaveLength(jsonlLines.length);
    expect(bundle.tail).toMatchObject({ status: "completed", recordCount: jsonlLines.length });
    // 3 targets × 4 inputs × 2 repetitions, plus one warm-up per target.
    expect(bundle.run.planned).toBe(27);
    expect(bundle.run.libraryVersions["@huggingface/inference"]).toMatch(/^\d+\.\d+\.\d+/);
    expect(bundle.run.origin).toMatchObject({ label: "eu-west-1", tool: "providerbench-cli", userAgent: `Node ${process.version} (${process.platform} ${process.arch})` });
    expect(new Set(bundle.records.map((record) => record.runId))).toEqual(new Set([bundle.run.id]));
  });

  it("analyzes to the summary the run wrote, prices and labels from the bundle's scenario", async () => {
    const result = await runInProcess(["analyze", bundlePath, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const fromBundle = JSON.parse(result.stdout) as AnalyzeJson;
    const written = JSON.parse(readFileSync(summaryPath, "utf8")) as { targets: Record<string, unknown>[]; validity: unknown };
    expect(fromBundle.summary).toEqual(written.targets);
    // The bundle's tail carries the run's certificate, as --summary does; a records file has none.
    const { validity, ...figures } = fromBundle as AnalyzeJson & { validity?: unknown };
    expect(validity).toEqual(written.validity);
    expect(fromBundle.summary.map((row) => row.targetLabel)).toEqual(["Sandbox fast", "Sandbox steady", "Sandbox slow"]);
    expect(fromBundle.summary[0]!.costPer1000RequestsUsd).not.toBeNull();
    // The records file says the same, once it is told the scenario.
    const fromJsonl = JSON.parse((await runInProcess(["analyze", jsonlPath, "--json", "--scenario", "scenarios/sandbox-chat-streaming.json"])).stdout) as AnalyzeJson;
    expect(figures).toEqual(fromJsonl);
    const text = await runInProcess(["analyze", bundlePath]);
    expect(text.stdout).toContain(`(run ${(JSON.parse(gunzipSync(readFileSync(bundlePath)).toString("utf8")) as { run: { id: string } }).run.id}, from eu-west-1)`);
  });

  it("refuses --origin without --bundle, and an empty one", async () => {
    expect((await runInProcess(["run", "scenarios/sandbox-chat.json", "--origin", "x"])).stderr).toContain("--origin is recorded in the bundle: give --bundle <file> too");
    expect((await runInProcess(["run", "scenarios/sandbox-chat.json", "--bundle", join(workDir, "x.pbrun.json.gz"), "--origin", " "])).stderr).toContain("--origin needs a label");
  });

  it("refuses a broken bundle naming the line and the field", async () => {
    const lines = gunzipSync(readFileSync(bundlePath)).toString("utf8").split("\n");
    const brokenLines = [...lines];
    brokenLines[3] = lines[3]!.replace(/"latencyMs":[\d.]+/, '"latencyMs":"fast"');
    const broken = join(workDir, "broken.pbrun.json.gz");
    writeFileSync(broken, gzipSync(brokenLines.join("\n")));
    const result = await runInProcess(["analyze", broken]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${broken}: line 4: latencyMs:`);
    const cut = join(workDir, "cut.pbrun.json.gz");
    writeFileSync(cut, gzipSync(lines.slice(0, 6).join("\n")));
    expect((await runInProcess(["analyze", cut])).stderr).toContain("line 6: the file ends without its tail line");
  });
});

describe("analyze on other tools' files", () => {
  const fixture = (name: string): string => join(repoRoot, "tests/fixtures/imports", name);

  it("reads a vllm bench serve result, its format told from the content", async () => {
    const result = await runInProcess(["analyze", fixture("vllm-bench-serve-detailed.json"), "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as AnalyzeJson;
    expect(output.summary).toHaveLength(1);
    expect(output.summary[0]).toMatchObject({ targetId: "meta-llama_Llama-3.1-8B-Instruct", targetLabel: "meta-llama/Llama-3.1-8B-Instruct", requests: 6, failedRequests: 1 });
  });

  it("reads AIPerf's and GuideLLM's files", async () => {
    const aiperf = JSON.parse((await runInProcess(["analyze", fixture("aiperf-profile_export.jsonl"), "--json"])).stdout) as AnalyzeJson;
    // Four lines, one of them cancelled: aborted requests are counted apart (docs/metrics.md).
    expect(aiperf.summary[0]).toMatchObject({ targetId: "aiperf", requests: 3, failedRequests: 0 });
    const guidellm = await runInProcess(["analyze", fixture("guidellm-benchmarks.json")]);
    expect(guidellm.code, guidellm.stderr).toBe(0);
    expect(guidellm.stdout).toContain("from GuideLLM");
  });

  it("refuses a file of no known format by its line", async () => {
    const unknown = join(workDir, "unknown.json");
    writeFileSync(unknown, '{"results": []}\n');
    const result = await runInProcess(["analyze", unknown]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${unknown}: line 1: not a format ProviderBench reads (its keys: results)`);
  });
});
