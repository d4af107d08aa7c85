// "Everything is seeded, so runs repeat": the same scenario run twice against one sandbox gets the same
// answers request by request (core/endpoints/sandbox-request.ts): its outcomes, outputs and checks, hence the same
// pass rates, whatever the sandbox served before and in whatever order the requests arrived.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { type Scenario, parseScenarioText } from "../../src/core/scenario";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function bundled(name: string): Promise<Scenario> {
  const parsed = parseScenarioText(await readFile(resolve(import.meta.dirname, "../../scenarios", name), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

/** Each record's identity and what the provider decided about it, in a stable order. */
async function outcomes(scenario: Scenario, url: string, runId: string): Promise<string[]> {
  const records: RequestRecord[] = [];
  const result = await runScenario({ runId, scenario, sandboxUrl: url, onRecord: (record) => records.push(record), sleep: () => Promise.resolve() });
  expect(result.status).toBe("completed");
  return records
    .map((record) => JSON.stringify([record.targetId, record.warmup, record.inputIndex, record.repetition, record.attempt, record.status, record.errorKind, record.httpStatus, record.outputTokens, record.output, record.checksPassed]))
    .sort();
}

function passRates(lines: string[]): Record<string, number> {
  const rows = lines.map((line) => JSON.parse(line) as [string, boolean, number, number, number, string, string | null, number | null, number | null, string, boolean | null]);
  const rates: Record<string, number> = {};
  for (const targetId of new Set(rows.map((row) => row[0]))) {
    const judged = rows.filter((row) => row[0] === targetId && !row[1] && row[10] !== null);
    rates[targetId] = judged.filter((row) => row[10] === true).length / judged.length;
  }
  return rates;
}

describe("runs against one sandbox repeat", () => {
  it("gives two back-to-back runs of the bundled streaming scenario the same per-request outcomes and pass rates", async () => {
    sandbox = await startSandbox({ timeScale: 0.02 });
    const scenario = await bundled("sandbox-chat-streaming.json");
    const first = await outcomes(scenario, sandbox.url, "first");
    const second = await outcomes(scenario, sandbox.url, "second");
    expect(second).toEqual(first);
    expect(passRates(second)).toEqual(passRates(first));
    // The scenario's checks tell the targets apart (not every answer passes), so equal rates say something.
    expect(Object.values(passRates(first)).some((rate) => rate > 0 && rate < 1)).toBe(true);
  });

  it("repeats the flaky provider's failures and retries, whatever the arrival order", async () => {
    sandbox = await startSandbox({ timeScale: 0.02 });
    const scenario = await bundled("sandbox-chat.json");
    const first = await outcomes(scenario, sandbox.url, "first");
    expect(first.some((line) => line.includes('"error"'))).toBe(true);
    expect(await outcomes(scenario, sandbox.url, "second")).toEqual(first);
    // One request at a time arrives in another order than four at once: the answers are the same.
    expect(await outcomes({ ...scenario, run: { ...scenario.run, concurrency: 1, perTargetConcurrency: 1 } }, sandbox.url, "third")).toEqual(first);
  });
});
