// --workers: the same run sent from worker threads, as a process against a real loopback server (undici's
// requests are not intercepted by msw) that counts the requests it holds at once.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess, type CliResult } from "./cli-process";
import type { RequestRecord } from "../../src/core/record";

// Long enough that each worker's share (20 rounds of three) outlasts a thread started late on a busy
// machine, so the two shares overlap in time and the merge has something to interleave.
const HOLD_MS = 25;
let server: Server;
let baseUrl: string;
let inFlight = 0;
let peakInFlight = 0;
let workDir: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    request.resume();
    request.on("end", () => {
      setTimeout(() => {
        inFlight--;
        const body = JSON.stringify({ id: "x", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });
        response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
      }, HOLD_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  workDir = mkdtempSync(join(tmpdir(), "providerbench-cli-workers-"));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function writeScenario(name: string, run: Record<string, unknown>): string {
  const path = join(workDir, `${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      version: 1,
      name,
      task: "chat-completion",
      targets: [
        { id: "a", endpointUrl: `${baseUrl}/a/v1`, model: "m" },
        { id: "b", endpointUrl: `${baseUrl}/b/v1`, model: "m" },
      ],
      inputs: ["one", "two", "three"],
      parameters: { max_tokens: 4 },
      run: { timeoutMs: 20_000, ...run },
    }),
  );
  return path;
}

function runCli(args: string[]): Promise<CliResult> {
  return runCliProcess([...args, "--quiet", "--force"]);
}

function readRecords(path: string): RequestRecord[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RequestRecord);
}

const identity = (record: RequestRecord): string => `${record.targetId}/${record.inputIndex}/${record.repetition}/${record.warmup}`;

describe("npm run cli -- run --workers", () => {
  it("sends the same requests as one thread, never more in flight than the concurrency, records merged in time order", async () => {
    const scenario = writeScenario("closed", { repetitions: 20, warmup: 2, concurrency: 6, perTargetConcurrency: 3 });
    const one = join(workDir, "one.jsonl");
    const two = join(workDir, "two.jsonl");
    expect((await runCli(["run", scenario, "--jsonl", one])).code).toBe(0);
    peakInFlight = 0;
    const result = await runCli(["run", scenario, "--jsonl", two, "--workers", "2"]);
    expect(result.code, result.stderr).toBe(0);
    expect(peakInFlight).toBeGreaterThan(1);
    expect(peakInFlight).toBeLessThanOrEqual(6);
    const single = readRecords(one);
    const shared = readRecords(two);
    expect(shared).toHaveLength(single.length);
    expect(shared).toHaveLength(2 * 3 * 20 + 2 * 2);
    expect(shared.map(identity).sort()).toEqual(single.map(identity).sort());
    expect(shared.every((record) => record.status === "ok")).toBe(true);
    // Merged from both workers into one stream (the merge's order: tests/unit/record-merge.test.ts), not
    // one worker's records after the other's: the file goes from one worker's share to the other's and back.
    // (Not "both in the first half": beside two busy loops one worker's thread once started so late that
    // the first half was all the other's, merged in time order all the same.)
    const shareOf = (record: RequestRecord): number => (record.repetition * 3 + record.inputIndex) % 2;
    const shares = shared.filter((record) => !record.warmup).map(shareOf);
    const switches = shares.filter((share, index) => index > 0 && share !== shares[index - 1]).length;
    expect(switches, shares.join("")).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("paces an open loop's arrivals from one start on a clock both workers share", async () => {
    const scenario = writeScenario("open", { load: { mode: "open", rate: 100, arrival: "constant", requests: 30 } });
    const path = join(workDir, "open.jsonl");
    const result = await runCli(["run", scenario, "--jsonl", path, "--workers", "2"]);
    expect(result.code, result.stderr).toBe(0);
    const records = readRecords(path);
    expect(records).toHaveLength(60);
    for (const targetId of ["a", "b"]) {
      // Half of each target's arrivals were sent by each worker; their scheduled times still fall 10 ms apart.
      const scheduled = records.filter((record) => record.targetId === targetId).map((record) => record.scheduledAt!).sort((x, y) => x - y);
      expect(scheduled).toHaveLength(30);
      for (let index = 1; index < scheduled.length; index++) expect(scheduled[index]! - scheduled[index - 1]!).toBeCloseTo(10, 2);
    }
  }, 60_000);

  it("refuses more workers than the concurrency can be shared between", async () => {
    const scenario = writeScenario("narrow", { repetitions: 1, concurrency: 4, perTargetConcurrency: 1 });
    const result = await runCli(["run", scenario, "--workers", "2"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("run.perTargetConcurrency is 1");
  }, 120_000);
});
