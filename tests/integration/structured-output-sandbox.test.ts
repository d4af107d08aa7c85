// The bundled structured-output scenario run by the runner against the sandbox: a profile that fills the
// json_schema always, one that sometimes cuts its JSON short or leaves out a required property, and one
// that knows only JSON mode (`{"answer": …}`, sometimes fenced). The response format reaches the server
// through the library, and the per-target rates differ as the profiles intend.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { parseScenarioText, type Scenario } from "../../src/core/scenario";
import { measuredFigures } from "../../src/core/metrics";
import { objectiveVerdicts } from "../../src/core/verdict";
import { summarize, type SummaryRow } from "../../src/core/stats";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ timeScale: 0.02 });
});
afterAll(async () => {
  await sandbox.close();
});

async function bundledScenario(): Promise<Scenario> {
  const parsed = parseScenarioText(await readFile(resolve(import.meta.dirname, "../../scenarios/sandbox-structured-output.json"), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

async function run(scenario: Scenario): Promise<{ records: RequestRecord[]; rows: Map<string, SummaryRow> }> {
  const records: RequestRecord[] = [];
  const result = await runScenario({ runId: "structured", scenario, sandboxUrl: sandbox.url, onRecord: (record) => records.push(record) });
  expect(result.status).toBe("completed");
  return { records, rows: new Map(summarize(records, scenario.targets.map((target) => target.id)).map((row) => [row.targetId, row])) };
}

describe("structured output against the sandbox", () => {
  it("streams: the honouring target is always schema-valid, the flaky one less so, the JSON-mode one never", async () => {
    const scenario = await bundledScenario();
    const { records, rows } = await run(scenario);
    const [honours, flaky, jsonMode] = ["honours", "flaky", "json-mode"].map((id) => rows.get(id)!);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(records.every((record) => record.structuredOutput !== undefined && record.structuredOutput !== null)).toBe(true);
    expect([honours!.structuredRequests, honours!.schemaValidRate, honours!.schemaMismatchRate]).toEqual([30, 1, 0]);
    expect(JSON.parse(records.find((record) => record.targetId === "honours")!.output!)).toMatchObject({ name: expect.any(String), age: expect.any(Number) });
    // Both of the flaky profile's failures occur: cut short (not JSON) and a required property left out.
    const flakyVerdicts = new Set(records.filter((record) => record.targetId === "flaky").map((record) => record.structuredOutput));
    expect(flakyVerdicts).toEqual(new Set(["valid", "invalid-json", "schema-mismatch"]));
    expect(flaky!.schemaValidRate).toBeLessThan(1);
    expect(flaky!.schemaValidRate).toBeGreaterThan(0.4);
    expect(flaky!.schemaValidRateCi95![1]).toBeGreaterThan(flaky!.schemaValidRate!);
    // JSON mode's `{"answer": …}` parses but fails the schema; fenced, it does not parse.
    expect(jsonMode!.schemaValidRate).toBe(0);
    expect(jsonMode!.schemaMismatchRate).toBeGreaterThan(0);
    expect(jsonMode!.schemaMismatchRate).toBeLessThan(1);

    const verdict = objectiveVerdicts([...rows.values()], null, (id) => id, undefined, measuredFigures(scenario)).find((row) => row.objective === "structuredOutput")!;
    expect(verdict.title).toBe("Most reliable structured output");
    expect(verdict.best).toEqual(["honours"]);
  });

  it("reads whole answers too, and a run without response_format keeps no verdict", async () => {
    const scenario = await bundledScenario();
    const whole: Scenario = { ...scenario, targets: scenario.targets.slice(0, 1), run: { ...scenario.run, stream: false, repetitions: 1 } };
    const { records } = await run(whole);
    expect(records.map((record) => record.structuredOutput)).toEqual(["valid", "valid", "valid"]);
    const { response_format: _omitted, ...plain } = scenario.parameters;
    const { records: plainRecords, rows } = await run({ ...whole, parameters: plain });
    expect(plainRecords.every((record) => !("structuredOutput" in record))).toBe(true);
    expect(rows.get("honours")!.schemaValidRate).toBeNull();
  });
});
