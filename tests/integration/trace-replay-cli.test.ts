// Trace replay on the command line, in this process, against the sandbox (issue 29, item 2): the bundled
// scenario's sample trace (20 s of its slice, sped up, so the test takes seconds), each target
// offered every request at the trace's scaled time, the summary giving effective latency and goodput per
// target; --trace replacing a scenario's inputs with a file outside its folder; the errors a person meets.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { readTrace } from "../../src/core/workloads";
import type { RequestRecord } from "../../src/core/record";

let sandbox: Sandbox;
let workDir: string;
beforeAll(async () => {
  // Time scaled down: the sandbox's answers in a fiftieth of their time; the trace's own speed-up is the test's.
  sandbox = await startSandbox({ port: 0, timeScale: 0.02 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-trace-"));
});
afterAll(async () => {
  await sandbox.close();
});

const runCli = (args: string[]) => runCliInProcess(["run", ...args, "--sandbox-url", sandbox.url, "--quiet"]);
const readRecords = (path: string): RequestRecord[] => readFileSync(path, "utf8").trim().split("\n").map((line) => JSON.parse(line) as RequestRecord);

describe("run with a trace", () => {
  it("replays the bundled slice to three sandbox targets at the trace's scaled times, with effective latency and goodput per target", async () => {
    const jsonl = join(workDir, "bundled.jsonl");
    const summary = join(workDir, "bundled-summary.json");
    const result = await runCli(["scenarios/sandbox-trace-replay.json", "--speedup", "200", "--to", "80", "--jsonl", jsonl, "--summary", summary]);
    expect(result.stderr).toMatch(/prompts: \d+ from trace assets\/sample-trace\.jsonl \(mooncake, 60 s to 80 s of it at 200×/);
    expect(result.code).toBe(0);

    const records = readRecords(jsonl);
    const expected = readTrace(readFileSync("scenarios/assets/sample-trace.jsonl", "utf8"), { speedup: 200, fromSeconds: 60, toSeconds: 80 });
    if (!expected.ok) throw new Error("the sample trace does not read");
    const times = expected.trace.requests.map((request) => request.atMs);
    const origin = Math.min(...records.map((record) => record.scheduledAt!));
    for (const targetId of ["fast", "steady", "slow"]) {
      const mine = records.filter((record) => record.targetId === targetId && record.attempt === 1);
      expect(mine.map((record) => record.inputIndex).sort((a, b) => a - b)).toEqual(times.map((_, index) => index));
      // Scheduled at the trace's time over 200, to the millisecond a record keeps.
      for (const record of mine) expect(Math.abs(record.scheduledAt! - origin - times[record.inputIndex]!)).toBeLessThanOrEqual(1);
    }
    // Hash ids kept: the slice's requests share leading blocks (its system prompts and conversations).
    const leading = new Set(records.filter((record) => record.targetId === "fast").map((record) => record.traceHashIds?.[0]));
    expect(leading.size).toBeLessThan(times.length);

    const rows = (JSON.parse(readFileSync(summary, "utf8")) as { targets: Record<string, unknown>[] }).targets;
    expect(rows.map((row) => row.targetId)).toEqual(["fast", "steady", "slow"]);
    for (const row of rows) {
      expect(row.effectiveLatencyP50Ms).toEqual(expect.any(Number));
      expect(row.goodput).toEqual(expect.any(Number));
      expect(row.queueP50Ms).toEqual(expect.any(Number));
    }
  });

  it("--trace replaces a scenario's inputs with a file outside its folder, its max_tokens giving way", async () => {
    const trace = join(workDir, "small.csv");
    // BurstGPT's columns; one failed request (0 response tokens) set aside and said so.
    writeFileSync(trace, "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n0,ChatGPT,40,8,48,Conversation log\n1,ChatGPT,30,0,30,Conversation log\n2,GPT-4,25,6,31,API log\n");
    const jsonl = join(workDir, "small.jsonl");
    const result = await runCli(["scenarios/sandbox-chat.json", "--trace", relative(process.cwd(), trace), "--speedup", "100", "--jsonl", jsonl]);
    expect(result.stderr).toContain("(burstgpt, 0 s to the end of it at 100×: sent over 0.0 s; 1 set aside: 0 output tokens");
    expect(result.code).toBe(0);
    const records = readRecords(jsonl).filter((record) => record.targetId === "steady");
    expect(records.map((record) => [record.requestedInputTokens, record.requestedOutputTokens])).toEqual([
      [40, 8],
      [25, 6],
    ]);
  });

  it("names the trace's line and field, and refuses --speedup without a trace", async () => {
    const broken = join(workDir, "broken.jsonl");
    writeFileSync(broken, '{"timestamp": 0, "input_length": 10, "output_length": 2}\n{"timestamp": 5, "output_length": 2}\n');
    const result = await runCli(["scenarios/sandbox-chat.json", "--trace", relative(process.cwd(), broken)]);
    // Bad input, told before anything is sent: exit code 2, the file's line and field.
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--trace: inputs.trace.file: ');
    expect(result.stderr).toContain('broken.jsonl: line 2, field "input_length": required');
    const noTrace = await runCli(["scenarios/sandbox-chat.json", "--speedup", "10"]);
    expect(noTrace.code).toBe(2);
    expect(noTrace.stderr).toContain('--speedup, --from and --to change the scenario\'s trace: its inputs must be { "trace": … }');
  });
});
