// The wire bench (`npm run bench -- wire`): ProviderBench's command line next to a bare `undici.request`
// loop and a bare `fetch` loop, each in its own process, against one loopback server in a fourth process
// that logs when it really received and sent (bench/wire/wire-server.ts). Every client's TTFT and latency
// are compared, request by request, with the server's own log: error = measured − what the server did
// (first content chunk written − request arrived; last byte written − request arrived), so it holds the
// request's way to the server, the answer's way back, and the client's own lateness in noticing.
// CPU seconds and peak RSS come from GNU time around each client process.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { buildCli } from "../scripts/build-cli";
import type { RequestRecord } from "../src/core/record";
import { format, markdownTable, median } from "./measure-tools";
import { percentile } from "../src/core/stats";

const repoRoot = new URL("../", import.meta.url).pathname;

export type WireClient = "cli" | "cli-workers" | "cli-fetch" | "bare-undici" | "bare-fetch";

export const CLIENT_LABELS: Record<WireClient, string> = {
  cli: "ProviderBench CLI (undici transport)",
  "cli-workers": "ProviderBench CLI, `--workers 2`",
  "cli-fetch": "ProviderBench CLI, `--transport fetch` (before)",
  "bare-undici": "bare `undici.request` loop",
  "bare-fetch": "bare `fetch` loop",
};

interface WireMode {
  label: string;
  path: string;
  stream: boolean;
  concurrency: number;
  requests: number;
  /** Rounds, the clients' order reversed every other round; a row holds the median of each figure over them. */
  rounds: number;
  /** Requests every client sends first, through the same loop, and leaves out of its figures. */
  warmup: number;
}

/**
 * Ten waves of the closed loop, the same for every client: a cold process (code not yet compiled, pools
 * not yet open) is late by 10–33 ms on its first waves, and at c=32 one wave is 1% of 3,200 requests, the
 * whole p99. The command line's own `run.warmup` does it (at most 1,000); the bare loops send as many first.
 */
const WARMUP_WAVES = 10;
const warmupOf = (concurrency: number): number => Math.min(1000, WARMUP_WAVES * concurrency);

export interface WireRow {
  mode: string;
  client: WireClient;
  requests: number;
  /** Requests whose log entry was found (every one, unless something failed). */
  matched: number;
  failed: number;
  requestsPerSecond: number;
  ttftErrorP50: number | null;
  ttftErrorP99: number | null;
  e2eErrorP50: number;
  e2eErrorP99: number;
  cpuSeconds: number;
  peakRssMiB: number;
}

interface Sample {
  id: number;
  startedAt: number;
  ttftMs: number | null;
  latencyMs: number;
}

interface LogEntry {
  id: number;
  arrivedAt: number;
  firstSentAt: number | null;
  lastSentAt: number;
}

interface Usage {
  cpuSeconds: number;
  peakRssMiB: number;
}

/** Runs a command under GNU time; resolves with its CPU seconds (user + system) and peak RSS. */
async function timed(command: string[], folder: string): Promise<Usage> {
  const timeFile = join(folder, `time-${Date.now()}.txt`);
  const child = spawn("/usr/bin/time", ["-f", "%U %S %M", "-o", timeFile, ...command], { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${command.join(" ")} exited with ${code}`);
  const [user, system, maxRssKiB] = readFileSync(timeFile, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  return { cpuSeconds: user! + system!, peakRssMiB: maxRssKiB! / 1024 };
}

async function startWireServer(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/wire/wire-server.ts"], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (data: Buffer) => {
      output += data.toString();
      const match = /wire server on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the wire server exited with code ${code}`)));
  });
  return { url, stop: () => void child.kill("SIGTERM") };
}

