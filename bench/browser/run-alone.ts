// Runs only the browser benchmarks and prints their sections: `node --import tsx bench/browser/run-alone.ts [--quick]`.
// `npm run bench` remains the entry point that writes BENCHMARKS.md.
import { startSandboxProcess } from "../sandbox-process";
import { runBrowserBenchmarks } from "./index";

const quick = process.argv.includes("--quick");
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const sandbox = await startSandboxProcess();
try {
  const startedAt = performance.now();
  const sections = await runBrowserBenchmarks({ sandboxUrl: sandbox.url, quick, log });
  process.stdout.write(`${sections.join("\n\n")}\n`);
  log(`browser benchmarks took ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
} finally {
  await sandbox.stop();
}
