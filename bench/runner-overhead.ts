// Runner overhead: the full runner (InferenceClient, timing fetch, record sink) against a raw fetch loop,
// side by side, same server (the sandbox's zero-latency profile), same concurrency, alternating rounds.
import { runScenario } from "../src/core/run";
import { type Scenario, validateScenario } from "../src/core/scenario";
import { SummaryAccumulator } from "../src/core/stats";
import { recordToJsonLine } from "../src/cli/record-files";
import { boundedLoop, format, markdownTable, median, spread } from "./measure-tools";

export interface OverheadOptions {
  sandboxUrl: string;
  /** `instant` isolates the client's cost; a profile with real latency shows what a user would see. */
  profile: "instant" | "fast";
  modes: ("non-streaming" | "streaming")[];
  requestsPerRound: number;
  rounds: number;
  concurrencies: number[];
}

interface RoundResult {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
}

const MAX_TOKENS = 16;

function chatBody(stream: boolean): string {
  return JSON.stringify({
    model: "bench",
    messages: [{ role: "user", content: "Benchmark the overhead." }],
    max_tokens: MAX_TOKENS,
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
}

async function timeRound(total: number, body: () => Promise<void>): Promise<RoundResult> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await body();
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { requestsPerSecond: total / (elapsedMs / 1000), cpuMicrosPerRequest: (cpu.user + cpu.system) / total };
}

/** The baseline: plain fetch, body read to the end, nothing measured or parsed beyond what JSON needs. */
function rawRound(url: string, stream: boolean, total: number, concurrency: number): Promise<RoundResult> {
  const body = chatBody(stream);
  return timeRound(total, () =>
    boundedLoop(total, concurrency, async () => {
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      if (stream) {
        const reader = response.body!.getReader();
        while (!(await reader.read()).done);
      } else {
        await response.json();
      }
    }),
  );
}

function runnerScenario(profileUrl: string, stream: boolean, total: number, concurrency: number): Scenario {
  const result = validateScenario({
    version: 1,
    name: "overhead",
    task: "chat-completion",
    targets: [{ id: "bench", endpointUrl: profileUrl, model: "bench" }],
    inputs: ["Benchmark the overhead."],
    parameters: { max_tokens: MAX_TOKENS },
    run: { repetitions: total, concurrency, stream, timeoutMs: 60_000 },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** The product path: the runner with the CLI's own sink work (statistics and a JSONL line per record). */
function runnerRound(profileUrl: string, stream: boolean, total: number, concurrency: number): Promise<RoundResult> {
  const scenario = runnerScenario(profileUrl, stream, total, concurrency);
  const statistics = new SummaryAccumulator();
  let errors = 0;
  let bytes = 0;
  return timeRound(total, async () => {
    await runScenario({
      runId: "bench",
      scenario,
      onRecord: (record) => {
        statistics.add(record);
        bytes += recordToJsonLine(record).length;
        if (record.status === "error") errors++;
      },
    });
    if (errors > 0) throw new Error(`${errors} requests failed during the overhead benchmark`);
    if (bytes === 0) throw new Error("the overhead benchmark serialised no records");
  });
}

export interface OverheadRow {
  profile: string;
  mode: "non-streaming" | "streaming";
  concurrency: number;
  rawRequestsPerSecond: number[];
  runnerRequestsPerSecond: number[];
  rawCpuMicros: number[];
  runnerCpuMicros: number[];
}

export async function measureRunnerOverhead(options: OverheadOptions, log: (line: string) => void): Promise<OverheadRow[]> {
  const rows: OverheadRow[] = [];
  for (const mode of options.modes) {
    const stream = mode === "streaming";
    for (const concurrency of options.concurrencies) {
      const row: OverheadRow = {
        profile: options.profile,
        mode,
        concurrency,
        rawRequestsPerSecond: [],
        runnerRequestsPerSecond: [],
        rawCpuMicros: [],
        runnerCpuMicros: [],
      };
      const profileUrl = `${options.sandboxUrl}/${options.profile}/v1`;
      const url = `${profileUrl}/chat/completions`;
      // One unmeasured round each to warm connections and the JIT.
      await rawRound(url, stream, Math.min(200, options.requestsPerRound), concurrency);
      await runnerRound(profileUrl, stream, Math.min(200, options.requestsPerRound), concurrency);
      for (let round = 0; round < options.rounds; round++) {
        // Alternate which goes first, so drift in the machine's load hits both alike.
        const order = round % 2 === 0 ? ["raw", "runner"] : ["runner", "raw"];
        for (const which of order) {
          const result =
            which === "raw"
              ? await rawRound(url, stream, options.requestsPerRound, concurrency)
              : await runnerRound(profileUrl, stream, options.requestsPerRound, concurrency);
          (which === "raw" ? row.rawRequestsPerSecond : row.runnerRequestsPerSecond).push(result.requestsPerSecond);
          (which === "raw" ? row.rawCpuMicros : row.runnerCpuMicros).push(result.cpuMicrosPerRequest);
        }
      }
      log(`  ${row.profile} ${row.mode} c=${concurrency}: raw ${format(median(row.rawRequestsPerSecond))} req/s, runner ${format(median(row.runnerRequestsPerSecond))} req/s`);
      rows.push(row);
    }
  }
  return rows;
}

export function overheadTable(rows: OverheadRow[]): string {
  return markdownTable(
    ["profile", "mode", "concurrency", "raw req/s (median, range)", "runner req/s", "throughput ratio", "raw CPU µs/req", "runner CPU µs/req", "CPU ratio"],
    rows.map((row) => {
      const throughputRatio = median(row.runnerRequestsPerSecond.map((value, index) => value / row.rawRequestsPerSecond[index]!));
      const cpuRatio = median(row.runnerCpuMicros.map((value, index) => value / row.rawCpuMicros[index]!));
      return [
        row.profile,
        row.mode,
        String(row.concurrency),
        `${format(median(row.rawRequestsPerSecond))} (${spread(row.rawRequestsPerSecond)})`,
        `${format(median(row.runnerRequestsPerSecond))} (${spread(row.runnerRequestsPerSecond)})`,
        `${format(throughputRatio)}×`,
        `${format(median(row.rawCpuMicros))}`,
        `${format(median(row.runnerCpuMicros))}`,
        `${format(cpuRatio)}×`,
      ];
    }),
  );
}
