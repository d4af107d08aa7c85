// A real local `artillery run` of a test exported from a sandbox scenario (src/cli/artillery), whose report
// reads back (core/io/imports/artillery.ts, through `analyze`'s loader) with the requests and errors Artillery
// counted, which are the requests the sandbox received; the records the workers wrote agree with both;
// and what run-fargate / run-lambda would upload is the whole test, with no module to install.
// Artillery lives in artillery/ with its own lock, out of the project's install: installed here when
// absent (`npm ci --prefix artillery`, its browser download skipped), and the install's time is logged.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRecords } from "../../src/cli/analyze/load-run";
import { PROCESSOR_BUNDLE } from "../../src/cli/artillery/bundle-processor";
import { ARTILLERY_PROCESSOR, ARTILLERY_SCRIPT, exportArtillery } from "../../src/cli/artillery/export-command";
import { parseRecordLine } from "../../src/core/record";
import { SummaryAccumulator } from "../../src/core/stats";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

const repoRoot = new URL("../../", import.meta.url).pathname;
const artilleryDir = join(repoRoot, "artillery");
const artilleryBin = join(artilleryDir, "node_modules", "artillery", "bin", "run");

function runProcess(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** Artillery's own install, once: skipped when its command is there already. */
async function installArtillery(): Promise<void> {
  if (existsSync(artilleryBin)) return;
  const started = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = await runProcess(npm, ["ci", "--prefix", artilleryDir, "--no-audit", "--no-fund"], { cwd: repoRoot, env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } });
  if (result.code !== 0) throw new Error(`npm ci --prefix artillery failed:\n${result.output}`);
  console.log(`installed Artillery (artillery/) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Artillery's own list of the files a cloud run uploads (lib/platform/aws-ecs/legacy/bom.js), printed as JSON. */
const BILL_OF_MATERIALS = `
const { createGlobalObject } = require("artillery/lib/artillery-global");
createGlobalObject().then(() => {
  const { createBOM } = require("artillery/lib/platform/aws-ecs/legacy/bom");
  const script = process.argv[1];
  createBOM(script, [], { scenarioPath: script, flags: {} }, (error, bom) => {
    if (error) throw error;
    process.stdout.write(JSON.stringify({ files: bom.files, modules: bom.modules }));
    process.exit(0);
  });
});
`;

let sandbox: Sandbox;
let workDir: string;

beforeAll(async () => {
  await installArtillery();
  sandbox = await startSandbox({ port: 0 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-artillery-"));
}, 600_000);
afterAll(async () => {
  await sandbox?.close();
});

describe("an exported Artillery test", () => {
  it("runs under `artillery run`, and its report imports with the requests and errors Artillery saw", async () => {
    const scenarioPath = join(workDir, "scenario.json");
    writeFileSync(
      scenarioPath,
      JSON.stringify({
        version: 1,
        name: "Artillery: one steady and one failing provider",
        task: "chat-completion",
        targets: [
          { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "sandbox-fast" },
          { id: "failing", endpointUrl: "sandbox:/err503/v1", model: "sandbox-err503" },
        ],
        inputs: ["Say hello", "Say goodbye", "Count to three"],
        parameters: { max_tokens: 16 },
        run: { repetitions: 2, concurrency: 4, stream: true, timeoutMs: 10_000 },
      }),
    );
    const testDir = join(workDir, "test");
    await exportArtillery(scenarioPath, testDir, { force: false });
    const reportPath = join(workDir, "report.json");
    const recordsDir = join(workDir, "records");
    const run = await runProcess(process.execPath, [artilleryBin, "run", "--output", reportPath, join(testDir, ARTILLERY_SCRIPT)], {
      cwd: testDir,
      env: { ...process.env, PROVIDERBENCH_SANDBOX_URL: sandbox.url, PROVIDERBENCH_RECORDS_DIR: recordsDir, ARTILLERY_DISABLE_TELEMETRY: "true", HF_TOKEN: "", AWS_REGION: "eu-test-1" },
    });
    expect(run.code, run.output).toBe(0);

    // What Artillery counted: two virtual users (4 at once over 2 targets), each sending three of the six
    // passes (3 inputs × 2 repetitions) in turn, one request per target each; no arrival skipped, however
    // slowly the passes went (a cap on users would skip one that arrives while the cap is reached).
    const report = JSON.parse(readFileSync(reportPath, "utf8")) as { aggregate: { counters: Record<string, number> } };
    const counters = report.aggregate.counters;
    expect(counters["vusers.completed"]).toBe(2);
    expect(counters["vusers.failed"]).toBe(0);
    expect(counters["vusers.skipped"] ?? 0).toBe(0);

    const loaded = await loadRecords(reportPath, null);
    expect(loaded.summaryLevel).toBe(true);
    // Tagged with where it ran: the region the workers read from AWS_REGION, as on Lambda and Fargate.
    expect(loaded.origin).toMatchObject({ tool: "artillery", label: "eu-test-1" });
    const threads = counters["providerbench-worker-threads"]!;
    expect(threads).toBeGreaterThanOrEqual(1);
    expect(counters["providerbench-region.eu-test-1"]).toBe(threads);
    expect(loaded.scenario!.description).toMatch(new RegExp(`Ran on ${threads} worker threads? in eu-test-1\\.$`));
    const rows = new Map(loaded.rows.map((row) => [row.targetId, row]));
    expect(rows.get("fast")).toMatchObject({ requests: counters["providerbench.fast.requests"], okRequests: 6, failedRequests: 0 });
    expect(rows.get("failing")).toMatchObject({ requests: counters["providerbench.failing.requests"], okRequests: 0, failedRequests: counters["providerbench.failing.errors"], failedAttemptsByKind: { http_5xx: 6 } });
    expect(rows.get("failing")!.failedRequests).toBe(6);
    expect(rows.get("fast")!.latencyMs.count).toBe(6);
    // The sandbox received exactly the requests counted.
    expect(sandbox.inferenceRequests("fast")).toBe(6);
    expect(sandbox.inferenceRequests("err503")).toBe(6);

    // The workers' records: the same counts, and every target paired on the same (input, repetition).
    const records = readdirSync(recordsDir).flatMap((name) =>
      readFileSync(join(recordsDir, name), "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line, index) => {
          const parsed = parseRecordLine(line, index + 1);
          if (!parsed.ok) throw new Error(parsed.message);
          return parsed.record;
        }),
    );
    const fromRecords = new SummaryAccumulator();
    for (const record of records) fromRecords.add(record);
    const recordRows = new Map(fromRecords.summarize().map((row) => [row.targetId, row]));
    expect(recordRows.get("fast")!.requests).toBe(rows.get("fast")!.requests);
    expect(recordRows.get("failing")!.failedRequests).toBe(rows.get("failing")!.failedRequests);
    const passes = new Set(records.map((record) => `${record.inputIndex}/${record.repetition}`));
    expect(passes.size).toBe(6);
    expect(new Set(records.map((record) => record.runId)).size).toBe(1);

    // What run-fargate and run-lambda upload (both through Artillery's bill of materials): the three
    // files, and no npm module to install on the workers.
    const bom = await runProcess(process.execPath, ["-e", BILL_OF_MATERIALS, join(testDir, ARTILLERY_SCRIPT)], { cwd: artilleryDir, env: { ...process.env, ARTILLERY_DISABLE_TELEMETRY: "true" } });
    expect(bom.code, bom.output).toBe(0);
    const manifest = JSON.parse(bom.output) as { files: { noPrefix: string }[]; modules: string[] };
    expect(manifest.files.map((file) => file.noPrefix).sort()).toEqual([ARTILLERY_PROCESSOR, ARTILLERY_SCRIPT, PROCESSOR_BUNDLE].sort());
    expect(manifest.modules).toEqual([]);
  }, 180_000);
});
