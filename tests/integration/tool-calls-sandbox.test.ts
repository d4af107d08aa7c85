// The bundled tool-call scenario run by the runner against the sandbox's three tool profiles (one that
// calls the right tool, one whose calls are sometimes malformed or wrong, one that ignores tools): the
// tools reach the server through the library, streamed and whole answers are read, and the per-target
// rates differ as the profiles intend.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { parseScenarioText, type Scenario } from "../../src/core/scenario";
import { summarize, type SummaryRow } from "../../src/core/stats";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ timeScale: 0.02 });
});
afterAll(async () => {
  await sandbox.close();
});

async function bundledToolScenario(): Promise<Scenario> {
  const parsed = parseScenarioText(await readFile(resolve(import.meta.dirname, "../../scenarios/sandbox-tool-calls.json"), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

async function run(scenario: Scenario): Promise<{ records: RequestRecord[]; rows: Map<string, SummaryRow> }> {
  const records: RequestRecord[] = [];
  const result = await runScenario({ runId: "tools", scenario, sandboxUrl: sandbox.url, onRecord: (record) => records.push(record) });
  expect(result.status).toBe("completed");
  return { records, rows: new Map(summarize(records, scenario.targets.map((target) => target.id)).map((row) => [row.targetId, row])) };
}

describe("tool calls against the sandbox", () => {
  it("streams: the reliable target calls validly, the flaky one less so, the one that ignores tools never", async () => {
    const { records, rows } = await run(await bundledToolScenario());
    const [reliable, flaky, ignores] = ["reliable", "flaky", "ignores"].map((id) => rows.get(id)!);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect([reliable!.toolCallRate, reliable!.validCallRate, reliable!.rightToolRate, reliable!.checksPassRate]).toEqual([1, 1, 1, 1]);
    expect(flaky!.toolCallRate).toBeGreaterThan(0.5);
    expect(flaky!.validCallRate).toBeLessThan(reliable!.validCallRate!);
    expect(flaky!.rightToolRate).toBeLessThan(1);
    expect([ignores!.toolCallRate, ignores!.validCallRate, ignores!.rightToolRate]).toEqual([0, 0, 0]);
    // Answered in text, counted and not crashed on: its records hold the text and no call.
    const ignored = records.find((record) => record.targetId === "ignores")!;
    expect(ignored.toolCalls).toEqual([]);
    expect(ignored.output).not.toBe("");
    // A streamed call: its first piece, then the rest in several chunks (at this time scale they may share a read).
    const called = records.find((record) => record.targetId === "reliable")!;
    expect(called.timeToFirstToolCallMs).not.toBeNull();
    expect(called.timeToToolCallMs!).toBeGreaterThanOrEqual(called.timeToFirstToolCallMs!);
    expect(called.outputChunkCount).toBeGreaterThan(2);
    expect(reliable!.timeToToolCallMs.p50).not.toBeNull();
    expect(ignores!.timeToToolCallMs.count).toBe(0);
  });

  it("reads whole answers too, and honours a tool_choice that forces one tool", async () => {
    const scenario = await bundledToolScenario();
    const forced: Scenario = {
      ...scenario,
      targets: scenario.targets.slice(0, 1),
      parameters: { ...scenario.parameters, tool_choice: { type: "function", function: { name: "get_local_time" } } },
      run: { ...scenario.run, stream: false, repetitions: 2 },
    };
    const { records, rows } = await run(forced);
    expect(records.every((record) => record.toolCalls?.length === 1 && record.toolCalls[0]!.name === "get_local_time")).toBe(true);
    expect(records.every((record) => record.timeToFirstToolCallMs === null && record.timeToToolCallMs === record.latencyMs)).toBe(true);
    // Inputs 0 and 2 expect get_weather: the forced tool is the wrong one there.
    expect(rows.get("reliable")!.rightToolRate).toBeCloseTo(1 / 3, 5);
  });
});
