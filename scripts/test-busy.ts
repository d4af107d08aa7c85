// `npm run test:busy [-- --runs 3 --loops 2]`: the whole suite (`npm test`) run several times in a row
// while CPU-bound loops run beside it, one per core by default: the suite must pass on a machine that is
// doing something else. Prints each run's result and time, and exits non-zero if any run failed.
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    loops: { type: "string", default: String(availableParallelism()) },
  },
});
const runs = Number(values.runs);
const loops = Number(values.loops);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: expected a whole number ≥ 1, got ${values.runs}`);
if (!Number.isInteger(loops) || loops < 0) throw new Error(`--loops: expected a whole number ≥ 0, got ${values.loops}`);

/** A loop that keeps one core busy; it ends by itself after two hours should this script be killed. */
const BUSY_LOOP = "const end = Date.now() + 2 * 3600 * 1000; let x = 0; while (Date.now() < end) x = (x * 31 + 7) % 1000003;";

const loopProcesses: ChildProcess[] = Array.from({ length: loops }, () => spawn(process.execPath, ["-e", BUSY_LOOP], { stdio: "ignore" }));
const stopLoops = (): void => {
  for (const loop of loopProcesses) loop.kill("SIGKILL");
};
process.on("exit", stopLoops);
process.on("SIGINT", () => process.exit(130));

function npmTest(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["test"], { stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const results: { run: number; code: number; seconds: number }[] = [];
for (let run = 1; run <= runs; run++) {
  process.stdout.write(`\n=== busy run ${run} of ${runs} (${loops} CPU-bound loops beside it) ===\n`);
  const startedAt = Date.now();
  const code = await npmTest();
  results.push({ run, code, seconds: Math.round((Date.now() - startedAt) / 1000) });
}
stopLoops();
process.stdout.write(`\n${results.map((result) => `busy run ${result.run}: ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`} in ${result.seconds} s`).join("\n")}\n`);
process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
