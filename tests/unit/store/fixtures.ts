// Records and runs for store tests.
import type { RequestRecord } from "../../../src/core/record";
import { requestRecord } from "../request-record";
import { type Scenario, validateScenario } from "../../../src/core/scenario";
import type { StoredRun } from "../../../src/store/db";

export function testScenario(): Scenario {
  const result = validateScenario({
    version: 1,
    name: "store test",
    task: "chat-completion",
    targets: [
      { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" },
      { id: "slow", endpointUrl: "sandbox:/slow/v1", model: "m" },
    ],
    inputs: ["hello"],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

export function testRun(id: string, overrides: Partial<StoredRun> = {}): StoredRun {
  return {
    id,
    scenarioId: "bundled:test",
    scenarioName: "store test",
    spec: testScenario(),
    status: "completed",
    startedAt: 1_700_000_000_000,
    finishedAt: 1_700_000_010_000,
    planned: 2,
    appVersion: "0.1.0",
    libraryVersions: { "@huggingface/inference": "4.13.30" },
    userAgent: "test",
    summary: null,
    errorMessage: null,
    replayOfRunId: null,
    ...overrides,
  };
}

export function testRecord(runId: string, index: number, overrides: Partial<RequestRecord> = {}): RequestRecord {
  return requestRecord({
    runId,
    targetId: index % 2 === 0 ? "fast" : "slow",
    repetition: index,
    startedAt: 1_700_000_000_000 + index,
    latencyMs: 100 + index,
    inputTokens: 5,
    outputTokens: 10,
    output: `answer ${index}`,
    outputBytes: 42,
    ...overrides,
  });
}
