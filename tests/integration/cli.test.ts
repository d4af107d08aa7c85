// The command line end to end, as a separate process against the sandbox on an ephemeral port.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import { runCliProcess, type CliProcessOptions, type CliResult } from "./cli-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { RECORD_FIELDS } from "../../src/core/record";

const SENTINEL_TOKEN = "hf_SENTINEL_cli_token_do_not_leak";
const repoRoot = new URL("../../", import.meta.url).pathname;

let sandbox: Sandbox;
let workDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.2 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-cli-"));
});
afterAll(async () => {
  await sandbox.close();
});

function runCli(args: string[], options: CliProcessOptions = {}): Promise<CliResult> {
  return runCliProcess(args, { HF_TOKEN: SENTINEL_TOKEN, PROVIDERBENCH_SANDBOX_URL: sandbox.url }, options);
}

/** A command line that does not parse: in the test's process. */
function runInProcess(args: string[]): Promise<CliResult> {
  return runCliInProcess(args, { HF_TOKEN: SENTINEL_TOKEN, PROVIDERBENCH_SANDBOX_URL: sandbox.url });
}

/**
 * The bundled scenario's prices and checks, recomputed here from its records: each request costs
 * (input tokens × input price + output tokens × output price) / 1e6, and passes when its whole output
 * is bare JSON with a non-empty string `answer` and at most 600 characters.
 */
function expectValueFigures(records: Record<string, unknown>[], summary: { targets: Record<string, unknown>[] }): void {
  const prices: Record<string, [number, number]> = { fast: [0.6, 2.4], steady: [0.2, 0.8], slow: [0.05, 0.2] };
  const passes = (output: string): boolean => {
    try {
      const answer = (JSON.parse(output) as { answer?: unknown }).answer;
      return typeof answer === "string" && answer.length > 0 && [...output].length <= 600;
    } catch {
      return false;
    }
  };
  for (const row of summary.targets) {
    const targetId = row.targetId as string;
    const measured = records.filter((record) => record.targetId === targetId && record.warmup === false);
    const [inputPrice, outputPrice] = prices[targetId]!;
    const costs = measured.map((record) => ((record.inputTokens as number) * inputPrice + (record.outputTokens as number) * outputPrice) / 1e6);
    const meanCost = costs.reduce((sum, cost) => sum + cost, 0) / costs.length;
    expect(row.costPerRequestUsd as number).toBeCloseTo(meanCost, 8);
    expect(row.costPer1000RequestsUsd as number).toBeCloseTo(meanCost * 1000, 6);
    expect(row.runCostUsd as number).toBeCloseTo(meanCost * measured.length, 7);
    for (const record of measured) expect(record.checksPassed, String(record.output)).toBe(passes(record.output as string));
    const passed = measured.filter((record) => passes(record.output as string)).length;
    expect(row.checksPassRate).toBeCloseTo(passed / measured.length, 4);
    expect(typeof row.checksPassRateCi95Low).toBe("number");
    expect(typeof row.sloAttainment).toBe("number");
    expect(typeof row.goodput).toBe("number");
  }
  // slow is priced lowest: its requests cost the least.
  const perThousand = Object.fromEntries(summary.targets.map((row) => [row.targetId, row.costPer1000RequestsUsd as number]));
  expect(perThousand.slow!).toBeLessThan(perThousand.steady!);
  expect(perThousand.steady!).toBeLessThan(perThousand.fast!);
}

