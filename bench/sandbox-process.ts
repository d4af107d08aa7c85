// Runs the sandbox in its own process, so the benchmark's CPU figures are the client's alone.
import { spawn, type ChildProcess } from "node:child_process";

export interface SandboxProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const repoRoot = new URL("../", import.meta.url).pathname;

export async function startSandboxProcess(extraArgs: string[] = []): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/sandbox/main.ts", "--port", "0", ...extraArgs], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (data: Buffer) => {
      output += data.toString();
      const match = /sandbox on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the sandbox exited with code ${code} before it listened`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
