// `run`'s certificate in the test's own process (the CLI's main, not a spawned command), against a sandbox
// on 127.0.0.1: a run whose event loop is blocked on purpose while it sends is flagged for it; a quiet run
// passes. The certificate reaches --summary, the bundle's tail and `analyze --json`.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "./cli-in-process";
import { EXIT_COMPLETED } from "../../src/cli/exit-codes";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { CLIENT_MAY_HAVE_LIMITED, judgeValidity, type Validity } from "../../src/core/validity";

/** Twelve streamed answers of the fast profile at a quarter of its time, three at once: about a second. */
const SCENARIO = {
  version: 1,
  name: "validity",
  task: "chat-completion",
  targets: [{ id: "fast", endpointUrl: "sandbox:/fast/v1", model: "sandbox-fast" }],
  inputs: ["Say one word."],
  parameters: { max_tokens: 16 },
  run: { repetitions: 12, concurrency: 3, stream: true },
};

let sandbox: Sandbox;
let workDir: string;
let scenarioPath: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.25 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-validity-"));
  scenarioPath = join(workDir, "scenario.json");
  writeFileSync(scenarioPath, JSON.stringify(SCENARIO));
});

afterAll(async () => {
  await sandbox.close();
});

async function runAndReadValidity(name: string): Promise<{ summary: Validity; bundlePath: string }> {
  const summaryPath = join(workDir, `${name}.summary.json`);
  const bundlePath = join(workDir, `${name}.pbrun.json.gz`);
  const result = await runCliInProcess(["run", scenarioPath, "--quiet", "--summary", summaryPath, "--bundle", bundlePath], { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
  expect(result.code, result.stderr).toBe(EXIT_COMPLETED);
  expect(result.stdout).toContain("Client validity: ");
  return { summary: (JSON.parse(readFileSync(summaryPath, "utf8")) as { validity: Validity }).validity, bundlePath };
}

describe("run's validity", () => {
  // The same run twice, left alone and with its event loop blocked on purpose. Whether the run left alone
  // passes depends on the machine (beside a busy pool its loop is late too, and the certificate says so,
  // rightly): what holds anywhere is that the blocked run is flagged for its loop, that its loop was late
  // by what the blocker holds it, and that each verdict is what its own figures call for.
  it("flags a run whose event loop was blocked on purpose, not for its loop alone, and analyze --json reads it from the bundle", async () => {
    const quiet = await runAndReadValidity("quiet");
    // 25 ms of busy work every 50 ms of the run: half the loop's timer readings come about that late.
    const blocker = setInterval(() => {
      const until = performance.now() + 25;
      while (performance.now() < until);
    }, 50);
    let blocked;
    try {
      blocked = await runAndReadValidity("blocked");
    } finally {
      clearInterval(blocker);
    }
    expect(blocked.summary.verdict).toBe(CLIENT_MAY_HAVE_LIMITED);
    expect(blocked.summary.reasons).toContainEqual(expect.stringContaining("event-loop delay p99"));
    // The blocker holds the loop 25 ms at a time, half the time: at least 1% of readings wait most of that.
    // (Not "later than the quiet run": the quiet run's first moments load and compile the run's modules,
    // and beside a busy machine its p99 has come out above the blocked run's.)
    expect(blocked.summary.figures.clientLoad.eventLoopDelay.p99Ms).toBeGreaterThan(20);
    for (const run of [quiet, blocked]) {
      expect(run.summary.figures.loop).toBe("closed");
      expect(run.summary).toEqual(judgeValidity(run.summary.figures));
    }
    const analyzed = await runCliInProcess(["analyze", blocked.bundlePath, "--json"]);
    expect(analyzed.code, analyzed.stderr).toBe(EXIT_COMPLETED);
    expect((JSON.parse(analyzed.stdout) as { validity: Validity }).validity).toEqual(blocked.summary);
  }, 60_000);
});
