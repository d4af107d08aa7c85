// `analyze <new> --baseline <old> --max-regression …`, run in the test's process, on hand-made records files:
// the exit codes a CI job reads, and the --markdown and --junit files it keeps.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import type { CliResult } from "./cli-process";
import { gateRecords, type RunShape } from "../unit/gate-fixtures";

let workDir: string;

const runCli = (args: string[]): Promise<CliResult> => runCliInProcess(args);

function recordsFile(name: string, shape: RunShape): string {
  const path = join(workDir, name);
  writeFileSync(path, `${gateRecords(shape).map((record) => JSON.stringify(record)).join("\n")}\n`);
  return path;
}

const ALLOWANCES = "latencyMs.p90=10%,ttftMs.p50=10%,failureRate=1pt";

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "providerbench-gate-"));
});

describe("analyze --baseline --max-regression", () => {
  it("exits 3 on a 25% regression and writes the Markdown table and the JUnit file", async () => {
    const baseline = recordsFile("old.jsonl", { seed: 1, targets: ["fast", "slow"] });
    const current = recordsFile("new.jsonl", { seed: 2, targets: ["fast", "slow"], scale: 1.25 });
    const markdown = join(workDir, "gate.md");
    const junit = join(workDir, "gate.xml");
    const result = await runCli(["analyze", current, "--baseline", baseline, "--max-regression", ALLOWANCES, "--markdown", markdown, "--junit", junit]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(3);
    expect(result.stdout).toContain("Regression gate FAILED");
    expect(readFileSync(markdown, "utf8")).toMatch(/\| fast \| (latencyMs\.p90|ttftMs\.p50) \|.*\| regressed \|/);
    expect(readFileSync(junit, "utf8").match(/<testcase /g)).toHaveLength(6);
  });

  it("exits 0 when the new run is the same as the baseline", async () => {
    const baseline = recordsFile("same-old.jsonl", { seed: 11 });
    const current = recordsFile("same-new.jsonl", { seed: 12 });
    const result = await runCli(["analyze", current, "--baseline", baseline, "--max-regression", ALLOWANCES]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Regression gate passed");
  });

  it("exits 2 naming the line and the field of a bad records file", async () => {
    const baseline = recordsFile("good.jsonl", { seed: 1 });
    const lines = readFileSync(baseline, "utf8").trimEnd().split("\n");
    const broken = { ...JSON.parse(lines[2]!), latencyMs: "slow" };
    const bad = join(workDir, "bad.jsonl");
    writeFileSync(bad, [lines[0], lines[1], JSON.stringify(broken), lines[3]].join("\n"));
    const result = await runCli(["analyze", bad, "--baseline", baseline, "--max-regression", ALLOWANCES]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("line 3");
    expect(result.stderr).toContain("latencyMs");
  });

  it("exits 2 naming the item of a bad --max-regression", async () => {
    const baseline = recordsFile("good2.jsonl", { seed: 1 });
    const result = await runCli(["analyze", baseline, "--baseline", baseline, "--max-regression", "latencyMs.p90=10%,throughput=5%"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"throughput" is not a gated metric');
  });

  it("exits 4, not 3, when a report cannot be written (a full disk), and 2 when its folder does not exist", async () => {
    const baseline = recordsFile("full-old.jsonl", { seed: 1 });
    const current = recordsFile("full-new.jsonl", { seed: 2, scale: 1.25 });
    const full = await runCli(["analyze", current, "--baseline", baseline, "--max-regression", ALLOWANCES, "--junit", "/dev/full"]);
    expect(full.code).toBe(4);
    expect(full.stderr).toContain("cannot write --junit /dev/full");
    const missing = await runCli(["analyze", current, "--baseline", baseline, "--max-regression", ALLOWANCES, "--markdown", join(workDir, "no-such-folder", "gate.md")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--markdown");
  });
});
