// One successful, non-streaming request record with every field set, for tests to override what they
// are about; each test file's own defaults are a thin wrapper over this one.
import type { RequestRecord } from "../../src/core/record";

export function requestRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    runId: "run-1",
    targetId: "a",
    inputIndex: 0,
    repetition: 0,
    attempt: 1,
    warmup: false,
    startedAt: 1000,
    ttftMs: null,
    latencyMs: 100,
    status: "ok",
    errorKind: null,
    httpStatus: 200,
    errorMessage: null,
    inputTokens: null,
    outputTokens: null,
    tokensEstimated: false,
    chunkCount: 0,
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
