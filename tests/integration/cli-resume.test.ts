// `run --resume`: a run cut short is finished by sending only its missing requests, counted at the
// sandbox (on an ephemeral port), appended to the same records file, and summarised as one run.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { runCliInProcess } from "./cli-in-process";
import { runCliProcess, type CliResult } from "./cli-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";


let sandbox: Sandbox;
let workDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-resume-"));
});
afterAll(async () => {
  await sandbox.close();
});

const runCli = (args: string[]): Promise<CliResult> => runCliProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
/** analyze, and a command line that does not parse: in the test's process. */
const runInProcess = (args: string[]): Promise<CliResult> => runCliInProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });

// Two targets on two profiles, so each target's requests are counted apart: 3 inputs × 2 repetitions + 1 warm-up each.
const scenario = {
  version: 1,
  name: "resume",
  task: "chat-completion",
  targets: [
    { id: "one", endpointUrl: "sandbox:/instant/v1", model: "m" },
    { id: "two", endpointUrl: "sandbox:/exact/v1", model: "m" },
  ],
  inputs: ["a", "b", "c"],
  parameters: { max_tokens: 4 },
  run: { repetitions: 2, warmup: 1, concurrency: 4 },
};

type Line = Record<string, unknown>;
const keyOf = (line: Line): string => `${String(line.warmup)}/${String(line.targetId)}/${String(line.inputIndex)}/${String(line.repetition)}`;
const readLines = (path: string): Line[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Line);

