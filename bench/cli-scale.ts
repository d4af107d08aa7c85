// Scale of one run: the command line sends many requests to the zero-latency sandbox profile while its
// memory is sampled from /proc; records stream to disk and statistics live in compact arrays.
import { execFileSync, spawn } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format, markdownTable, rssMiB } from "./measure-tools";

const repoRoot = new URL("../", import.meta.url).pathname;

export interface ScaleResult {
  requests: number;
  seconds: number;
  peakRssMiB: number;
  /** RSS at a quarter, half, three quarters and the end of the run's duration. */
  rssQuartilesMiB: number[];
  /** The process's own JS heap in use (garbage not yet collected included) at the same moments. */
  heapQuartilesMiB: number[];
  /** Its ArrayBuffers (the statistics' typed arrays, sockets' buffers) at the same moments. */
  arrayBufferQuartilesMiB: number[];
  jsonlBytes: number;
  exitCode: number | null;
}

/**
 * Reads a FIFO slowly (16 KiB, then a 100 ms pause: about 160 KB/s): a consumer that falls behind, so the
 * CLI must wait for it rather than buffer. Resolves with the bytes read once the writer closes.
 */
function readSlowly(fifoPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const reader = createReadStream(fifoPath, { highWaterMark: 16 * 1024 });
    reader.on("data", (chunk) => {
      bytes += chunk.length;
      reader.pause();
      setTimeout(() => reader.resume(), 100);
    });
    reader.on("end", () => resolve(bytes));
    reader.on("error", reject);
  });
}

/** `slowPipe`: the JSONL goes to a FIFO read slowly instead of a file. */
export async function measureCliScale(sandboxUrl: string, requests: number, options: { slowPipe?: boolean } = {}): Promise<ScaleResult> {
  const folder = mkdtempSync(join(tmpdir(), "providerbench-scale-"));
  const scenarioPath = join(folder, "scale.json");
  const jsonlPath = join(folder, "records.jsonl");
  if (options.slowPipe) execFileSync("mkfifo", [jsonlPath]);
  writeFileSync(
    scenarioPath,
    JSON.stringify({
      version: 1,
      name: "scale",
      task: "chat-completion",
      targets: [{ id: "instant", endpointUrl: `${sandboxUrl}/instant/v1`, model: "scale" }],
      inputs: ["Scale."],
      parameters: { max_tokens: 4 },
      run: { repetitions: requests, concurrency: 64, timeoutMs: 60_000 },
    }),
  );
  const started = performance.now();
  const probePath = join(folder, "memory.jsonl");
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./bench/memory-probe.ts", "src/cli/main.ts", "run", scenarioPath, "--jsonl", jsonlPath, "--quiet"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PROVIDERBENCH_MEMORY_PROBE: probePath },
  });
  const piped = options.slowPipe ? readSlowly(jsonlPath) : null;
  const samples: { atMs: number; rssMiB: number }[] = [];
  const sampler = setInterval(() => {
    const rss = rssMiB(child.pid!);
    if (rss !== null) samples.push({ atMs: performance.now() - started, rssMiB: rss });
  }, 250);
  const exitCode = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const jsonlBytes = piped ? await piped : statSync(jsonlPath).size;
  const probed = existsSync(probePath)
    ? readFileSync(probePath, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { atMs: number; heapUsed: number; arrayBuffers: number })
    : [];
  rmSync(folder, { recursive: true, force: true });
  const nearest = <T extends { atMs: number }>(list: T[], fraction: number, total: number): T | undefined =>
    list.reduce<T | undefined>((best, candidate) => (best === undefined || Math.abs(candidate.atMs - total * fraction) < Math.abs(best.atMs - total * fraction) ? candidate : best), undefined);
  const at = (fraction: number): number => nearest(samples, fraction, seconds * 1000)!.rssMiB;
  // The probe's clock starts when the child does: its own last sample stands for the end.
  const probedSpan = probed.at(-1)?.atMs ?? 0;
  const probedAt = (fraction: number, key: "heapUsed" | "arrayBuffers"): number => (nearest(probed, fraction, probedSpan)?.[key] ?? Number.NaN) / 2 ** 20;
  return {
    requests,
    seconds,
    peakRssMiB: Math.max(...samples.map((sample) => sample.rssMiB)),
    rssQuartilesMiB: [0.25, 0.5, 0.75, 1].map(at),
    heapQuartilesMiB: [0.25, 0.5, 0.75, 1].map((fraction) => probedAt(fraction, "heapUsed")),
    arrayBufferQuartilesMiB: [0.25, 0.5, 0.75, 1].map((fraction) => probedAt(fraction, "arrayBuffers")),
    jsonlBytes,
    exitCode,
  };
}

export function scaleTable(result: ScaleResult): string {
  return markdownTable(
    ["requests", "seconds", "req/s", "RSS at 25% / 50% / 75% / end (MiB)", "JS heap in use, same moments (MiB)", "ArrayBuffers, same moments (MiB)", "peak RSS (MiB)", "JSONL written (MiB)", "exit code"],
    [
      [
        result.requests.toLocaleString("en-US"),
        format(result.seconds),
        format(result.requests / result.seconds),
        result.rssQuartilesMiB.map((value) => format(value)).join(" / "),
        result.heapQuartilesMiB.map((value) => format(value)).join(" / "),
        result.arrayBufferQuartilesMiB.map((value) => format(value)).join(" / "),
        format(result.peakRssMiB),
        format(result.jsonlBytes / 2 ** 20),
        String(result.exitCode),
      ],
    ],
  );
}
