// `npm run bench`: runs the benchmarks side by side and rewrites BENCHMARKS.md with their tables.
// `-- --quick` runs each briefly; `-- --only overhead,clock,scale,stalled-pipe,hostile-memory,browser,storage,first-load` runs some of them (also large-compare, run-heap, wire, load, datasets, trends, cli-startup)
// and prints their sections instead of rewriting the file.
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem, cpus as machineCpus, loadavg } from "node:os";
import { join } from "node:path";
import { startSandboxProcess } from "./sandbox-process";
import { measureRunnerOverhead, overheadTable } from "./runner-overhead";
import { clockTable, measureClockAccuracyInNode, measureClockAccuracyOfBareFetch, type ClockRow } from "./clock-accuracy";
import { measureCliScale, scaleTable } from "./cli-scale";
import { hostileMemoryTable, measureHostileMemory } from "./hostile-memory";
import { firstLoadTable, measureFirstLoad } from "./first-load";
import { runBrowserBenchmarks, runRunHeapBenchmark, runStorageBenchmark, runVeryLargeComparePage } from "./browser/index";
import { measureWire, wireGoals, wireTable, type WireClient, type WireModeName } from "./wire";
import { datasetsTable, measureDatasets } from "./datasets";
import { measureTrends, trendsTable } from "./trends";
import { measureCliStartup, startupTable } from "./cli-startup";
import { highestRateHeld, loadPrecisionTable, measureLoadPrecision, type LoadPrecisionRow } from "./load-precision";

const quick = process.argv.includes("--quick");
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** Each benchmark: its markdown blocks (heading, paragraph, tables), given the sandbox's URL. */
type Benchmark = (sandboxUrl: string) => Promise<string[]>;

