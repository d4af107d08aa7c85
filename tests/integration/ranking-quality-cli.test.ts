// The bundled reranking scenario through the command line, in the test's process (issue 33, item 3): its
// inputs' relevance labels give every record its NDCG@10 and every target's row the mean, in the table,
// the records and the --summary file; the same scenario without labels shows no such column.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runCliInProcess } from "./cli-in-process";

let sandbox: Sandbox;
let workDir: string;

beforeAll(async () => {
  // Time scaled down: this is about what is printed and kept, not timing.
  sandbox = await startSandbox({ port: 0, timeScale: 0.02 });
  workDir = mkdtempSync(join(tmpdir(), "pb-ranking-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe("a reranking run with relevance labels on the command line", () => {
  it("prints NDCG@10 against the labels per target, keeps it per record and in --summary; without labels no column", async () => {
    const env = { PROVIDERBENCH_SANDBOX_URL: sandbox.url };
    const records = join(workDir, "ranking.jsonl");
    const summaryPath = join(workDir, "summary.json");
    const run = await runCliInProcess(["run", "scenarios/sandbox-text-ranking-apis.json", "--jsonl", records, "--summary", summaryPath, "--quiet"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("NDCG@10 labels");

    const lines = readFileSync(records, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { warmup: boolean; relevanceNdcg?: number | null });
    const measured = lines.filter((line) => !line.warmup);
    expect(measured).toHaveLength(3 * 4 * 3);
    for (const line of measured) expect(line.relevanceNdcg).toBeTypeOf("number");

    const rows = (JSON.parse(readFileSync(summaryPath, "utf8")) as { targets: Record<string, unknown>[] }).targets;
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.relevanceNdcgMean).toBeGreaterThan(0.7);
      expect(row.relevanceNdcgMean).toBeLessThan(0.9);
      expect(row.relevanceNdcgAnswers).toBe(12);
      expect(row.relevanceNdcgMeanCi95Low).toBeLessThan(row.relevanceNdcgMean as number);
    }

    const bundled = JSON.parse(readFileSync("scenarios/sandbox-text-ranking-apis.json", "utf8")) as { inputs: Record<string, unknown>[]; run: Record<string, unknown> };
    const unlabelled = join(workDir, "unlabelled.json");
    writeFileSync(unlabelled, JSON.stringify({ ...bundled, inputs: bundled.inputs.map(({ relevance: _labels, ...input }) => input), run: { ...bundled.run, repetitions: 1 } }));
    const plain = await runCliInProcess(["run", unlabelled, "--quiet"], env);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).not.toContain("NDCG@10 labels");
  });
});
