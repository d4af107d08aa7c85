// The command line's load flags end to end, as a process against the sandbox on an ephemeral port.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess, type CliResult } from "./cli-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

let sandbox: Sandbox;
let workDir: string;
let scenarioPath: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.2 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-cli-load-"));
  scenarioPath = join(workDir, "scenario.json");
  writeFileSync(
    scenarioPath,
    JSON.stringify({
      version: 1,
      name: "CLI load",
      task: "chat-completion",
      targets: [
        { id: "exact", endpointUrl: "sandbox:/exact/v1", model: "m" },
        { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" },
      ],
      inputs: ["Say something."],
      parameters: { max_tokens: 8 },
      run: { stream: true },
    }),
  );
});
afterAll(async () => {
  await sandbox.close();
});

const runCli = (args: string[]): Promise<CliResult> => runCliProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });

interface SummaryFile {
  targets: Record<string, unknown>[];
  load: { stages: { stage: number; label: string; targets: Record<string, unknown>[] }[]; saturation: Record<string, unknown>; verdicts: Record<string, { verdict: string }> };
}

describe("npm run cli -- run with load flags", () => {
  it("runs an open loop at the rate, with its cap and queue, and reports dropped arrivals and effective latency", async () => {
    const summaryPath = join(workDir, "open.json");
    const jsonlPath = join(workDir, "open.jsonl");
    const result = await runCli(["run", scenarioPath, "--rate", "20", "--arrival", "constant", "--requests", "12", "--max-in-flight", "1", "--max-queue", "2", "--summary", summaryPath, "--jsonl", jsonlPath, "--quiet"]);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(summaryPath, "utf8")) as SummaryFile;
    const exact = summary.targets.find((target) => target.targetId === "exact")!;
    // 300 ms a request, one at a time, 20 arriving a second: most arrivals find the queue full.
    expect(exact.droppedRequests as number).toBeGreaterThan(4);
    expect(exact.effectiveLatencyP50Ms as number).toBeGreaterThan(exact.latencyP50Ms as number);
    expect(summary.load.stages).toHaveLength(1);
    expect(summary.load.stages[0]!.label).toBe("rate 20/s");
    const records = readFileSync(jsonlPath, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { targetId: string; scheduledAt: number; errorKind: string | null });
    const scheduled = records.filter((record) => record.targetId === "exact").map((record) => record.scheduledAt).sort((a, b) => a - b);
    expect(scheduled).toHaveLength(12);
    for (let index = 1; index < scheduled.length; index++) expect(Math.abs(scheduled[index]! - scheduled[index - 1]! - 50)).toBeLessThan(0.01);
    expect(result.stdout).toContain("Saturation and rate limits");
    expect(result.stdout).toContain("Dropped");
  }, 60_000);

  it("runs a concurrency sweep as stages, one summary per stage and target", async () => {
    const summaryPath = join(workDir, "sweep.json");
    const result = await runCli(["run", scenarioPath, "--sweep", "concurrency=1,2", "--requests", "4", "--summary", summaryPath, "--quiet"]);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(summaryPath, "utf8")) as SummaryFile;
    expect(summary.load.stages.map((stage) => [stage.label, stage.targets.map((target) => [target.targetId, target.requests])])).toEqual([
      ["concurrency 1", [["exact", 4], ["fast", 4]]],
      ["concurrency 2", [["exact", 4], ["fast", 4]]],
    ]);
    expect(Object.keys(summary.load.verdicts)).toEqual(["exact", "fast"]);
  }, 60_000);

  it("analyze reads a sweep bundle as a sweep: run's stage table and saturation lines, and pairs within each stage", async () => {
    const bundlePath = join(workDir, "sweep.pbrun.json.gz");
    const ran = await runCli(["run", scenarioPath, "--sweep", "concurrency=1,2,4", "--requests", "6", "--bundle", bundlePath, "--quiet"]);
    expect(ran.code, ran.stderr).toBe(0);
    // From the stage table's header to the last saturation line.
    const loadBlock = (stdout: string): string => /^stage +target[\s\S]*?Saturation and rate limits[^\n]*(\n {2}[^\n]+)+/m.exec(stdout)?.[0] ?? "";
    expect(loadBlock(ran.stdout)).toContain("2 concurrency 4");

    const analyzed = await runCli(["analyze", bundlePath]);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    // The one report `run` printed, from the same records: every stage's row and every target's saturation line.
    expect(loadBlock(analyzed.stdout)).toBe(loadBlock(ran.stdout));
    expect(analyzed.stdout).toContain("at the same stage");

    const json = JSON.parse((await runCli(["analyze", bundlePath, "--json"])).stdout) as {
      pairs: { metric: string; n: number }[];
      load: { stages: { label: string }[]; saturation: Record<string, unknown> };
    };
    expect(json.load.stages.map((stage) => stage.label)).toEqual(["concurrency 1", "concurrency 2", "concurrency 4"]);
    expect(Object.keys(json.load.saturation)).toEqual(["exact", "fast"]);
    // 6 requests at each of 3 levels pair up as 18, not as the 6 (input, repetition) keys the levels share.
    expect(json.pairs.find((pair) => pair.metric === "latencyMs")!.n).toBe(18);
  }, 60_000);

  it("refuses a load setting the scenario format refuses, naming the field, with exit code 2", async () => {
    const result = await runCli(["run", scenarioPath, "--rate", "5", "--max-queue", "3", "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("run.load.maxQueue: a queue needs a cap: set maxInFlight too");
  }, 60_000);
});