describe("run --resume", () => {
  it("sends exactly the missing requests, appends them to the file and summarises the whole run", async () => {
    const scenarioPath = join(workDir, "scenario.json");
    writeFileSync(scenarioPath, JSON.stringify(scenario));
    const fullPath = join(workDir, "full.jsonl");
    const full = await runCli(["run", scenarioPath, "--jsonl", fullPath, "--quiet"]);
    expect(full.code, full.stderr).toBe(0);
    const all = readLines(fullPath);
    expect(all).toHaveLength(14);

    // A run cut short: the first warm-up, four measured requests, and one request in flight when it was stopped.
    const kept = [all.find((line) => line.warmup === true)!, ...all.filter((line) => line.warmup === false).slice(0, 4)];
    const inFlight = { ...all.filter((line) => line.warmup === false)[4]!, status: "error", errorKind: "aborted", output: null, errorMessage: "aborted by the user" };
    const cutPath = join(workDir, "cut.jsonl");
    writeFileSync(cutPath, [...kept, inFlight].map((line) => `${JSON.stringify(line)}\n`).join(""));
    const missing = all.filter((line) => !kept.some((done) => keyOf(done) === keyOf(line)));
    expect(missing).toHaveLength(9);

    const before = { one: sandbox.inferenceRequests("instant"), two: sandbox.inferenceRequests("exact") };
    const summaryPath = join(workDir, "summary.json");
    const resumed = await runCli(["run", scenarioPath, "--resume", cutPath, "--summary", summaryPath, "--quiet"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const sent = { one: sandbox.inferenceRequests("instant") - before.one, two: sandbox.inferenceRequests("exact") - before.two };
    expect(sent).toEqual({
      one: missing.filter((line) => line.targetId === "one").length,
      two: missing.filter((line) => line.targetId === "two").length,
    });

    const after = readLines(cutPath);
    // The file's lines stay as they were; the resumed records follow, under the same run id.
    expect(after.slice(0, kept.length + 1)).toEqual([...kept, inFlight]);
    const appended = after.slice(kept.length + 1);
    expect(appended.map(keyOf).sort()).toEqual(missing.map(keyOf).sort());
    expect(new Set(after.map((line) => line.runId))).toEqual(new Set([all[0]!.runId]));

    // One run: every measured request once, the aborted one superseded by its resumed record.
    const summary = JSON.parse(readFileSync(summaryPath, "utf8")) as { runId: string; targets: Line[] };
    expect(summary.runId).toBe(all[0]!.runId);
    for (const row of summary.targets) {
      expect(row.requests).toBe(6);
      expect(row.abortedRequests ?? 0).toBe(0);
    }
    // analyze reads the file back with the same rule: the aborted line its resume superseded counts no more.
    const analyzed = await runInProcess(["analyze", cutPath, "--json"]);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    const counts = (rows: Line[]) => rows.map((row) => [row.targetId, row.requests, row.failedRequests, row.abortedRequests ?? 0, row.failedAttempts]);
    expect(counts((JSON.parse(analyzed.stdout) as { summary: Line[] }).summary)).toEqual(counts(summary.targets));
  });

  it("counts a request whose retry was cut short after a 429 as failed, and does not send it again", async () => {
    const retrying = { ...scenario, run: { ...scenario.run, retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 } } };
    const scenarioPath = join(workDir, "retrying-scenario.json");
    writeFileSync(scenarioPath, JSON.stringify(retrying));
    const fullPath = join(workDir, "retrying-full.jsonl");
    const full = await runCli(["run", scenarioPath, "--jsonl", fullPath, "--quiet"]);
    expect(full.code, full.stderr).toBe(0);
    const all = readLines(fullPath);
    // One request answered 429, and its retry was in flight when Ctrl-C stopped the run; the rest were done.
    const cutRequest = all.find((line) => line.warmup === false && line.targetId === "one")!;
    const refused = { ...cutRequest, attempt: 1, status: "error", errorKind: "rate_limited", httpStatus: 429, output: null, errorMessage: "HTTP 429" };
    const retryCut = { ...cutRequest, attempt: 2, status: "error", errorKind: "aborted", httpStatus: null, output: null, errorMessage: "aborted by the user" };
    const cutPath = join(workDir, "retry-cut.jsonl");
    const lines = [...all.filter((line) => line !== cutRequest), refused, retryCut];
    writeFileSync(cutPath, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));

    const before = { one: sandbox.inferenceRequests("instant"), two: sandbox.inferenceRequests("exact") };
    const summaryPath = join(workDir, "retry-cut-summary.json");
    const resumed = await runCli(["run", scenarioPath, "--resume", cutPath, "--summary", summaryPath, "--quiet"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect({ one: sandbox.inferenceRequests("instant") - before.one, two: sandbox.inferenceRequests("exact") - before.two }).toEqual({ one: 0, two: 0 });

    const summary = JSON.parse(readFileSync(summaryPath, "utf8")) as { status: string; targets: Line[] };
    expect(summary.status).toBe("completed");
    const one = summary.targets.find((row) => row.targetId === "one")!;
    expect({ requests: one.requests, failed: one.failedRequests, aborted: one.abortedRequests ?? 0 }).toEqual({ requests: 6, failed: 1, aborted: 0 });
    const analyzed = await runInProcess(["analyze", cutPath, "--json"]);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    const analyzedOne = (JSON.parse(analyzed.stdout) as { summary: Line[] }).summary.find((row) => row.targetId === "one")!;
    expect({ requests: analyzedOne.requests, failed: analyzedOne.failedRequests, aborted: analyzedOne.abortedRequests ?? 0 }).toEqual({ requests: 6, failed: 1, aborted: 0 });
  });

  it("refuses a records file that is not the scenario's, naming the line and the field", async () => {
    const scenarioPath = join(workDir, "other-scenario.json");
    writeFileSync(scenarioPath, JSON.stringify({ ...scenario, inputs: ["a"] }));
    const path = join(workDir, "other.jsonl");
    writeFileSync(path, `${JSON.stringify({ ...readLines(join(workDir, "full.jsonl")).find((line) => line.inputIndex === 2) })}\n`);
    const result = await runCli(["run", scenarioPath, "--resume", path, "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/line 1: inputIndex: 2 is past the scenario's 1 inputs/);
  });

  it("refuses a second resume of a file another resume is writing, naming the file, and sends nothing", async () => {
    const scenarioPath = join(workDir, "lock-scenario.json");
    const lockScenario = { ...scenario, targets: [{ id: "one", endpointUrl: "sandbox:/instant/v1", model: "m" }], inputs: ["a", "b"], run: { repetitions: 1, warmup: 0, concurrency: 1 } };
    writeFileSync(scenarioPath, JSON.stringify(lockScenario));
    const fullPath = join(workDir, "lock-full.jsonl");
    expect((await runCli(["run", scenarioPath, "--jsonl", fullPath, "--quiet"])).code).toBe(0);
    const cutPath = join(workDir, "lock-cut.jsonl");
    writeFileSync(cutPath, `${JSON.stringify(readLines(fullPath)[0])}\n`);
    // The same targets on a profile that never answers: the first resume holds its one missing request open.
    const hangingPath = join(workDir, "lock-hanging.json");
    writeFileSync(hangingPath, JSON.stringify({ ...lockScenario, targets: [{ id: "one", endpointUrl: "sandbox:/hang/v1", model: "m" }], run: { ...lockScenario.run, timeoutMs: 120_000 } }));
    let firstChild: ChildProcess | null = null;
    let firstEnded = false;
    const firstResult = runCliProcess(["run", hangingPath, "--resume", cutPath, "--quiet"], { PROVIDERBENCH_SANDBOX_URL: sandbox.url }, {
      onStderr: (_stderr, child) => {
        firstChild = child;
      },
    }).finally(() => (firstEnded = true));
    // The first resume took the lock before it read the file; wait until its request is at the sandbox.
    while (sandbox.inferenceRequests("hang") === 0 && !firstEnded) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(sandbox.inferenceRequests("hang")).toBe(1);
    const second = await runCli(["run", hangingPath, "--resume", cutPath, "--quiet"]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`--resume ${cutPath}: another run is writing this records file`);
    (firstChild as ChildProcess | null)?.kill("SIGINT");
    const first = await firstResult;
    expect(first.code).toBe(130);
    // Only the first resume sent its missing request; the second read nothing and appended nothing.
    expect(sandbox.inferenceRequests("hang")).toBe(1);
    expect(readLines(cutPath).map((line) => [line.inputIndex, line.errorKind])).toEqual([
      [0, null],
      [1, "aborted"],
    ]);
  });

  it("cuts away a torn last line (a full disk) with a note, resumes, and leaves whole lines", async () => {
    const scenarioPath = join(workDir, "torn-scenario.json");
    writeFileSync(scenarioPath, JSON.stringify(scenario));
    const all = readLines(join(workDir, "full.jsonl"));
    const kept = all.slice(0, 3);
    const tornPath = join(workDir, "torn.jsonl");
    const torn = JSON.stringify(all[3]);
    writeFileSync(tornPath, `${kept.map((line) => `${JSON.stringify(line)}\n`).join("")}${torn.slice(0, torn.length / 2)}`);
    const resumed = await runCli(["run", scenarioPath, "--resume", tornPath, "--quiet"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`note: ${tornPath}: line 4 was cut short`);
    const after = readLines(tornPath);
    expect(after.slice(0, 3)).toEqual(kept);
    expect(after).toHaveLength(all.length);
    expect(new Set(after.map(keyOf)).size).toBe(all.length);
  });

  it("refuses --jsonl beside --resume", async () => {
    const result = await runInProcess(["run", "scenario.json", "--resume", "a.jsonl", "--jsonl", "b.jsonl"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--jsonl does not go with --resume/);
  });
});
