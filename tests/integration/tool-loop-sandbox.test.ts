// Tool loops (docs/metrics.md, "Tool loops"): the bundled two-step scenario run by the runner against the
// sandbox's three tool profiles, and a loop against a loopback server of our own that reads what each
// request carries: the second request holds the assistant's calls and a `tool` message with the canned result.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { parseScenarioText, type Scenario } from "../../src/core/scenario";
import { summarize, type SummaryRow } from "../../src/core/stats";
import { objectiveVerdicts } from "../../src/core/verdict";
import { measuredFigures } from "../../src/core/metrics";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ timeScale: 0.02 });
});
afterAll(async () => {
  await sandbox.close();
});

async function bundledLoopScenario(): Promise<Scenario> {
  const parsed = parseScenarioText(await readFile(resolve(import.meta.dirname, "../../scenarios/sandbox-tool-loop.json"), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

async function run(scenario: Scenario, sandboxUrl?: string): Promise<{ records: RequestRecord[]; rows: Map<string, SummaryRow> }> {
  const records: RequestRecord[] = [];
  const result = await runScenario({ runId: "loop", scenario, ...(sandboxUrl === undefined ? {} : { sandboxUrl }), onRecord: (record) => records.push(record) });
  expect(result.status).toBe("completed");
  return { records, rows: new Map(summarize(records, scenario.targets.map((target) => target.id)).map((row) => [row.targetId, row])) };
}

describe("tool loops against the sandbox", () => {
  it("runs the bundled loop: the reliable target answers in two steps, the flaky one sometimes more, the one ignoring tools in one", async () => {
    const bundled = await bundledLoopScenario();
    // The bundled run, at a wider concurrency: the same requests and answers (each drawn from its own seed), sooner.
    const scenario: Scenario = { ...bundled, run: { ...bundled.run, concurrency: 18 } };
    const { records, rows } = await run(scenario, sandbox.url);
    const [reliable, flaky, ignores] = ["reliable", "flaky", "ignores"].map((id) => rows.get(id)!);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    const reliableRecords = records.filter((record) => record.targetId === "reliable");
    expect(reliableRecords.every((record) => record.toolSteps === 2 && record.toolLoopEnd === "answer")).toBe(true);
    // The final answer is the record's text; its time runs past the first step's, which stays the record's latency.
    for (const record of reliableRecords) {
      expect(record.output).not.toBe("");
      expect(record.timeToFinalAnswerMs!).toBeGreaterThan(record.latencyMs!);
      expect(record.toolStepCalls!.map((calls) => calls.length)).toEqual([1, 0]);
      expect(record.toolStepCalls![0]).toEqual(record.toolCalls);
      // Both steps' usage (the sandbox reports it): the second request carried the first's conversation again.
      expect(record.toolLoopInputTokens!).toBeGreaterThan(2 * record.inputTokens!);
      expect(record.toolLoopOutputTokens!).toBeGreaterThan(record.outputTokens!);
    }
    expect([reliable!.toolLoopFinishedRate, reliable!.toolStepsMean, reliable!.validCallRate, reliable!.rightToolRate]).toEqual([1, 2, 1, 1]);
    expect(reliable!.timeToFinalAnswerMs.p50).not.toBeNull();
    // Flaky calls again now and then: more steps on average, and some loops stopped at maxToolSteps (3).
    expect(flaky!.toolStepsMean!).toBeGreaterThan(2);
    expect(flaky!.toolLoopFinishedRate!).toBeLessThan(1);
    const stopped = records.find((record) => record.targetId === "flaky" && record.toolLoopEnd === "step-limit")!;
    expect([stopped.toolSteps, stopped.timeToFinalAnswerMs, stopped.toolStepCalls!.every((calls) => calls.length > 0)]).toEqual([3, null, true]);
    // A provider that ignores tools is counted, not crashed on: one step, a finished loop, no calls.
    expect([ignores!.toolLoopFinishedRate, ignores!.toolStepsMean, ignores!.validCallRate]).toEqual([1, 1, 0]);
    const verdicts = objectiveVerdicts([...rows.values()], null, (id) => id, undefined, measuredFigures(scenario));
    const loopVerdict = verdicts.find((verdict) => verdict.objective === "toolLoop")!;
    expect(loopVerdict.best).toContain("reliable");
    expect(loopVerdict.sentence).toMatch(/tool loops/);
  });
});

describe("a tool loop at a loopback server", () => {
  let server: Server;
  let url = "";
  const bodies: { messages: { role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }[] }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      request.on("end", () => {
        const body = JSON.parse(text) as (typeof bodies)[number];
        bodies.push(body);
        const answered = body.messages.some((message) => message.role === "tool");
        const message = answered
          ? { role: "assistant", content: "It is 18 degrees and raining in Paris." }
          : { role: "assistant", content: null, tool_calls: [{ id: "call_abc", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] };
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ id: "x", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, message, finish_reason: answered ? "stop" : "tool_calls" }] }));
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it("sends the assistant's call and the canned result in the second request, and records the loop", async () => {
    const parsed = parseScenarioText(
      JSON.stringify({
        version: 1,
        name: "loop",
        task: "chat-completion",
        targets: [{ id: "local", endpointUrl: url, model: "m" }],
        inputs: ["What is the weather in Paris?"],
        parameters: { tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }] },
        toolResults: { get_weather: { cases: [{ arguments: { city: "Paris" }, result: { temperature: 18 } }], result: "unknown city" } },
        run: { repetitions: 1, concurrency: 1, stream: false },
      }),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { records } = await run(parsed.scenario);
    expect(bodies).toHaveLength(2);
    const second = bodies[1]!.messages;
    expect(second.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(second[1]!.tool_calls).toEqual([{ id: "call_abc", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }]);
    expect(second[2]).toEqual({ role: "tool", tool_call_id: "call_abc", content: '{"temperature":18}' });
    const [record] = records;
    expect(record).toMatchObject({ status: "ok", toolSteps: 2, toolLoopEnd: "answer", output: "It is 18 degrees and raining in Paris." });
    expect(record!.toolStepCalls).toEqual([[{ name: "get_weather", arguments: '{"city":"Paris"}', argumentsJson: true, valid: true }], []]);
    expect(record!.timeToFinalAnswerMs!).toBeGreaterThanOrEqual(record!.latencyMs!);
  });
});
