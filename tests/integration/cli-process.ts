// The command line run as a person runs it, from the repository's root, in its own process, its output
// collected whole once it exits: the bundle the test setup built once (tests/setup/cli-bundle.ts, the
// package's own build of src/cli/main.ts), started by plain Node.
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { inject } from "vitest";

// From this file's own path: under happy-dom, import.meta.url is the page's address, not the file's.
const REPOSITORY_ROOT = resolve(__dirname, "../..");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliProcessOptions {
  /** Called on every piece of stderr with all of it so far: to signal or kill the child at a given moment. */
  onStderr?: (stderr: string, child: ChildProcess) => void;
  /** Closes the parent's end of stdout and stderr at once: every write of the child meets EPIPE. */
  closeOutputs?: boolean;
  /** Modules loaded into the CLI's process before it starts (`--import`, relative to the repository's root; TypeScript through tsx). */
  preload?: readonly string[];
}

/** Node's arguments that start the command line with `args` (and the preloaded modules, if any). */
export function cliArguments(args: readonly string[], preload: readonly string[] = []): string[] {
  const imports = preload.length === 0 ? [] : ["--import", "./tests/setup/register-tsx.mjs", ...preload.flatMap((module) => ["--import", module])];
  return [...imports, inject("cliBundle"), ...args];
}

/** `env` is added to this process's environment (a sandbox URL, a token, an endpoint key). */
export function runCliProcess(args: readonly string[], env: Record<string, string> = {}, options: CliProcessOptions = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArguments(args, options.preload), { cwd: REPOSITORY_ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    if (options.closeOutputs) {
      child.stdout.destroy();
      child.stderr.destroy();
    } else {
      child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
      child.stderr.on("data", (data: Buffer) => {
        stderr += data.toString();
        options.onStderr?.(stderr, child);
      });
    }
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
