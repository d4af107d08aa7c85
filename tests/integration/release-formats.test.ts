// Every file a release wrote still reads: the records JSONL and CSV, the --summary JSON, the bundle and the
// scenario of each released schema (tests/fixtures/formats/, written by the code of that release), read by
// analyze, trend, the regression gate and the dashboard's import.
import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analyze } from "../../src/cli/analyze/analyze";
import { RecordsFileProblem } from "../../src/cli/analyze/load-run";
import { parseCommandLine, type ParsedCommand } from "../../src/cli/args";
import { gateCommand } from "../../src/cli/gate-command";
import { trendCommand } from "../../src/cli/trend-command";
import { parseScenarioText } from "../../src/core/scenario";
import { ProviderBenchDb } from "../../src/store/db";
import { countRecords } from "../../src/store/record-store";
import { importRunFile } from "../../src/store/run-bundle";

const FORMATS = fileURLToPath(new URL("../fixtures/formats/", import.meta.url));

/** What each release's run measured, as its own code summarised it when it wrote the files. */
const RELEASES = [
  {
    name: "first release (72cbab0, 2026-11-23)",
    folder: "2026-11-23-72cbab0",
    runId: "5fdafcc4-e378-4898-bb70-d253a241d902",
    files: ["records.jsonl", "records.csv", "summary.json"],
    targets: { fast: { requests: 12, failed: 0 }, flaky: { requests: 12, failed: 1 } },
  },
  {
    name: "release of 7ef6783 (2026-11-27)",
    folder: "2026-11-27-7ef6783",
    runId: "804be942-1e02-4cdc-b854-b4e036e19122",
    files: ["records.jsonl", "records.csv", "summary.json", "run.pbrun.json.gz"],
    targets: { fast: { requests: 12, failed: 0 }, flaky: { requests: 12, failed: 1 } },
  },
] as const;

const pathOf = (folder: string, file: string): string => `${FORMATS}${folder}/${file}`;

function command(argv: string[]): ParsedCommand {
  const parsed = parseCommandLine(argv, {});
  if (parsed.kind === "error" || parsed.kind === "help") throw new Error(`not a command: ${argv.join(" ")}`);
  return parsed;
}

async function analyzeJson(path: string): Promise<{ summary: { runId: string; targetId: string; requests: number; failedRequests: number }[] }> {
  const parsed = command(["analyze", path, "--json"]);
  if (parsed.kind !== "analyze") throw new Error("expected analyze");
  return JSON.parse(await analyze(parsed.command)) as never;
}

describe.each(RELEASES)("files of the $name", (release) => {
  describe.each(release.files)("%s", (file) => {
    const path = pathOf(release.folder, file);

    it("is read by analyze with every target's requests and failures", async () => {
      const report = await analyzeJson(path);
      expect(new Set(report.summary.map((row) => row.runId))).toEqual(new Set([release.runId]));
      const figures = Object.fromEntries(report.summary.map((row) => [row.targetId, { requests: row.requests, failed: row.failedRequests }]));
      expect(figures).toEqual(release.targets);
    });

    it("is read by trend beside the other release's records", async () => {
      const other = RELEASES.find((candidate) => candidate !== release)!;
      const parsed = command(["trend", path, pathOf(other.folder, "records.jsonl"), "--json"]);
      if (parsed.kind !== "trend") throw new Error("expected trend");
      const trend = JSON.parse(await trendCommand(parsed.command)) as { series: { targetId: string; metric: string; points: { runId: string }[] }[] };
      const latency = trend.series.find((series) => series.targetId === "fast" && series.metric === "latencyMs.p50")!;
      expect(latency.points.map((point) => point.runId).sort()).toEqual([release.runId, other.runId].sort());
    });

    it("is taken by the dashboard's import as the run it holds", async () => {
      const db = new ProviderBenchDb(`formats-${crypto.randomUUID()}`);
      await db.open();
      try {
        const imported = await importRunFile(db, new Blob([readFileSync(path)]), { fileName: file, appVersion: "0.1.0" });
        expect(imported.run.id).toBe(release.runId);
        const figures = Object.fromEntries(imported.rows.map((row) => [row.targetId, { requests: row.requests, failed: row.failedRequests }]));
        expect(figures).toEqual(release.targets);
        const measuredAttempts = file === "summary.json" ? 0 : imported.rows.reduce((total, row) => total + row.requests + row.retries + row.warmupAttempts, 0);
        expect(await countRecords(db, release.runId)).toBe(measuredAttempts);
      } finally {
        await db.delete();
      }
    });
  });

  it("its records gate against the other release's records", async () => {
    const other = RELEASES.find((candidate) => candidate !== release)!;
    const parsed = command(["analyze", pathOf(release.folder, "records.jsonl"), "--baseline", pathOf(other.folder, "records.csv"), "--max-regression", "latencyMs.p50=1000%"]);
    if (parsed.kind !== "analyze" || parsed.command.gate === undefined) throw new Error("expected the gate");
    const result = await gateCommand({ ...parsed.command, gate: parsed.command.gate });
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/fast\s+latencyMs\.p50\s+\d/);
    expect(result.output).toContain("Regression gate passed");
  });

  it("its summary is refused by the gate with the reason, since it holds no request to test", async () => {
    const parsed = command(["analyze", pathOf(release.folder, "records.jsonl"), "--baseline", pathOf(release.folder, "summary.json"), "--max-regression", "latencyMs.p50=10%"]);
    if (parsed.kind !== "analyze" || parsed.command.gate === undefined) throw new Error("expected the gate");
    const refusal = await gateCommand({ ...parsed.command, gate: parsed.command.gate }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RecordsFileProblem);
    expect((refusal as Error).message).toContain("summary.json holds a summary, not requests");
  });

  it("its scenario validates, and names the targets in analyze", async () => {
    const scenarioPath = pathOf(release.folder, "scenario.json");
    const parsedScenario = parseScenarioText(readFileSync(scenarioPath, "utf8"));
    expect(parsedScenario.ok).toBe(true);
    const parsed = command(["analyze", pathOf(release.folder, "records.jsonl"), "--scenario", scenarioPath]);
    if (parsed.kind !== "analyze") throw new Error("expected analyze");
    const text = await analyze(parsed.command);
    expect(text).toMatch(/^Sandbox flaky +12 +[12] /m);
  });
});

describe("the first release's summary", () => {
  let db: ProviderBenchDb;
  beforeEach(async () => {
    db = new ProviderBenchDb(`formats-summary-${crypto.randomUUID()}`);
    await db.open();
  });
  afterEach(async () => {
    await db.delete();
  });

  it("keeps its percentiles and says its counts are attempts", async () => {
    const imported = await importRunFile(db, new Blob([readFileSync(pathOf("2026-11-23-72cbab0", "summary.json"))]), { fileName: "summary.json", appVersion: "0.1.0" });
    const flaky = imported.rows.find((row) => row.targetId === "flaky")!;
    expect(flaky.latencyMs.p50).toBeCloseTo(58.094, 3);
    expect(flaky.failedAttemptsByKind).toEqual({ http_5xx: 1 });
    expect(flaky.ttftMs.p99).not.toBeNull();
    // Not in the first release's summary: not measured, never filled in.
    expect(flaky.timeToSecondTokenMs.p50).toBeNull();
    expect(imported.run.spec.description).toContain("counts are attempts");
  });
});