describe("providerbench run", () => {
  it("runs the bundled streaming chat scenario and writes JSONL, CSV and summary without the token", async () => {
    const jsonl = join(workDir, "records.jsonl");
    const csv = join(workDir, "records.csv");
    const summary = join(workDir, "summary.json");
    const result = await runCli(["run", "scenarios/sandbox-chat-streaming.json", "--jsonl", jsonl, "--csv", csv, "--summary", summary, "--repetitions", "1"]);
    expect(result.code, result.stderr).toBe(0);
    // 3 targets × 4 inputs × 1 repetition + 1 warm-up per target
    const planned = 3 * 4 + 3;
    const lines = readFileSync(jsonl, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(planned);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(records[0]!)).toEqual([...RECORD_FIELDS]);
    expect(records.every((record) => record.status === "ok" && typeof record.latencyMs === "number" && typeof record.ttftMs === "number")).toBe(true);
    const csvText = readFileSync(csv, "utf8");
    // The same byte-order mark as the browser's CSV downloads.
    expect(csvText.startsWith("\uFEFF")).toBe(true);
    const parsedCsv = Papa.parse<string[]>(csvText.slice(1).trimEnd());
    expect(parsedCsv.data[0]).toEqual([...RECORD_FIELDS]);
    expect(parsedCsv.data).toHaveLength(planned + 1);
    const summaryJson = JSON.parse(readFileSync(summary, "utf8")) as {
      status: string;
      scenario: string;
      targets: { targetId: string; targetLabel: string; requests: number; failedRequests: number }[];
    };
    expect(summaryJson.status).toBe("completed");
    expect(summaryJson.targets.map((row) => [row.targetId, row.targetLabel, row.requests, row.failedRequests])).toEqual([
      ["fast", "Sandbox fast", 4, 0],
      ["steady", "Sandbox steady", 4, 0],
      ["slow", "Sandbox slow", 4, 0],
    ]);
    expectValueFigures(records, JSON.parse(readFileSync(summary, "utf8")) as { targets: Record<string, unknown>[] });
    // The table on stdout has one line per target, by its label.
    expect(result.stdout).toMatch(/^Sandbox fast\s+4\s+0/m);
    expect(result.stdout).toMatch(/^Sandbox slow\s+4\s+0/m);
    for (const text of [result.stdout, result.stderr, readFileSync(jsonl, "utf8"), readFileSync(csv, "utf8"), readFileSync(summary, "utf8")]) {
      expect(text).not.toContain(SENTINEL_TOKEN);
    }
  });

  it("refuses a regex check that needs backtracking, naming its field, before sending anything", async () => {
    const hostile = join(workDir, "hostile-regex.json");
    const bundled = JSON.parse(readFileSync(join(repoRoot, "scenarios/sandbox-chat-streaming.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(hostile, JSON.stringify({ ...bundled, expectations: [{ type: "regex", value: "^(a|aa)+\\1$" }] }));
    const result = await runCli(["run", hostile]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("expectations[0].value: not a pattern ProviderBench can run in linear time");
  });

  it("rejects an invalid scenario with path-named errors and exit code 2, sending nothing", async () => {
    const bad = join(workDir, "bad.json");
    writeFileSync(bad, JSON.stringify({ version: 1, name: "bad", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1" }], inputs: ["x"], run: { concurrency: 0 } }));
    const result = await runCli(["run", bad]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("targets[0].model: required");
    expect(result.stderr).toContain("run.concurrency: must be at least 1");
  });

  it("rejects a bad flag with one short error and a pointer to --help, not the help itself", async () => {
    const result = await runInProcess(["run", "scenarios/sandbox-chat.json", "--concurrency", "zero"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--concurrency must be a whole number");
    expect(result.stderr).toContain("(npm run cli -- run --help lists the options)");
    expect(result.stderr).not.toContain("Usage:");
  });

  it("suggests the option a misspelt one was meant to be, in two lines", async () => {
    const result = await runInProcess(["run", "scenarios/sandbox-chat.json", "--concurency", "4"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown option --concurency of run: did you mean --concurrency?\n(npm run cli -- run --help lists the options)\n");
  });

  it("names a broken scenario's JSON mistake by line and column", async () => {
    const broken = join(workDir, "broken-json.json");
    writeFileSync(broken, '{\n  "version": 1,\n  "name": "broken",\n  "task": "chat-completion",\n  "inputs": ["hi"],\n}\n');
    const result = await runCli(["run", broken]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('not valid JSON: line 6, column 1: a comma before "}": JSON allows no trailing comma');
  });

  it("stops cleanly on Ctrl-C and keeps a valid JSONL of what was measured", async () => {
    const jsonl = join(workDir, "interrupted.jsonl");
    const scenario = join(workDir, "long.json");
    writeFileSync(
      scenario,
      JSON.stringify({
        version: 1,
        name: "long",
        task: "chat-completion",
        targets: [{ id: "steady", endpointUrl: "sandbox:/steady/v1", model: "m" }],
        inputs: ["x"],
        parameters: { max_tokens: 200 },
        run: { repetitions: 500, concurrency: 4, stream: true },
      }),
    );
    let interrupted = false;
    const result = await runCli(["run", scenario, "--jsonl", jsonl], {
      onStderr: (stderr, child) => {
        // The first progress line means the run is under way.
        if (!interrupted && stderr.includes("in flight")) {
          interrupted = true;
          setTimeout(() => child.kill("SIGINT"), 300);
        }
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("interrupted");
    const lines = readFileSync(jsonl, "utf8").trimEnd().split("\n").filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as { status: string; errorKind: string | null });
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThan(500);
    expect(records.filter((record) => record.status === "error").every((record) => record.errorKind === "aborted")).toBe(true);
    expect(result.stdout).toMatch(/^steady\s+\d+/m);
  });

  it("leaves a JSONL that is valid up to its last line when killed outright (SIGKILL)", async () => {
    const jsonl = join(workDir, "killed.jsonl");
    const scenario = join(workDir, "killed.json");
    writeFileSync(
      scenario,
      JSON.stringify({
        version: 1,
        name: "killed",
        task: "chat-completion",
        targets: [{ id: "instant", endpointUrl: "sandbox:/instant/v1", model: "m" }],
        inputs: ["x"],
        run: { repetitions: 1_000_000, concurrency: 8 },
      }),
    );
    let watching = false;
    const result = await runCli(["run", scenario, "--jsonl", jsonl], {
      onStderr: (stderr, child) => {
        if (watching || !stderr.includes("in flight")) return;
        watching = true;
        // Kill once a good number of records is on disk, however fast or slow the machine is.
        const watcher = setInterval(() => {
          if (existsSync(jsonl) && readFileSync(jsonl, "utf8").split("\n").length > 60) {
            clearInterval(watcher);
            child.kill("SIGKILL");
          }
        }, 50);
        child.once("exit", () => clearInterval(watcher));
      },
    });
    expect(result.code).toBeNull();
    const text = readFileSync(jsonl, "utf8");
    const lines = text.split("\n");
    // Only the very last line may be cut short by the kill (or be the empty string after the final newline).
    const complete = lines.slice(0, -1);
    expect(complete.length).toBeGreaterThan(50);
    for (const line of complete) expect(Object.keys(JSON.parse(line) as object)).toEqual([...RECORD_FIELDS]);
  });
});
