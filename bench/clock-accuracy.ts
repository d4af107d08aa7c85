// Clock accuracy: the sandbox's `exact` profile writes the first content chunk at 100 ms and the last
// byte at 300 ms; the measured TTFT and latency minus those are the measurement's error (plus loopback).
import { runScenario } from "../src/core/run";
import { validateScenario } from "../src/core/scenario";
import { timingErrors } from "../src/core/validity";
import { boundedLoop, format, markdownTable } from "./measure-tools";

export const EXACT_TTFT_MS = 100;
export const EXACT_LATENCY_MS = 300;

export interface ClockRow {
  where: string;
  concurrency: number;
  samples: number;
  ttftErrorMedianMs: number;
  ttftErrorP99Ms: number;
  latencyErrorMedianMs: number;
  latencyErrorP99Ms: number;
}

/** Median and p99 of the absolute errors. */
export function errorStats(measured: number[], expected: number): { medianMs: number; p99Ms: number } {
  const { p50Ms, p99Ms } = timingErrors(measured, expected);
  return { medianMs: p50Ms, p99Ms };
}

export async function measureClockAccuracyInNode(sandboxUrl: string, concurrency: number, requests: number): Promise<ClockRow> {
  const result = validateScenario({
    version: 1,
    name: "clock",
    task: "chat-completion",
    targets: [{ id: "exact", endpointUrl: `${sandboxUrl}/exact/v1`, model: "clock" }],
    inputs: ["Tick."],
    parameters: { max_tokens: 8 },
    run: { repetitions: requests, concurrency, stream: true, warmup: Math.min(concurrency, 8) },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const ttfts: number[] = [];
  const latencies: number[] = [];
  await runScenario({
    runId: "clock",
    scenario: result.scenario,
    onRecord: (record) => {
      if (record.warmup) return;
      if (record.status !== "ok") throw new Error(`clock request failed: ${record.errorMessage}`);
      ttfts.push(record.ttftMs!);
      latencies.push(record.latencyMs);
    },
  });
  return clockRow("Node, runner", concurrency, ttfts, latencies);
}

/**
 * The same requests with a bare fetch and a stream reader, no client library: what the server, loopback
 * and Node's event loop add on their own, to set the runner's rows against.
 */
export async function measureClockAccuracyOfBareFetch(sandboxUrl: string, concurrency: number, requests: number): Promise<ClockRow> {
  const url = `${sandboxUrl}/exact/v1/chat/completions`;
  const body = JSON.stringify({ model: "clock", messages: [{ role: "user", content: "Tick." }], max_tokens: 8, stream: true });
  const send = () => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  await boundedLoop(Math.min(concurrency, 8), concurrency, async () => void (await (await send()).arrayBuffer()));
  const ttfts: number[] = [];
  const latencies: number[] = [];
  const decoder = new TextDecoder();
  await boundedLoop(requests, concurrency, async () => {
    const t0 = performance.now();
    const reader = (await send()).body!.getReader();
    let firstContentAt: number | null = null;
    let lastByteAt = t0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lastByteAt = performance.now();
      // The role-only first event carries `"content":""`; the first token's event carries text.
      if (firstContentAt === null && /"content":"[^"]/.test(decoder.decode(value))) firstContentAt = lastByteAt;
    }
    if (firstContentAt === null) throw new Error("the exact profile sent no content");
    ttfts.push(firstContentAt - t0);
    latencies.push(lastByteAt - t0);
  });
  return clockRow("Node, bare fetch (reference)", concurrency, ttfts, latencies);
}

export function clockRow(where: string, concurrency: number, ttfts: number[], latencies: number[]): ClockRow {
  const ttft = errorStats(ttfts, EXACT_TTFT_MS);
  const latency = errorStats(latencies, EXACT_LATENCY_MS);
  return {
    where,
    concurrency,
    samples: ttfts.length,
    ttftErrorMedianMs: ttft.medianMs,
    ttftErrorP99Ms: ttft.p99Ms,
    latencyErrorMedianMs: latency.medianMs,
    latencyErrorP99Ms: latency.p99Ms,
  };
}

export function clockTable(rows: ClockRow[]): string {
  return markdownTable(
    ["where", "concurrency", "samples", "TTFT error median ms", "TTFT error p99 ms", "latency error median ms", "latency error p99 ms"],
    rows.map((row) => [
      row.where,
      String(row.concurrency),
      String(row.samples),
      format(row.ttftErrorMedianMs),
      format(row.ttftErrorP99Ms),
      format(row.latencyErrorMedianMs),
      format(row.latencyErrorP99Ms),
    ]),
  );
}
