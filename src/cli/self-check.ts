// `run --self-check`: before the run, the client's own timing error, measured against a server whose
// timings are exact: the sandbox's `exact` profile, started in this process on 127.0.0.1, sends the first
// token at 100 ms and the last byte at 300 ms. A few dozen streamed requests through the runner and a
// transport of the run's kind (its own pool, closed after); each measured TTFT and latency minus the exact
// one is the client's error plus loopback's. The server shares this process's event loop, so the figure
// is an upper bound on what the client adds.
import type { RunCommand } from "./args";
import { createRunTransport } from "./transport/run-transport";
import { runScenario } from "../core/run";
import { validateScenario } from "../core/scenario";
import { timingErrors, type SelfCheck } from "../core/validity";

/** Measured requests, and how many at once: 32 in four rounds of 300 ms, after a round of warm-ups (~1.5 s). */
const CHECK_REQUESTS = 32;
const CHECK_CONCURRENCY = 8;

export async function measureSelfCheck(command: Pick<RunCommand, "transport" | "http2">): Promise<SelfCheck> {
  const { startSandbox, PROFILES } = await import("../sandbox/server");
  const timing = PROFILES.exact.timing;
  if (timing.kind !== "fixed") throw new Error("the sandbox's exact profile has no fixed timing");
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1" });
  const checked = validateScenario({
    version: 1,
    name: "self-check",
    task: "chat-completion",
    targets: [{ id: "exact", endpointUrl: `${sandbox.url}/exact/v1`, model: "self-check" }],
    inputs: ["Tick."],
    parameters: { max_tokens: 8 },
    run: { repetitions: CHECK_REQUESTS, concurrency: CHECK_CONCURRENCY, stream: true, warmup: CHECK_CONCURRENCY },
  });
  if (!checked.ok) throw new Error(`the self-check's scenario is invalid: ${JSON.stringify(checked.errors)}`);
  const transport = createRunTransport(command, checked.scenario);
  const ttfts: number[] = [];
  const latencies: number[] = [];
  try {
    await runScenario({
      runId: "self-check",
      scenario: checked.scenario,
      fetch: transport.fetch,
      onRecord: (record) => {
        if (record.warmup || record.status !== "ok" || record.ttftMs === null) return;
        ttfts.push(record.ttftMs);
        latencies.push(record.latencyMs);
      },
    });
  } finally {
    await transport.close();
    await sandbox.close();
  }
  if (ttfts.length === 0) throw new Error("the self-check's requests all failed");
  const ttft = timingErrors(ttfts, timing.ttftMs);
  const latency = timingErrors(latencies, timing.totalMs);
  return { requests: ttfts.length, ttftErrorP50Ms: ttft.p50Ms, ttftErrorP99Ms: ttft.p99Ms, latencyErrorP50Ms: latency.p50Ms, latencyErrorP99Ms: latency.p99Ms };
}
