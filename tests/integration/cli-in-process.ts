// The command line run inside the test's own process (src/cli/command-line.ts's main, from the sources):
// what runCliProcess gives for a command that needs no process of its own — analyze, trend, the gate,
// snippets, tasks, export, usage errors and --help — without the half second of CPU a spawn costs. Its
// streams are pipes, not a terminal, as the spawned command's are; its environment is this process's
// with `env` added, as the spawned command's is, handed over rather than set on process.env.
import { resolve } from "node:path";
import { Writable } from "node:stream";
import { main } from "../../src/cli/command-line";
import type { CliResult } from "./cli-process";

// From this file's own path: under happy-dom, import.meta.url is the page's address, not the file's.
const REPOSITORY_ROOT = resolve(__dirname, "../..");

/** Process-wide listeners a command could leave behind: a run's signals, and its files' clean-up at exit. */
const PROCESS_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "exit"] as const;

/** What a command writes to one of its streams, whole. */
class CollectedOutput extends Writable {
  text = "";

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** `env` is added to this process's environment (a sandbox URL, a token, an endpoint key), as runCliProcess adds it. */
export async function runCliInProcess(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  // runCliProcess starts the command in the repository's root: relative paths in `args` must mean the same here.
  if (process.cwd() !== REPOSITORY_ROOT) throw new Error(`the in-process command line reads relative paths from ${process.cwd()}, not ${REPOSITORY_ROOT}`);
  const listenersBefore = PROCESS_EVENTS.map((event) => process.listenerCount(event));
  const exitCodeBefore = process.exitCode;
  const stdout = new CollectedOutput();
  const stderr = new CollectedOutput();
  const code = await main([...args], { stdout, stderr, env: { ...process.env, ...env } });
  // A command that left state on the process would leak it into the next test: refused here, loudly.
  const listenersAfter = PROCESS_EVENTS.map((event) => process.listenerCount(event));
  if (listenersAfter.some((count, index) => count !== listenersBefore[index])) throw new Error(`${args.join(" ")} left process listeners behind: ${PROCESS_EVENTS.join(", ")} ${listenersBefore.join(", ")} → ${listenersAfter.join(", ")}`);
  if (process.exitCode !== exitCodeBefore) throw new Error(`${args.join(" ")} set process.exitCode to ${String(process.exitCode)}`);
  return { code, stdout: stdout.text, stderr: stderr.text };
}
