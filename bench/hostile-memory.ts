// Memory of the command line against hostile answers: a gzip bomb (1.5 MB that inflates to 1.5 GiB) and a
// body that never ends, each sent to `providerbench run` as a separate process whose RSS is sampled from
// /proc. Before the response byte limit the bomb took the CLI to 6.2 GB; the limit (64 MiB decoded by
// default) is what keeps the peak near the CLI's own footprint.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RequestRecord } from "../src/core/record";
import { startHostileServer, type HostileModeName } from "../tests/hostile/hostile-server";
import { format, markdownTable, rssMiB } from "./measure-tools";

const repoRoot = new URL("../", import.meta.url).pathname;
const GZIP_BOMB_BYTES = 1.5 * 1024 ** 3;

interface HostileCase {
  label: string;
  mode: HostileModeName;
  stream: boolean;
}

const CASES: HostileCase[] = [
  { label: "gzip bomb (1.5 GiB inflated), JSON", mode: "gzip-bomb", stream: false },
  { label: "gzip bomb (1.5 GiB inflated), event stream", mode: "gzip-bomb", stream: true },
  { label: "endless body, JSON", mode: "endless-body", stream: false },
  { label: "endless body, event stream", mode: "endless-body", stream: true },
];

export interface HostileMemoryRow {
  label: string;
  requests: number;
  outcome: string;
  peakRssMiB: number;
  seconds: number;
  exitCode: number | null;
}

export async function measureHostileMemory(requests: number, log: (line: string) => void): Promise<HostileMemoryRow[]> {
  const server = await startHostileServer({ gzipBombBytes: GZIP_BOMB_BYTES });
  const folder = mkdtempSync(join(tmpdir(), "providerbench-hostile-memory-"));
  const rows: HostileMemoryRow[] = [];
  try {
    for (const [index, hostileCase] of CASES.entries()) {
      log(`  ${hostileCase.label}…`);
      const scenarioPath = join(folder, `case-${index}.json`);
      const jsonlPath = join(folder, `case-${index}.jsonl`);
      writeFileSync(
        scenarioPath,
        JSON.stringify({
          version: 1,
          name: hostileCase.label,
          task: "chat-completion",
          targets: [{ id: hostileCase.mode, endpointUrl: server.endpoint(hostileCase.mode), model: "m" }],
          inputs: ["Say something."],
          run: { repetitions: requests, concurrency: 1, stream: hostileCase.stream, timeoutMs: 120_000 },
        }),
      );
      const started = performance.now();
      const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "run", scenarioPath, "--jsonl", jsonlPath, "--quiet"], {
        cwd: repoRoot,
        stdio: ["ignore", "ignore", "inherit"],
      });
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!) ?? 0)), 50);
      const exitCode = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      clearInterval(sampler);
      const records = readFileSync(jsonlPath, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as RequestRecord);
      const outcomes = [...new Set(records.map((record) => (record.status === "ok" ? "ok" : `${record.errorKind}: ${record.errorMessage}`)))];
      rows.push({ label: hostileCase.label, requests: records.length, outcome: outcomes.join(" / "), peakRssMiB: peak, seconds: (performance.now() - started) / 1000, exitCode });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await server.close();
  }
  return rows;
}

export function hostileMemoryTable(rows: HostileMemoryRow[]): string {
  return markdownTable(
    ["answer", "requests", "recorded as", "peak RSS (MiB)", "seconds", "exit code"],
    rows.map((row) => [row.label, String(row.requests), row.outcome, format(row.peakRssMiB, 0), format(row.seconds, 1), String(row.exitCode)]),
  );
}