/** The command line and the bare client as plain Node scripts (no TypeScript loader in the measured process). */
async function buildClients(): Promise<{ cli: string; bare: string }> {
  // Under the repository, so the bundles' package imports resolve from its node_modules.
  const folder = join(repoRoot, "dist", "wire-bench");
  mkdirSync(folder, { recursive: true });
  const cli = await buildCli(join(folder, "providerbench.js"));
  const bare = join(folder, "bare-client.js");
  await build({ absWorkingDir: repoRoot, entryPoints: ["bench/wire/bare-client.ts"], outfile: bare, bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", logLevel: "warning" });
  return { cli, bare };
}

async function runCli(cliPath: string, transport: "undici" | "fetch", serverUrl: string, mode: WireMode, folder: string, workers = 1): Promise<{ samples: Sample[]; failed: number; usage: Usage }> {
  const scenarioPath = join(folder, "wire.json");
  const jsonlPath = join(folder, `cli-${transport}-${workers}.jsonl`);
  writeFileSync(
    scenarioPath,
    JSON.stringify({
      version: 1,
      name: "wire",
      task: "chat-completion",
      targets: [{ id: "wire", endpointUrl: `${serverUrl}${mode.path}`, model: "wire" }],
      inputs: ["Wire."],
      parameters: { max_tokens: 32 },
      run: { repetitions: mode.requests, concurrency: mode.concurrency, timeoutMs: 60_000, stream: mode.stream, warmup: mode.warmup },
    }),
  );
  const usage = await timed([process.execPath, cliPath, "run", scenarioPath, "--jsonl", jsonlPath, "--quiet", "--force", "--transport", transport, "--workers", String(workers)], folder);
  const samples: Sample[] = [];
  let failed = 0;
  for (const line of readFileSync(jsonlPath, "utf8").split("\n")) {
    if (line === "") continue;
    const record = JSON.parse(line) as RequestRecord;
    if (record.warmup) continue;
    const id = /#(\d+)/.exec(record.output ?? "")?.[1];
    if (record.status !== "ok" || id === undefined) {
      failed++;
      continue;
    }
    samples.push({ id: Number(id), startedAt: record.startedAt, ttftMs: record.ttftMs, latencyMs: record.latencyMs });
  }
  return { samples, failed, usage };
}

async function runBare(barePath: string, kind: "undici" | "fetch", serverUrl: string, mode: WireMode, folder: string): Promise<{ samples: Sample[]; failed: number; usage: Usage }> {
  const out = join(folder, `bare-${kind}.jsonl`);
  const args = ["--kind", kind, "--url", `${serverUrl}${mode.path}/chat/completions`, "--concurrency", String(mode.concurrency), "--requests", String(mode.requests), "--warmup", String(mode.warmup), "--out", out];
  const usage = await timed([process.execPath, barePath, ...args, ...(mode.stream ? ["--stream"] : [])], folder);
  const samples = readFileSync(out, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Sample);
  return { samples, failed: mode.requests - samples.length, usage };
}

function quantile(values: number[], p: number): number | null {
  return values.length === 0 ? null : percentile(Float64Array.from(values).sort(), p);
}

function rowOf(mode: WireMode, client: WireClient, samples: Sample[], failed: number, usage: Usage, log: LogEntry[]): WireRow {
  const byId = new Map(log.map((entry) => [entry.id, entry]));
  const ttftErrors: number[] = [];
  const e2eErrors: number[] = [];
  let matched = 0;
  let firstStart = Infinity;
  let lastEnd = -Infinity;
  for (const sample of samples) {
    firstStart = Math.min(firstStart, sample.startedAt);
    lastEnd = Math.max(lastEnd, sample.startedAt + sample.latencyMs);
    const entry = byId.get(sample.id);
    if (!entry) continue;
    matched++;
    e2eErrors.push(sample.latencyMs - (entry.lastSentAt - entry.arrivedAt));
    if (sample.ttftMs !== null && entry.firstSentAt !== null) ttftErrors.push(sample.ttftMs - (entry.firstSentAt - entry.arrivedAt));
  }
  return {
    mode: mode.label,
    client,
    requests: samples.length + failed,
    matched,
    failed,
    requestsPerSecond: samples.length / ((lastEnd - firstStart) / 1000),
    ttftErrorP50: mode.stream ? quantile(ttftErrors, 50) : null,
    ttftErrorP99: mode.stream ? quantile(ttftErrors, 99) : null,
    e2eErrorP50: quantile(e2eErrors, 50)!,
    e2eErrorP99: quantile(e2eErrors, 99)!,
    ...usage,
  };
}

export type WireModeName = "stream" | "zero";

export async function measureWire(options: { quick: boolean; log(line: string): void; clients?: readonly WireClient[]; modes?: readonly WireModeName[] }): Promise<WireRow[]> {
  const clients = options.clients ?? (["cli", "cli-workers", "cli-fetch", "bare-undici", "bare-fetch"] as const);
  // Three rounds of each: a p99 of 3,200 requests rests on its 32 slowest, and one round's tail moved the
  // command line's ratio to the bare loop between 1.2× and 1.5× from one run to the next.
  const allModes: Record<WireModeName, WireMode> = {
    stream: { label: "stream 100 ms + 20 × 10 ms, c=32", path: "/stream/v1", stream: true, concurrency: 32, requests: options.quick ? 640 : 3200, rounds: options.quick ? 1 : 3, warmup: warmupOf(32) },
    zero: { label: "zero latency, non-streaming, c=64", path: "/instant/v1", stream: false, concurrency: 64, requests: options.quick ? 5000 : 30_000, rounds: options.quick ? 1 : 3, warmup: warmupOf(64) },
  };
  const modes = (options.modes ?? (["stream", "zero"] as const)).map((name) => allModes[name]);
  const { cli, bare } = await buildClients();
  const server = await startWireServer();
  const folder = mkdtempSync(join(tmpdir(), "providerbench-wire-"));
  const rows: WireRow[] = [];
  try {
    for (const mode of modes) {
      const rounds = new Map<WireClient, WireRow[]>(clients.map((client) => [client, []]));
      for (let round = 0; round < mode.rounds; round++) {
        for (const client of round % 2 === 0 ? clients : [...clients].reverse()) {
          options.log(`  ${mode.label}, round ${round + 1}/${mode.rounds}: ${CLIENT_LABELS[client]}…`);
          await fetch(`${server.url}/reset`, { method: "POST" });
          const result =
            client === "cli" || client === "cli-fetch" || client === "cli-workers"
              ? await runCli(cli, client === "cli-fetch" ? "fetch" : "undici", server.url, mode, folder, client === "cli-workers" ? 2 : 1)
              : await runBare(bare, client === "bare-undici" ? "undici" : "fetch", server.url, mode, folder);
          const log = (await (await fetch(`${server.url}/log`)).json()) as LogEntry[];
          rounds.get(client)!.push(rowOf(mode, client, result.samples, result.failed, result.usage, log));
        }
      }
      for (const client of clients) rows.push(combineRounds(rounds.get(client)!));
    }
  } finally {
    server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

/** Several rounds of one client: the median of each figure over the rounds (request counts add up). */
function combineRounds(rounds: WireRow[]): WireRow {
  if (rounds.length === 1) return rounds[0]!;
  const middle = <T,>(values: T[], key: (value: T) => number): number => median(values.map(key));
  return {
    ...rounds[0]!,
    requests: rounds.reduce((sum, row) => sum + row.requests, 0),
    matched: rounds.reduce((sum, row) => sum + row.matched, 0),
    failed: rounds.reduce((sum, row) => sum + row.failed, 0),
    requestsPerSecond: middle(rounds, (row) => row.requestsPerSecond),
    ttftErrorP50: rounds[0]!.ttftErrorP50 === null ? null : middle(rounds, (row) => row.ttftErrorP50!),
    ttftErrorP99: rounds[0]!.ttftErrorP99 === null ? null : middle(rounds, (row) => row.ttftErrorP99!),
    e2eErrorP50: middle(rounds, (row) => row.e2eErrorP50),
    e2eErrorP99: middle(rounds, (row) => row.e2eErrorP99),
    cpuSeconds: middle(rounds, (row) => row.cpuSeconds),
    peakRssMiB: middle(rounds, (row) => row.peakRssMiB),
  };
}

const signed = (value: number | null): string => (value === null ? "—" : `${value >= 0 ? "+" : "−"}${format(Math.abs(value))}`);

export function wireTable(rows: WireRow[]): string {
  return markdownTable(
    ["mode", "client", "requests (failed)", "req/s", "TTFT error p50 / p99 (ms)", "end-to-end error p50 / p99 (ms)", "CPU s", "peak RSS (MiB)"],
    rows.map((row) => [
      row.mode,
      CLIENT_LABELS[row.client],
      `${row.requests.toLocaleString("en-US")} (${row.failed})`,
      format(row.requestsPerSecond),
      row.ttftErrorP50 === null ? "—" : `${signed(row.ttftErrorP50)} / ${signed(row.ttftErrorP99)}`,
      `${signed(row.e2eErrorP50)} / ${signed(row.e2eErrorP99)}`,
      format(row.cpuSeconds),
      format(row.peakRssMiB),
    ]),
  );
}

/** The goals of the issue, judged on rows measured side by side in one run. */
export function wireGoals(rows: WireRow[]): string {
  const find = (mode: string, client: WireClient) => rows.find((row) => row.mode === mode && row.client === client);
  const [streamMode, instantMode] = [...new Set(rows.map((row) => row.mode))];
  const lines: string[][] = [];
  const cliInstant = find(instantMode!, "cli");
  const bareInstant = find(instantMode!, "bare-undici");
  if (cliInstant && bareInstant) {
    const ratio = cliInstant.requestsPerSecond / bareInstant.requestsPerSecond;
    lines.push(["ceiling ≥ 0.5× bare `undici.request` (zero latency, c=64)", `${format(ratio)}×`, ratio >= 0.5 ? "holds" : "misses"]);
  }
  const cliStream = find(streamMode!, "cli");
  const bareStream = find(streamMode!, "bare-undici");
  if (cliStream && bareStream) {
    const p50 = Math.max(Math.abs(cliStream.ttftErrorP50 ?? 0), Math.abs(cliStream.e2eErrorP50));
    lines.push(["p50 errors within 1.5 ms (stream, c=32)", `TTFT ${signed(cliStream.ttftErrorP50)}, end-to-end ${signed(cliStream.e2eErrorP50)} ms`, p50 <= 1.5 ? "holds" : "misses"]);
    const ttftRatio = (cliStream.ttftErrorP99 ?? 0) / (bareStream.ttftErrorP99 ?? 1);
    const e2eRatio = cliStream.e2eErrorP99 / bareStream.e2eErrorP99;
    lines.push([
      "p99 errors ≤ 1.3× the bare `undici.request` loop's (stream, c=32)",
      `TTFT ${format(ttftRatio)}×, end-to-end ${format(e2eRatio)}×`,
      Math.max(ttftRatio, e2eRatio) <= 1.3 ? "holds" : "misses",
    ]);
  }
  return markdownTable(["goal", "measured", "verdict"], lines);
}