const BENCHMARKS: Record<string, Benchmark> = {
  async overhead(sandboxUrl) {
    log("runner overhead vs raw fetch…");
    const instant = await measureRunnerOverhead(
      { sandboxUrl, profile: "instant", modes: ["non-streaming", "streaming"], requestsPerRound: quick ? 300 : 2000, rounds: quick ? 2 : 5, concurrencies: [1, 8, 64] },
      log,
    );
    const realistic = await measureRunnerOverhead(
      { sandboxUrl, profile: "fast", modes: ["streaming"], requestsPerRound: quick ? 64 : 256, rounds: quick ? 2 : 3, concurrencies: [8, 64] },
      log,
    );
    return [
      "## Runner overhead (Node)",
      "The full runner (`InferenceClient` with the timing fetch, measurement, statistics and a JSONL line per record) against a raw `fetch` loop that only reads each body, at the same concurrency, against the sandbox's zero-latency `instant` profile running in its own process. Rounds alternate which goes first; the ratio is the median of the per-round ratios. Goal: throughput ratio ≥ 0.9×, CPU ratio ≤ 1.5×.",
      overheadTable(instant),
      "The same comparison against the `fast` profile (TTFT ~60 ms, ~120 tok/s), where the server, not the client, sets the pace — as with any real provider:",
      overheadTable(realistic),
    ];
  },

  async clock(sandboxUrl) {
    log("clock accuracy in Node…");
    const rows: ClockRow[] = [];
    for (const concurrency of [1, 32]) {
      rows.push(await measureClockAccuracyInNode(sandboxUrl, concurrency, quick ? 40 : 200));
      rows.push(await measureClockAccuracyOfBareFetch(sandboxUrl, concurrency, quick ? 40 : 200));
    }
    return [
      "## Clock accuracy",
      "The sandbox's `exact` profile writes the first content chunk at 100 ms and the last byte at 300 ms. Errors are |measured − expected|, so they include loopback and the sandbox's own timer lateness; the bare-fetch rows (the same requests, no client library) show that share. Goal: median ≤ 2 ms, p99 ≤ 10 ms.",
      clockTable(rows),
    ];
  },

  async scale(sandboxUrl) {
    const requests = quick ? 30_000 : 1_000_000;
    log(`command line with ${requests.toLocaleString("en-US")} requests…`);
    return [
      "## Scale of one run (command line)",
      `\`npm run cli -- run\` with ${requests.toLocaleString("en-US")} requests at concurrency 64 against the \`instant\` profile, JSONL to disk, memory sampled every 250 ms from /proc. Flat RSS across the run means records are streamed, not kept.`,
      scaleTable(await measureCliScale(sandboxUrl, requests)),
    ];
  },

  async "hostile-memory"() {
    log("command line memory against hostile answers…");
    return [
      "## Memory against hostile answers (command line)",
      "`providerbench run` against a provider that sends a gzip bomb (about 1.5 MB that inflates to 1.5 GiB) or a body that never ends, one request at a time, RSS sampled every 50 ms from /proc. Before the response byte limit the bomb took the CLI to 6.2 GB; reading now stops at 64 MiB decoded (an event stream sooner, at its first 2 MiB line without end). Goal: peak RSS under 512 MiB, every record classified, the process exits.",
      hostileMemoryTable(await measureHostileMemory(quick ? 1 : 3, log)),
    ];
  },

  async "stalled-pipe"(sandboxUrl) {
    const requests = quick ? 20_000 : 50_000;
    log(`command line with ${requests.toLocaleString("en-US")} requests, JSONL to a file and to a slow pipe…`);
    return [
      "## A stalled output pipe (command line)",
      `${requests.toLocaleString("en-US")} requests at concurrency 64 against the \`instant\` profile, once with the JSONL to a file and once to a FIFO read 16 KiB at a time with a 100 ms pause between reads (about 160 KB/s, some 400 records a second, slower than the \`instant\` profile answers). The run is paced by the reader (backpressure: a record write that fills the stream's buffer holds the request's place until \`drain\`, so no new request starts) instead of buffering what the reader has not taken: RSS stays at the file run's level, and the run takes as long as the reader needs when the reader is the slower side.`,
      "To a file:",
      scaleTable(await measureCliScale(sandboxUrl, requests)),
      "To a slow pipe:",
      scaleTable(await measureCliScale(sandboxUrl, requests, { slowPipe: true })),
    ];
  },

  async wire() {
    log("the wire: the command line next to bare undici.request and fetch loops…");
    // `-- wire --clients cli,bare-undici`: some clients only (a focused before/after).
    const clientsIndex = process.argv.indexOf("--clients");
    const clients = clientsIndex < 0 ? undefined : (process.argv[clientsIndex + 1] ?? "").split(",").filter(Boolean) as WireClient[];
    // `-- wire --modes stream`: one mode only.
    const modesIndex = process.argv.indexOf("--modes");
    const modes = modesIndex < 0 ? undefined : (process.argv[modesIndex + 1] ?? "").split(",").filter(Boolean) as WireModeName[];
    const rows = await measureWire({ quick, log, ...(clients ? { clients } : {}), ...(modes ? { modes } : {}) });
    return [
      "## The wire: the command line next to bare loops",
      "One loopback server in its own process (`bench/wire/wire-server.ts`) logs, by its own clock, when each request had arrived and when it wrote the first content chunk and the last byte. ProviderBench's command line (its undici transport; the same with `--workers 2`, two worker threads each with its own loop and pool, the records merged; and `--transport fetch`, the transport before it), a bare `undici.request` loop and a bare `fetch` loop each run in their own process, one after the other, as closed loops: 100 ms to the first token then 20 chunks 10 ms apart at c=32, and a zero-latency non-streaming answer at c=64. Every client is warmed the same way first: ten waves of the loop (320 requests at c=32, 640 at c=64), sent through the same loop and left out of every figure (the command line's `run.warmup`, the bare loops' `--warmup`); a cold process is late by 10–33 ms on its first waves, and at c=32 one wave is the whole p99. Each mode runs three rounds, the clients' order reversed every other round, and a row holds the median of each figure over its rounds. Errors are per request, measured − what the server did (signed: + is late), matched by the request number the server writes into each answer; req/s over the span of the client's requests; CPU seconds (user + system) and peak RSS from GNU time around each client. The machine is shared (2 cores, other work running): compare the rows of one run with each other, not with other runs.",
      wireTable(rows),
      "Goals (issue 15), judged on the rows above:",
      wireGoals(rows),
    ];
  },

  async load(sandboxUrl) {
    log("load generator precision (open loop send lag)…");
    const seconds = quick ? 2 : 5;
    const load = loadavg()[0]!;
    const table: LoadPrecisionRow[] = [];
    const search: Record<number, LoadPrecisionRow[]> = { 1: [], 2: [] };
    for (const threads of [1, 2]) {
      for (const rate of [100, 250, 500, 1000, 2000, 3000]) {
        const row = await measureLoadPrecision(sandboxUrl, rate, threads, seconds);
        log(`  ${rate} req/s on ${threads} loop(s): p50 ${row.p50.toFixed(3)} ms, p99 ${row.p99.toFixed(3)} ms`);
        search[threads]!.push(row);
        if ([100, 500, 2000].includes(rate)) table.push(row);
      }
    }
    const held = (threads: number): string => {
      const rate = highestRateHeld(search[threads]!, 5);
      return rate === null ? "none of the rates tried" : `${rate} req/s`;
    };
    return [
      "## Load generator precision (open loop)",
      `The open loop (\`src/core/load/\`) at a constant rate against the sandbox's \`instant\` profile in its own process, through the command line's undici transport, ${seconds} s per rate. Send lag = the moment a request is handed to fetch (the timing fetch's t0) − its scheduled time: the record's \`queueMs\`, with no in-flight cap, so all of it is the load generator's own lateness. "1 (main)" is one event loop; "2 workers" is the command line's \`--workers 2\`: two worker threads, each with its own loop, clock and connection pool, each pacing every other arrival of the same schedule from one start on a clock both share, the records merged in time order. The machine was shared while this ran (load average ${load.toFixed(1)} on ${machineCpus().length} cores): figures on a quiet machine are lower. Goal: p99 ≤ 2 ms at 500 req/s on two cores.`,
      loadPrecisionTable(table),
      `Highest rate held with p99 send lag ≤ 5 ms (of 100, 250, 500, 1,000, 2,000, 3,000 req/s, no failures): one event loop ${held(1)}; two worker threads ${held(2)}.`,
    ];
  },

  async browser(sandboxUrl) {
    log("the browser's side, in Chromium…");
    return runBrowserBenchmarks({ sandboxUrl, quick, log });
  },

  async storage() {
    log("records into IndexedDB in Chromium: chunks against one row per record…");
    return runStorageBenchmark({ quick, log });
  },

  async "large-compare"() {
    log("the Compare page of a million-record run in Chromium…");
    return runVeryLargeComparePage({ quick, log });
  },

  async "run-heap"(sandboxUrl) {
    log("the dashboard's heap through a long sandbox run in Chromium…");
    return runRunHeapBenchmark({ sandboxUrl, quick, log });
  },

  async "first-load"() {
    log("first load of the built app…");
    return [
      "## First load",
      "The built app's first screen: the entry script and what it preloads, gzipped (level 9). Goal ≤ 150 KB; `@huggingface/tasks`, snippets, the template engine and the run machinery load lazily.",
      firstLoadTable(await measureFirstLoad(join(mkdtempSync(join(tmpdir(), "providerbench-build-")), "dist"))),
    ];
  },

  async "cli-startup"() {
    log("command-line start-up…");
    return [
      "## Command-line start-up",
      "The CPU time (user + system, GNU time) of the built command for commands that send nothing, each started fresh by plain Node, one after the other; the median of the runs. The command imports each subcommand's modules when it is asked for (`src/cli/command-line.ts`, bundled with code splitting), so these load no runner, transport or undici. Before that split (one 525 KB bundle loading everything), on this machine on 2026-11-28, `--help` took 0.47 CPU-s and `tasks` 0.48 (median of 5); a bare `node -e 0` takes about 0.05.",
      startupTable(await measureCliStartup([["--help"], ["tasks"]], quick ? 3 : 5)),
    ];
  },

  async datasets() {
    log("datasets of template variables at 10,000 rows…");
    return [
      "## Template inputs at 10,000 rows (Node)",
      "A CSV and a JSONL file of 10,000 rows read into a table (`src/core/datasets`), and a template checked against every row (`src/core/template/template-preview`): the work `run --dataset` does before sending, and the dashboard's dataset worker does off the page's main thread. Median and worst of the runs. Goal: each ≤ 500 ms.",
      datasetsTable(measureDatasets(quick ? 3 : 9)),
    ];
  },

  async trends() {
    log("History's Trends over many runs…");
    const { rows, summaryBytes } = measureTrends(quick ? [12, 200] : [12, 50, 200, 500], quick ? 3 : 7);
    return [
      "## Trends over many runs (Node)",
      `History's Trends view on one series: from the runs' stored summaries to every chart's points, intervals and change points (\`src/ui/features/history/trends-data.ts\`: six metrics × three targets, E-Divisive means with 199 permutations each), for series of nightly runs in which one target slows by 25% from 60% of the way on. The view reads each run's stored summary, never its records: ${(summaryBytes / 1024).toFixed(0)} KiB of JSON per run of three targets. Median and worst of the repeats. Goal: ≤ 250 ms at 200 runs.`,
      trendsTable(rows),
    ];
  },
};

