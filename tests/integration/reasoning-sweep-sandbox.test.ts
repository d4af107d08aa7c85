// The bundled reasoning-effort sweep run by the runner against the sandbox's reasoning profiles (fewer
// repetitions, a faster sandbox): each level a stage; every record asks its stage's level, streams its
// reasoning before its answer, and has the provider's reasoning count; per target the reasoning tokens,
// the pass rate and the cost rise with the effort. Only the seeded sandbox's figures are compared here,
// the same on a loaded machine; the timings' definitions are tested on a clock of the test's own
// (tests/unit/reasoning-stream-timing.test.ts) and the sandbox's schedule as planned (tests/unit/sandbox-reasoning.test.ts).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { parseScenarioText, type Scenario } from "../../src/core/scenario";
import { plannedStages, stageSummariesFor } from "../../src/core/load";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runCliInProcess } from "./cli-in-process";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ timeScale: 0.1 });
});
afterAll(async () => {
  await sandbox.close();
});

async function bundledScenario(): Promise<Scenario> {
  const parsed = parseScenarioText(await readFile(resolve(import.meta.dirname, "../../scenarios/sandbox-reasoning-sweep.json"), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { ...parsed.scenario, run: { ...parsed.scenario.run, repetitions: 2 } };
}

describe("a reasoning-effort sweep against the sandbox", () => {
  it("runs a stage per level, and each target's reasoning, pass rate and cost rise with the effort", async () => {
    const scenario = await bundledScenario();
    expect(plannedStages(scenario).map((stage) => stage.label)).toEqual(["reasoning_effort low", "reasoning_effort medium", "reasoning_effort high"]);
    const records: RequestRecord[] = [];
    const summaries = stageSummariesFor(scenario);
    const result = await runScenario({ runId: "sweep", scenario, sandboxUrl: sandbox.url, onRecord: (record) => void (records.push(record), summaries.add(record)) });
    expect(result.status).toBe("completed");
    expect(records).toHaveLength(3 * 3 * 12);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(new Set(records.map((record) => `${record.stage} ${record.reasoningEffort}`))).toEqual(new Set(["0 low", "1 medium", "2 high"]));
    // The reasoning came first (a few ms of it may share the answer's read), and the provider counted it.
    expect(records.every((record) => record.timeToFirstAnswerTokenMs! >= record.ttftMs! && record.reasoningTokens! > 0 && record.reasoningTokensEstimated === false)).toBe(true);

    // Tokens, cost and pass rate are the seeded sandbox's, the same on every machine.
    for (const target of ["reasoning", "fast", "deep"]) {
      const byLevel = [0, 1, 2].map((stage) => summaries.rows(stage)!.find((row) => row.targetId === target)!);
      const reasoning = byLevel.map((row) => row.reasoningTokens.mean!);
      const cost = byLevel.map((row) => row.costPerRequestUsd!);
      expect(reasoning[0], target).toBeLessThan(reasoning[1]!);
      expect(reasoning[1], target).toBeLessThan(reasoning[2]!);
      expect(cost[0], target).toBeLessThan(cost[2]!);
      // A request right at one effort is right at every higher one (reasoning-answers.ts): the pass rate never falls.
      const passRate = byLevel.map((row) => row.checksPassRate!);
      expect(passRate[1], target).toBeGreaterThanOrEqual(passRate[0]!);
      expect(passRate[2], target).toBeGreaterThanOrEqual(passRate[1]!);
      expect(passRate[2], target).toBeGreaterThan(passRate[0]!);
    }
  });

  it("prints the per-level table from `run --sweep reasoning_effort=…`, keeps it in --summary, and `analyze` reads it back from the bundle", async () => {
    const folder = await mkdtemp(join(tmpdir(), "reasoning-sweep-"));
    try {
      const [bundle, summary] = [join(folder, "run.pbrun.json.gz"), join(folder, "summary.json")];
      const args = ["run", "scenarios/sandbox-reasoning-sweep.json", "--repetitions", "1", "--sweep", "reasoning_effort=low,high", "--quiet", "--bundle", bundle, "--summary", summary];
      const result = await runCliInProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
      expect(result.code, result.stderr).toBe(0);
      const levelRows = (stdout: string): string[] => stdout.split("\n").filter((line) => /^(low|high) +(reasoning|fast|deep) /.test(line)).map((line) => line.split(/ {2,}/).slice(0, 3).join(" "));
      const expected = ["low reasoning 6", "low fast 6", "low deep 6", "high reasoning 6", "high fast 6", "high deep 6"];
      expect(result.stdout).toContain("Per level of reasoning_effort");
      expect(levelRows(result.stdout)).toEqual(expected);
      const written = JSON.parse(await readFile(summary, "utf8")) as { parameterSweep: { parameter: string; levels: { level: string; targets: { targetId: string; reasoningTokensMean: number }[] }[] } };
      expect(written.parameterSweep.parameter).toBe("reasoning_effort");
      expect(written.parameterSweep.levels.map((level) => level.level)).toEqual(["low", "high"]);
      expect(written.parameterSweep.levels[1]!.targets[0]!.reasoningTokensMean).toBeGreaterThan(written.parameterSweep.levels[0]!.targets[0]!.reasoningTokensMean);
      const analyzed = await runCliInProcess(["analyze", bundle]);
      expect(analyzed.code, analyzed.stderr).toBe(0);
      expect(levelRows(analyzed.stdout)).toEqual(expected);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
