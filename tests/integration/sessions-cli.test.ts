// A run of sessions through the command line, in the test's process (issue 29, item 3): the summary table's
// session columns, the "By turn" lines, the --summary file's figures by turn, and `analyze` of the records
// file printing the same lines.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import type { SessionSummary } from "../../src/core/stats";
import { runCliInProcess } from "./cli-in-process";

let sandbox: Sandbox;
let workDir: string;

beforeAll(async () => {
  // Time scaled down: this is about what is printed and kept, not timing.
  sandbox = await startSandbox({ port: 0, timeScale: 0.02 });
  workDir = mkdtempSync(join(tmpdir(), "pb-sessions-"));
});
afterAll(async () => {
  await sandbox.close();
});

describe("a run of sessions on the command line", () => {
  it("prints the session columns and the lines by turn, keeps them in --summary, and analyze prints them again", async () => {
    const bundled = JSON.parse(readFileSync("scenarios/sandbox-multi-turn.json", "utf8")) as { inputs: { sessions: Record<string, unknown> }; targets: unknown[] };
    const scenarioPath = join(workDir, "sessions.json");
    writeFileSync(scenarioPath, JSON.stringify({ ...bundled, targets: bundled.targets.slice(0, 2), inputs: { sessions: { ...bundled.inputs.sessions, count: 2, thinkTimeMs: 0 } }, run: { concurrency: 4, perTargetConcurrency: 2, stream: true } }));
    const records = join(workDir, "sessions.jsonl");
    const summaryPath = join(workDir, "summary.json");
    const env = { PROVIDERBENCH_SANDBOX_URL: sandbox.url };
    const run = await runCliInProcess(["run", scenarioPath, "--jsonl", records, "--summary", summaryPath, "--quiet"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/TTFT t1 ms\s+TTFT t2\+ ms\s+Session ms\s+Unfinished/);
    const byTurn = run.stdout.slice(run.stdout.indexOf("By turn"));
    // Two targets × five turns, each turn answered twice (two sessions).
    expect(byTurn.split("\n").filter((line) => /^Sandbox (prefix-cache|steady)\s+[1-5]\s+2\s/.test(line))).toHaveLength(10);

    const summary = JSON.parse(readFileSync(summaryPath, "utf8")) as { sessions: Record<string, SessionSummary> };
    expect(Object.keys(summary.sessions)).toEqual(["cached", "steady"]);
    for (const sessions of Object.values(summary.sessions)) {
      expect(sessions).toMatchObject({ sessions: 2, finished: 2, unfinished: 0 });
      expect(sessions.turns.map((turn) => turn.turn)).toEqual([1, 2, 3, 4, 5]);
      // The conversation grows: each turn sends more input than the one before.
      const inputs = sessions.turns.map((turn) => turn.inputTokensMean!);
      for (let turn = 1; turn < inputs.length; turn++) expect(inputs[turn]!).toBeGreaterThan(inputs[turn - 1]!);
    }

    const analyzed = await runCliInProcess(["analyze", records, "--scenario", scenarioPath], env);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    expect(analyzed.stdout).toContain("By turn (each turn sends the conversation before it):");
  });
});
