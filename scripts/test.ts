// `npm test`: three jobs side by side, since a two-core machine would otherwise sit half idle while tests
// wait on servers and browsers:
// - the lint (`npm run lint`) and the type check (TypeScript 7's native compiler: the same language as the
//   TypeScript 6 that typescript-eslint loads, at about a tenth of the CPU);
// - vitest: first the `timing` project alone (the files that assert how long something took to the
//   millisecond, one at a time: they mostly wait on the sandbox's clock, so the lint and the type check,
//   about one core's work, run beside them), then the `node` project (the unit and integration files) and
//   the browser project, `e2e`, in one pool of workers. Vitest fills the pool a project at a time (the
//   browser files first); both keep two cores busy (Chromium's pages are most of the browser files' CPU).
//   With the timing files last, the lint shared the cores with that pool while the timing files' minute
//   left one idle (a clean clone's lint took 205 s beside the pool, 51 s beside the timing files).
//   Running the two projects in two vitest processes at once was tried: no faster on two cores, and the
//   oversubscribed machine tripped limits the tests rely on (a 10 s validation limit, a throughput ratio).
// The tests' output streams as it comes; each check's output is printed whole when it ends, and the last
// lines count the tests and give the time. Arguments go to vitest (`npm test -- tests/unit/stats.test.ts`).
// Fails when any job fails.
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
/** Vitest's own output, and a JSON report for the count at the end. */
const REPORTING = ["--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, "tests.json")}`];

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

/** The count of tests in vitest's JSON report, or why there is none (the run stopped before writing it). */
function countLine(): string {
  try {
    const report = JSON.parse(readFileSync(join(reports, "tests.json"), "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
    return `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${report.numPendingTests > 0 ? `, ${report.numPendingTests} skipped` : ""}`;
  } catch {
    return "tests: vitest wrote no report (see above)";
  }
}

const checks = [LINT, TYPE_CHECK];
const checkCodes = Promise.all(checks.map(runQuietly));
const testsCode = await runVitest([...REPORTING, ...process.argv.slice(2)]);
const codes = await checkCodes;
const failed = checks.filter((_job, index) => codes[index] !== 0).map((job) => job.name);
const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
process.stdout.write(`\n${countLine()}\n`);
process.stdout.write(
  failed.length === 0 ? `npm test: lint and types passed; ${seconds} s in all\n` : `npm test: ${failed.join(" and ")} failed (see [${failed.join("], [")}] above); ${seconds} s in all\n`,
);
rmSync(reports, { recursive: true, force: true });
process.exitCode = testsCode !== 0 ? testsCode : failed.length > 0 ? 1 : 0;
