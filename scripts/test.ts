// `npm test`: the jobs side by side, since a two-core machine would otherwise sit half idle while tests
// wait on servers and browsers:
// - the lint (`npm run lint`) and the type check (TypeScript 7's native compiler: the same language as the
//   TypeScript 6 that typescript-eslint loads, at about a tenth of the CPU);
// - vitest's `node` project (the unit and integration files, mostly computing) and its browser project,
//   `e2e` (mostly waiting on pages), each in a vitest process of its own: in one process vitest gives the
//   projects of a group one pool of workers and fills it a project at a time (its sequencer orders files by
//   project), so the browser files ran first and the node files after them, never beside;
// - then the `timing` project alone (the files that assert how long something took to the millisecond, one
//   at a time: beside the rest, a fresh clone's run on two cores failed four of them).
// The tests' output streams as it comes (each file's line names its project); each check's output is
// printed whole when it ends, and the last lines count the tests of all three and give the time.
// Arguments go to one vitest run instead (`npm test -- tests/unit/stats.test.ts`). Fails when any job fails.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Job {
  name: string;
  command: string;
  args: string[];
}

const TYPE_CHECK: Job = { name: "types", command: process.execPath, args: ["node_modules/typescript-native/bin/tsc", "--noEmit"] };
const LINT: Job = { name: "lint", command: "npm", args: ["run", "--silent", "lint"] };
const reports = mkdtempSync(join(tmpdir(), "providerbench-test-"));
/** Vitest's own output, and a JSON report (one per vitest run) for the count at the end. */
function reporting(name: string): string[] {
  return ["--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, `${name}.json`)}`];
}

const startedAt = Date.now();

/** Runs a job with its output collected, and prints that output whole once the job ends. */
function runQuietly(job: Job): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(job.command, job.args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (data: Buffer) => (output += data.toString()));
    child.stderr.on("data", (data: Buffer) => (output += data.toString()));
    child.on("close", (exitCode) => {
      const code = exitCode ?? 1;
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
      const verdict = code === 0 ? "passed" : `FAILED (exit ${code})`;
      process.stdout.write(`\n[${job.name}] ${job.args.join(" ")}: ${verdict} after ${seconds} s\n${output.trim() === "" ? "" : `${output.trimEnd()}\n`}`);
      resolve(code);
    });
  });
}

/** Runs vitest with its output streaming to this terminal. */
function runVitest(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", ...args], { stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}

/** The count of tests over the vitest runs' JSON reports, or which run wrote none (it stopped before). */
function countLine(runs: readonly string[]): string {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const missing: string[] = [];
  for (const run of runs) {
    try {
      const report = JSON.parse(readFileSync(join(reports, `${run}.json`), "utf8")) as Report;
      total.passed += report.numPassedTests;
      total.failed += report.numFailedTests;
      total.skipped += report.numPendingTests;
    } catch {
      missing.push(run);
    }
  }
  const counted = `tests: ${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ""}`;
  return missing.length === 0 ? counted : `${counted}; no report from ${missing.join(", ")} (it stopped before writing one: see above)`;
}

/** The whole suite: node and e2e side by side, then timing. The exit code is the first failure's. */
async function runEveryProject(): Promise<{ code: number; runs: string[] }> {
  const sideBySide = await Promise.all(["node", "e2e"].map((project) => runVitest(["--project", project, ...reporting(project)])));
  const timing = await runVitest(["--project", "timing", ...reporting("timing")]);
  return { code: [...sideBySide, timing].find((code) => code !== 0) ?? 0, runs: ["node", "e2e", "timing"] };
}

const checks = [LINT, TYPE_CHECK];
const checkCodes = Promise.all(checks.map(runQuietly));
const vitestArguments = process.argv.slice(2);
const { code: testsCode, runs } =
  vitestArguments.length === 0 ? await runEveryProject() : { code: await runVitest([...reporting("tests"), ...vitestArguments]), runs: ["tests"] };
const codes = await checkCodes;
const failed = checks.filter((_job, index) => codes[index] !== 0).map((job) => job.name);
const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
process.stdout.write(`\n${countLine(runs)}\n`);
process.stdout.write(
  failed.length === 0 ? `npm test: lint and types passed; ${seconds} s in all\n` : `npm test: ${failed.join(" and ")} failed (see [${failed.join("], [")}] above); ${seconds} s in all\n`,
);
rmSync(reports, { recursive: true, force: true });
process.exitCode = testsCode !== 0 ? testsCode : failed.length > 0 ? 1 : 0;
