// The bundled flaky demo shows its faults every time: on a freshly started sandbox, whatever its seed,
// the bundled scenario with the flaky provider records failed attempts and the retries after them.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { parseScenarioText } from "../../src/core/scenario";
import { DEFAULT_SEED, startSandbox, type Sandbox } from "../../src/sandbox/server";

const FLAKY_SCENARIO = resolve(import.meta.dirname, "../../scenarios/sandbox-chat.json");

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("the bundled flaky scenario on a fresh sandbox", () => {
  it.each([DEFAULT_SEED, 1, 2, 3, 7, 1234])("records at least one failed attempt and one retry (seed %i)", async (seed) => {
    const parsed = parseScenarioText(await readFile(FLAKY_SCENARIO, "utf8"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.scenario.targets.map((target) => target.endpointUrl)).toContain("sandbox:/flaky/v1");
    sandbox = await startSandbox({ port: 0, seed, timeScale: 0.02 });
    const records: RequestRecord[] = [];
    const result = await runScenario({
      runId: `flaky-${seed}`,
      scenario: parsed.scenario,
      sandboxUrl: sandbox.url,
      onRecord: (record) => records.push(record),
      // The backoff (and the 429's Retry-After) is the runner's business, not this test's: no waiting.
      sleep: () => Promise.resolve(),
    });
    expect(result.status).toBe("completed");
    const flaky = records.filter((record) => record.targetId === "flaky");
    expect(flaky.filter((record) => record.status === "error").length).toBeGreaterThanOrEqual(1);
    expect(result.progress.outcomes.retries).toBeGreaterThanOrEqual(1);
    expect(flaky.some((record) => record.attempt > 1)).toBe(true);
    // The other targets stay clean: the faults are the flaky provider's own.
    expect(records.filter((record) => record.targetId !== "flaky").every((record) => record.status === "ok")).toBe(true);
  });
});
