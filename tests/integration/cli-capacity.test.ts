// `run --find-capacity` in the test's own process against a sandbox on 127.0.0.1: the flag's SLO over the
// file's search settings, the capacity table on stdout, `capacity` in --summary, and the same answer
// read back from the bundle by `analyze --json` (the levels replayed from its records).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import { EXIT_BAD_INPUT, EXIT_COMPLETED } from "../../src/cli/exit-codes";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

/** The batched profile (2 at once, 100 ms each), searched from 10/s to at most 20/s: two levels of 600 ms. */
const SCENARIO = {
  version: 1,
  name: "capacity",
  task: "chat-completion",
  targets: [{ id: "batched", endpointUrl: "sandbox:/batched/v1", model: "m" }],
  inputs: ["Say one word."],
  parameters: { max_tokens: 4 },
  run: { load: { mode: "open", arrival: "constant", durationMs: 600, findCapacity: { slo: "latencyMs.p50<=10", start: 10, max: 20 } } },
};

let sandbox: Sandbox;
let workDir: string;
let scenarioPath: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-capacity-"));
  scenarioPath = join(workDir, "scenario.json");
  writeFileSync(scenarioPath, JSON.stringify(SCENARIO));
});

afterAll(async () => {
  await sandbox.close();
});

interface CapacityJson {
  target: string;
  over: string;
  capacity: number | null;
  stop: string;
  atCapacity: { objectives: { objective: string; ci95: [number, number] | null; verdict: string }[]; goodput: number | null } | null;
  levels: { level: number; verdict: string }[];
}

describe("run --find-capacity", () => {
  it("prints each target's capacity with its interval, and writes it to --summary and the bundle", async () => {
    const summaryPath = join(workDir, "summary.json");
    const bundlePath = join(workDir, "run.pbrun.json.gz");
    // The flag's SLO replaces the file's (10 ms, which no level meets); the file's start and max stay.
    const result = await runCliInProcess(["run", scenarioPath, "--find-capacity", "latencyMs.p50<=1000", "--quiet", "--summary", summaryPath, "--bundle", bundlePath], {
      PROVIDERBENCH_SANDBOX_URL: sandbox.url,
    });
    expect(result.code, result.stderr).toBe(EXIT_COMPLETED);
    expect(result.stdout).toContain("Capacity under the SLO latencyMs.p50<=1000 (docs/capacity.md):");
    expect(result.stdout).toMatch(/batched\s+rate 20\/s\s+latencyMs\.p50<=1000: [\d,.]+ ms \[[\d,.]+ ms, [\d,.]+ ms\]/);
    expect(result.stdout).toContain("batched: the highest level allowed (max) met the SLO: the capacity is at least that");

    const [summary] = (JSON.parse(readFileSync(summaryPath, "utf8")) as { capacity: CapacityJson[] }).capacity;
    expect([summary!.over, summary!.capacity, summary!.stop, summary!.levels.map((level) => level.level)]).toEqual(["rate", 20, "max-level", [10, 20]]);
    const [judged] = summary!.atCapacity!.objectives;
    expect([judged!.objective, judged!.verdict]).toEqual(["latencyMs.p50<=1000", "meets"]);
    expect(judged!.ci95![1]).toBeLessThanOrEqual(1000);
    // Goodput counts the requests within the 1000 ms the objective names (capacityGoodputSlo).
    expect(summary!.atCapacity!.goodput).toBeGreaterThan(0);

    const analyzed = await runCliInProcess(["analyze", bundlePath, "--json"]);
    expect(analyzed.code, analyzed.stderr).toBe(EXIT_COMPLETED);
    expect((JSON.parse(analyzed.stdout) as { capacity: CapacityJson[] }).capacity).toEqual([summary]);
  });

  it("refuses an SLO it cannot read, naming the part", async () => {
    const result = await runCliInProcess(["run", scenarioPath, "--find-capacity", "ttftMs<=500"], { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stderr).toContain('run.load.findCapacity.slo: "ttftMs<=500": ttftMs needs a percentile');
    const over = await runCliInProcess(["run", scenarioPath, "--capacity-over", "rate"], { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
    expect(over.stderr).toContain("--capacity-over goes with --find-capacity");
  });
});
