// The command line run as a person runs it (`npm run cli -- …`): Node with tsx on src/cli/main.ts, from the
// repository's root, in its own process, its output collected whole once it exits.
import { spawn, type ChildProcess } from "node:child_process";

const REPOSITORY_ROOT = new URL("../../", import.meta.url).pathname;

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
  /** Modules loaded into the CLI's process before it starts (`--import`, relative to the repository's root). */
  preload?: readonly string[];
}

/** `env` is added to this process's environment (a sandbox URL, a token, an endpoint key). */
export function runCliProcess(args: readonly string[], env: Record<string, string> = {}, options: CliProcessOptions = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const preload = (options.preload ?? []).flatMap((module) => ["--import", module]);
    const child = spawn(process.execPath, ["--import", "tsx", ...preload, "src/cli/main.ts", ...args], { cwd: REPOSITORY_ROOT, env: { ...process.env, ...env } });
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
