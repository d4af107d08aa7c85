// One round of the product path (runner, statistics, a JSONL line per record) against a sandbox that is
// already running, printing its rate and CPU per request. For comparing two commits side by side: run it
// from both checkouts under `farm-bench --vs` (see BENCHMARKS.md, "Before and after").
//   npx tsx bench/runner-round.ts --url http://127.0.0.1:8787/instant/v1 --requests 10000 --concurrency 8 [--no-stream]
import { recordToJsonLine } from "../src/cli/record-files";
import { runScenario } from "../src/core/run";
import { validateScenario } from "../src/core/scenario";
import { SummaryAccumulator } from "../src/core/stats";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? fallback : (process.argv[index + 1] ?? fallback);
}

const requests = Number(option("requests", "10000"));
const concurrency = Number(option("concurrency", "8"));
const parsed = validateScenario({
  version: 1,
  name: "runner round",
  task: "chat-completion",
  targets: [{ id: "bench", endpointUrl: option("url", "http://127.0.0.1:8787/instant/v1"), model: "bench" }],
  inputs: ["Benchmark the overhead."],
  parameters: { max_tokens: 16 },
  run: { repetitions: requests, concurrency, stream: !process.argv.includes("--no-stream"), timeoutMs: 60_000 },
});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));

const statistics = new SummaryAccumulator();
let failed = 0;
let jsonlBytes = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
await runScenario({
  runId: "runner-round",
  scenario: parsed.scenario,
  onRecord: (record) => {
    statistics.add(record);
    jsonlBytes += recordToJsonLine(record).length;
    if (record.status === "error") failed++;
  },
});
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
console.log(`${(requests / seconds).toFixed(0)} req/s, ${((cpu.user + cpu.system) / requests).toFixed(0)} µs CPU/request, ${failed} failed, ${jsonlBytes} JSONL bytes`);
if (failed > 0) process.exitCode = 1;
