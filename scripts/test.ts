// `npm test`: the lint and the type check run beside the tests instead of before them (together about a
// minute of a two-core machine's time that the tests, mostly waiting on servers and browsers, leave free).
// The tests' output streams as it comes; each check's output is printed whole when it ends. Arguments go
// to vitest. Fails when any of the three fails.
import { spawn } from "node:child_process";

interface Step {
  name: string;
  command: string;
  args: string[];
}

const CHECKS: Step[] = [
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "types", command: "npx", args: ["tsc", "--noEmit"] },
];

function runCheck(step: Step): Promise<{ step: Step; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (data: Buffer) => (output += data.toString()));
    child.stderr.on("data", (data: Buffer) => (output += data.toString()));
    child.on("close", (code) => resolve({ step, code: code ?? 1, output }));
  });
}

function runTests(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", ...args], { stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const startedAt = Date.now();
const checks = CHECKS.map((step) =>
  runCheck(step).then((result) => {
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
    const verdict = result.code === 0 ? "passed" : `FAILED (exit ${result.code})`;
    process.stdout.write(`\n[${result.step.name}] ${result.step.args.join(" ")}: ${verdict} after ${seconds} s\n${result.output.trim() === "" ? "" : `${result.output.trimEnd()}\n`}`);
    return result.code;
  }),
);
const testsCode = await runTests(process.argv.slice(2));
const checkCodes = await Promise.all(checks);
const failedChecks = CHECKS.filter((_step, index) => checkCodes[index] !== 0).map((step) => step.name);
if (failedChecks.length > 0) process.stdout.write(`\nnpm test: ${failedChecks.join(" and ")} failed (see [${failedChecks.join("], [")}] above)\n`);
process.exitCode = testsCode !== 0 ? testsCode : failedChecks.length > 0 ? 1 : 0;
