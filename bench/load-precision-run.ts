// One open-loop run for the load-precision bench: the runner at a constant rate against the sandbox,
// through the command line's undici transport, on this thread or on the command line's worker threads,
// and each request's send lag.
import { runScenario } from "../src/core/run";
import { validateScenario } from "../src/core/scenario";
import { createRunTransport } from "../src/cli/transport/run-transport";
import { runInWorkers } from "../src/cli/workers/run-in-workers";
import type { RequestRecord } from "../src/core/record";

export interface OpenLoopSpec {
  sandboxUrl: string;
  rate: number;
  seconds: number;
  seed: number;
  /** Worker threads sending the run (the command line's --workers); 1: this thread. */
  workers?: number;
}

export interface OpenLoopSamples {
  /** queueMs of every request: the hand-over to fetch minus its scheduled time. */
  lags: number[];
  /** Scheduled times (epoch ms), to merge workers' records in order. */
  scheduledAt: number[];
  failed: number;
  spanMs: number;
}

export async function measureOpenLoop(spec: OpenLoopSpec): Promise<OpenLoopSamples> {
  const checked = validateScenario({
    version: 1,
    name: "load precision",
    task: "chat-completion",
    targets: [{ id: "instant", endpointUrl: "sandbox:/instant/v1", model: "m" }],
    inputs: ["x"],
    parameters: { max_tokens: 4 },
    // Warm-ups first (connections opened, code compiled): the figures are the steady state, not the cold start.
    run: { timeoutMs: 30_000, warmup: 50, concurrency: 4, load: { mode: "open", rate: spec.rate, arrival: "constant", requests: Math.round(spec.rate * spec.seconds), seed: spec.seed } },
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const transport = createRunTransport({ transport: "undici", http2: false }, checked.scenario);
  const samples: OpenLoopSamples = { lags: [], scheduledAt: [], failed: 0, spanMs: 0 };
  try {
    const onRecord = (record: RequestRecord): void => {
      if (record.warmup) return;
      if (record.status !== "ok") samples.failed++;
      if (record.queueMs !== null) samples.lags.push(record.queueMs);
      if (record.scheduledAt !== null) samples.scheduledAt.push(record.scheduledAt);
    };
    const common = { runId: "load-precision", scenario: checked.scenario, sandboxUrl: spec.sandboxUrl, onRecord };
    const workers = spec.workers ?? 1;
    const result =
      workers > 1
        ? await runInWorkers({ ...common, workers, signal: new AbortController().signal, transport: { transport: "undici", http2: false } })
        : await runScenario({ ...common, fetch: transport.fetch });
    samples.spanMs = result.finishedAt - result.startedAt;
  } finally {
    await transport.close();
  }
  return samples;
}
