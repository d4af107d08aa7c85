// `trend <files…>`, run in the test's process: twelve nightly runs, one target slowed from the eighth, given
// out of order; the series come out by start time and the change point on that target only.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import type { CliResult } from "./cli-process";
import type { Trend } from "../../src/core/change-points";
import { gateRecords } from "../unit/gate-fixtures";

const DAY_MS = 86_400_000;

const runCli = (args: string[]): Promise<CliResult> => runCliInProcess(args);

describe("trend", () => {
  it("orders twelve runs by start time and marks the change at the eighth run on the slowed target only", async () => {
    const workDir = mkdtempSync(join(tmpdir(), "providerbench-trend-"));
    const files = Array.from({ length: 12 }, (_, night) => {
      const fast = gateRecords({ seed: 100 + night, targets: ["fast"], start: 1_700_000_000_000 + night * DAY_MS });
      const slow = gateRecords({ seed: 200 + night, targets: ["slow"], start: 1_700_000_000_000 + night * DAY_MS, scale: night >= 7 ? 1.25 : 1 });
      const path = join(workDir, `night-${night + 1}.jsonl`);
      writeFileSync(path, `${[...fast, ...slow].map((record) => JSON.stringify({ ...record, runId: `night-${night + 1}` })).join("\n")}\n`);
      return path;
    });
    const shuffled = [...files.slice(6), ...files.slice(0, 6)].reverse();
    const result = await runCli(["trend", ...shuffled, "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const trend = JSON.parse(result.stdout) as Trend;
    const latency = trend.series.find((series) => series.targetId === "slow" && series.metric === "latencyMs.p50")!;
    expect(latency.points.map((point) => point.runId)).toEqual(files.map((_, night) => `night-${night + 1}`));
    for (const point of latency.points) {
      expect(Object.keys(point)).toEqual(["runId", "startedAt", "value", "ciLow", "ciHigh"]);
      expect(point.ciLow!).toBeLessThanOrEqual(point.value);
      expect(point.ciHigh!).toBeGreaterThanOrEqual(point.value);
    }
    const slowLatency = trend.changePoints.find((change) => change.targetId === "slow" && change.metric === "latencyMs.p50");
    expect(slowLatency).toMatchObject({ runId: "night-8" });
    expect(slowLatency!.after / slowLatency!.before).toBeGreaterThan(1.15);
    expect(Object.keys(slowLatency!)).toEqual(["targetId", "metric", "runId", "before", "after", "beforeCi", "afterCi", "pValue"]);
    // 7 runs before the change: the order-statistic interval; 5 after: the bootstrap's.
    expect(slowLatency!.beforeCi).toMatchObject({ method: "order statistics" });
    expect(slowLatency!.afterCi).toMatchObject({ method: "bootstrap" });
    expect(slowLatency!.beforeCi!.low).toBeLessThanOrEqual(slowLatency!.before);
    expect(slowLatency!.beforeCi!.high).toBeLessThan(slowLatency!.afterCi!.low);
    expect(trend.changePoints.filter((change) => change.targetId === "fast")).toEqual([]);

    const text = await runCli(["trend", ...files]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/slow latencyMs\.p50: .*\n {2}change from run 8 \(night-8\): median \d+ \[\d+, \d+\] → \d+ \[\d+, \d+\]/);
  });

  it("exits 2 naming the file without records", async () => {
    const workDir = mkdtempSync(join(tmpdir(), "providerbench-trend-"));
    const empty = join(workDir, "empty.jsonl");
    writeFileSync(empty, "");
    const result = await runCli(["trend", empty]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("empty.jsonl");
  });

  it("refuses the same run given twice, naming both files, with exit code 2", async () => {
    const workDir = mkdtempSync(join(tmpdir(), "providerbench-trend-"));
    const records = gateRecords({ seed: 7, targets: ["fast"], start: 1_700_000_000_000 });
    const [first, copy] = ["night.jsonl", "night-copy.jsonl"].map((name) => {
      const path = join(workDir, name);
      writeFileSync(path, `${records.map((record) => JSON.stringify({ ...record, runId: "night-1" })).join("\n")}\n`);
      return path;
    });
    const result = await runCli(["trend", first!, copy!]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${copy}: holds run night-1, as ${first} does: give each run once`);
  });
});
