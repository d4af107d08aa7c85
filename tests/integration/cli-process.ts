// The command line run as a person runs it (`npm run cli -- …`): Node with tsx on src/cli/main.ts, from the
// repository's root, in its own process, its output collected whole once it exits.
import { spawn } from "node:child_process";

const REPOSITORY_ROOT = new URL("../../", import.meta.url).pathname;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `env` is added to this process's environment (a sandbox URL, a token, an endpoint key). */
export function runCliProcess(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: REPOSITORY_ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
