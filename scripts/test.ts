// `npm test`: four jobs side by side, since a two-core machine would otherwise sit half idle while tests
// wait on servers and browsers:
// - the lint (`npm run lint`) and the type check (TypeScript 7's native compiler: the same language as the
//   TypeScript 6 that typescript-eslint loads, at about a tenth of the CPU);
// - vitest's `node` project (the unit and integration files) and its browser project, `e2e`;
// - vitest's timing project (the files that assert how long something took, one at a time) in a process
//   of its own, so its real-time waits overlap the other tests instead of following them. Those files
//   allow for a busy machine themselves (tests/integration/timer-lateness.ts); `npm run test:busy` checks it.
// The main tests' output streams as it comes; every other job's output is printed whole when it ends, and
// the last line counts the tests of both vitest processes. Arguments go to one vitest run over every
// project instead (`npm test -- tests/unit/stats.test.ts`). Fails when any job fails.
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
const reporting = (name: string): string[] => ["--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, `${name}.json`)}`];
const TIMING_TESTS: Job = { name: "timing tests", command: "npx", args: ["vitest", "run", "--project", "timing", ...reporting("timing")] };
const MAIN_PROJECTS = ["--project", "node", "--project", "e2e", ...reporting("main")];

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

interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The tests a vitest JSON report counts, or null where the run wrote none (it stopped before). */
function countsOf(report: string): TestCounts | null {
  try {
    const parsed = JSON.parse(readFileSync(join(reports, report), "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
    return { passed: parsed.numPassedTests, failed: parsed.numFailedTests, skipped: parsed.numPendingTests };
  } catch {
    return null;
  }
}

function countLine(): string {
  const counts = ["main.json", "timing.json"].map(countsOf);
  if (counts.some((count) => count === null)) return "tests: a vitest run wrote no report (see above)";
  const total = counts.reduce<TestCounts>((sum, count) => ({ passed: sum.passed + count!.passed, failed: sum.failed + count!.failed, skipped: sum.skipped + count!.skipped }), { passed: 0, failed: 0, skipped: 0 });
  return `tests: ${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ""}`;
}

const filters = process.argv.slice(2);
const quietJobs = filters.length === 0 ? [LINT, TYPE_CHECK, TIMING_TESTS] : [LINT, TYPE_CHECK];
const quietCodes = Promise.all(quietJobs.map(runQuietly));
const testsCode = await runVitest(filters.length === 0 ? MAIN_PROJECTS : filters);
const codes = await quietCodes;
const failed = quietJobs.filter((_job, index) => codes[index] !== 0).map((job) => job.name);
const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
if (filters.length === 0) process.stdout.write(`\n${countLine()}\n`);
process.stdout.write(
  failed.length === 0
    ? `npm test: ${quietJobs.map((job) => job.name).join(", ")} passed; ${seconds} s in all\n`
    : `npm test: ${failed.join(", ")} failed (see [${failed.join("], [")}] above); ${seconds} s in all\n`,
);
rmSync(reports, { recursive: true, force: true });
process.exitCode = testsCode !== 0 ? testsCode : failed.length > 0 ? 1 : 0;
