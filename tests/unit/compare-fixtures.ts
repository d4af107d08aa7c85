// Records and scenarios for the compare component tests.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { RequestRecord } from "../../src/core/record";
import { requestRecord } from "./request-record";
import { type Scenario, validateScenario } from "../../src/core/scenario";

export function makeRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return requestRecord({ targetId: "fast", startedAt: 1_700_000_000_000, ttftMs: 50, inputTokens: 10, outputTokens: 20, chunkCount: 20, ...overrides });
}

/** One successful record of the target per latency, a second apart. */
export function recordsWithLatencies(targetId: string, latenciesMs: number[]): RequestRecord[] {
  return latenciesMs.map((latencyMs, repetition) =>
    makeRecord({ targetId, latencyMs, repetition, startedAt: 1_700_000_000_000 + repetition * 1000 }),
  );
}

// From this file's own path: under happy-dom, import.meta.url is the page's address, not the file's.
const SCENARIOS_FOLDER = resolve(__dirname, "../../scenarios");

/** A bundled scenario file (scenarios/<file>) as written, for a test to change before validating it. */
export function bundledScenarioJson(file: string): { targets: Record<string, unknown>[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(SCENARIOS_FOLDER, file), "utf8")) as { targets: Record<string, unknown>[] } & Record<string, unknown>;
}

/** A scenario from its JSON, validated (a test's change that makes it invalid fails the test). */
export function scenarioFromJson(json: unknown): Scenario {
  const result = validateScenario(json);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** A bundled scenario file, validated. */
export function bundledScenario(file: string): Scenario {
  return scenarioFromJson(bundledScenarioJson(file));
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
