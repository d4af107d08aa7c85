// The command line against the hostile provider (tests/hostile/hostile-server.ts), as a separate process:
// a server that holds the connection after [DONE] does not keep the CLI alive, and a gzip bomb is a
// classified record, not a process that grows until it dies. (Memory itself is measured in the bench.)
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { startHostileServer, type HostileModeName, type HostileServer } from "../hostile/hostile-server";
import { cliArguments } from "./cli-process";

const repoRoot = new URL("../../", import.meta.url).pathname;

let server: HostileServer;
let workDir: string;
const children = new Set<ChildProcess>();
beforeAll(async () => {
  server = await startHostileServer();
  workDir = mkdtempSync(join(tmpdir(), "providerbench-hostile-cli-"));
});
afterEach(() => {
  // A CLI that did not exit by itself fails its test; it must not outlive it either.
  for (const child of children) child.kill("SIGKILL");
  children.clear();
});
afterAll(async () => {
  await server.close();
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArguments(args), { cwd: repoRoot, env: { ...process.env, HF_TOKEN: "" } });
    children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
    child.on("close", (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

function writeScenario(name: string, mode: HostileModeName, run: Record<string, unknown>): string {
  const path = join(workDir, `${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({ version: 1, name, task: "chat-completion", targets: [{ id: mode, endpointUrl: server.endpoint(mode), model: "m" }], inputs: ["Say something."], run }),
  );
  return path;
}

function readRecords(path: string): RequestRecord[] {
  return readFileSync(path, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as RequestRecord);
}

describe("providerbench run against a hostile provider", () => {
  it("exits after a server that holds every connection open after [DONE], with every record ok", async () => {
    const jsonl = join(workDir, "hold.jsonl");
    const result = await runCli(["run", writeScenario("hold", "hold-after-done", { stream: true, repetitions: 3, concurrency: 3, timeoutMs: 10_000 }), "--jsonl", jsonl]);
    expect(result.code, result.stderr).toBe(0);
    expect(readRecords(jsonl).map((record) => record.status)).toEqual(["ok", "ok", "ok"]);
  });

  it("classifies a gzip bomb as a bad response and exits", async () => {
    const jsonl = join(workDir, "bomb.jsonl");
    const result = await runCli(["run", writeScenario("bomb", "gzip-bomb", { repetitions: 2, timeoutMs: 30_000 }), "--jsonl", jsonl]);
    expect(result.code, result.stderr).toBe(0);
    const records = readRecords(jsonl);
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toMatchObject({ status: "error", errorKind: "bad_response", output: null });
      expect(record.errorMessage).toContain("64 MiB (run.maxResponseBytes)");
    }
  });

  it("writes nothing from another host to --outputs-dir when an image answer points there", async () => {
    const elsewhere = await startHostileServer();
    try {
      const path = join(workDir, "image-elsewhere.json");
      const target = { id: "image-url", endpointUrl: server.endpoint("image-url"), model: "m" };
      const scenario = { version: 1, name: "image-elsewhere", task: "text-to-image", targets: [target], inputs: ["a red fox"], parameters: { image_url: elsewhere.fileUrl("small.png") } };
      writeFileSync(path, JSON.stringify(scenario));
      const jsonl = join(workDir, "image-elsewhere.jsonl");
      const outputsDir = join(workDir, "image-elsewhere-outputs");
      const result = await runCli(["run", path, "--jsonl", jsonl, "--outputs-dir", outputsDir]);
      expect(result.code, result.stderr).toBe(0);
      expect(readRecords(jsonl)[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
      expect(elsewhere.fileRequests).toEqual([]);
      expect(existsSync(outputsDir) ? readdirSync(outputsDir) : []).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});
