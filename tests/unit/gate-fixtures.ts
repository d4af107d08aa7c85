// Hand-made runs for the regression gate's tests: seeded log-normal latencies, one record per (input, repetition).
import type { RequestRecord } from "../../src/core/record";
import { mulberry32, openUnit, standardNormal } from "../../src/core/random";
import { requestRecord } from "./request-record";

export interface RunShape {
  seed: number;
  targets?: string[];
  requests?: number;
  /** Every latency (and TTFT) multiplied by this: 1.25 is a 25% regression. */
  scale?: number;
  /** Share of requests that fail. */
  failureRate?: number;
  /** When the run starts (epoch ms). */
  start?: number;
  /** Output tokens of each successful request (for tokens/s); none unless given. */
  outputTokens?: number | null;
}

export function gateRecords({ seed, targets = ["fast"], requests = 120, scale = 1, failureRate = 0, start = 1_700_000_000_000, outputTokens = null }: RunShape): RequestRecord[] {
  const uniform = openUnit(mulberry32(seed));
  return targets.flatMap((targetId) =>
    Array.from({ length: requests }, (_, index) => {
      const latencyMs = scale * 400 * Math.exp(0.25 * standardNormal(uniform));
      const failed = uniform() < failureRate;
      return requestRecord({
        runId: `run-${seed}`,
        targetId,
        inputIndex: index % 20,
        repetition: Math.floor(index / 20),
        startedAt: start + index * 100,
        latencyMs,
        ttftMs: failed ? null : latencyMs / 4,
        outputTokens: failed ? null : outputTokens,
        status: failed ? "error" : "ok",
        errorKind: failed ? "http_5xx" : null,
        httpStatus: failed ? 500 : 200,
        errorMessage: failed ? "HTTP 500" : null,
      });
    }),
  );
}
