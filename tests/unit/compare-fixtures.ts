// Records and scenarios for the compare component tests.
import type { RequestRecord } from "../../src/core/record";
import { type Scenario } from "../../src/core/scenario";
import { validateScenario } from "../../src/core/scenario-file";

export function makeRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    runId: "run-1",
    targetId: "fast",
    inputIndex: 0,
    repetition: 0,
    attempt: 1,
    warmup: false,
    startedAt: 1_700_000_000_000,
    ttftMs: 50,
    latencyMs: 100,
    status: "ok",
    errorKind: null,
    httpStatus: 200,
    errorMessage: null,
    inputTokens: 10,
    outputTokens: 20,
    tokensEstimated: false,
    chunkCount: 20,
    output: "hello",
    outputBytes: 5,
    truncated: false,
    checksPassed: null,
    failedChecks: null,
    connectMs: null,
    tlsMs: null,
    waitingMs: null,
    receivingMs: null,
    connectionReused: null,
    scheduledAt: null,
    queueMs: null,
    stage: null,
    retryAfterMs: null,
    ...overrides,
  };
}

/** One successful record of the target per latency, a second apart. */
export function recordsWithLatencies(targetId: string, latenciesMs: number[]): RequestRecord[] {
  return latenciesMs.map((latencyMs, repetition) =>
    makeRecord({ targetId, latencyMs, repetition, startedAt: 1_700_000_000_000 + repetition * 1000 }),
  );
}

export function makeScenario(targetIds: string[], inputs: string[] = ["Say hello"]): Scenario {
  const result = validateScenario({
    version: 1,
    name: "Sandbox: streaming chat",
    task: "chat-completion",
    targets: targetIds.map((id) => ({ id, endpointUrl: `sandbox:/${id}/v1`, model: "m" })),
    inputs,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}