function selectedBenchmarks(): string[] {
  const onlyIndex = process.argv.indexOf("--only");
  // `npm run bench -- wire` names benchmarks as plain words, like `--only wire`.
  const named = process.argv.slice(2).filter((argument, index, all) => !argument.startsWith("--") && !["--only", "--clients", "--modes"].includes(all[index - 1] ?? ""));
  if (onlyIndex < 0 && named.length === 0) return Object.keys(BENCHMARKS);
  const names = (onlyIndex < 0 ? named.join(",") : (process.argv[onlyIndex + 1] ?? "")).split(",").filter(Boolean);
  const unknown = names.filter((name) => !(name in BENCHMARKS));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes a comma-separated list of: ${Object.keys(BENCHMARKS).join(", ")}${unknown.length ? ` (unknown: ${unknown.join(", ")})` : ""}`);
  }
  return names;
}

async function main(): Promise<void> {
  const names = selectedBenchmarks();
  const sandbox = await startSandboxProcess();
  const blocks: string[] = [];
  try {
    for (const name of names) blocks.push(...(await BENCHMARKS[name]!(sandbox.url)));
  } finally {
    await sandbox.stop();
  }
  // Every heading, paragraph and table is its own block: blank lines between them, none inside.
  const body = `${blocks.join("\n\n")}\n`;
  if (names.length < Object.keys(BENCHMARKS).length) {
    process.stdout.write(body);
    return;
  }
  const header = `# Benchmarks\n\nGenerated by \`npm run bench\`${quick ? " --quick" : ""} on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. These machines are noisy: compare ratios measured in the same run, not absolute numbers across runs.`;
  writeFileSync(new URL("../BENCHMARKS.md", import.meta.url), `${header}\n\n${body}`);
  log("wrote BENCHMARKS.md");
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
