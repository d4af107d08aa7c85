// Tool loops (docs/metrics.md, "Tool loops"): the canned result a call gets, the scenario's checks of
// toolResults and maxToolSteps, and the per-target figures from records (steps, finished share, time to final answer).
import { describe, expect, it } from "vitest";
import { checkScenarioShape, toolResultText, type ToolResults } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import { measuredFigures, metricById, metricsIn } from "../../src/core/metrics";
import { objectiveVerdicts } from "../../src/core/verdict";
import { parseRecordLine, type RequestRecord } from "../../src/core/record";
import { requestRecord } from "./request-record";

const RESULTS: ToolResults = {
  get_weather: { cases: [{ arguments: { city: "Paris" }, result: { temperature: 18 } }, { arguments: { city: "Oslo", unit: "celsius" }, result: "-3 C" }], result: "no weather there" },
  get_local_time: { result: { time: "09:30" } },
  search: { cases: [{ arguments: { query: "x" }, result: "found x" }] },
};

describe("tool results", () => {
  it("answers a call by its arguments, else the tool's own result, else says why there is none", () => {
    expect(toolResultText(RESULTS, { name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}' })).toBe('{"temperature":18}');
    expect(toolResultText(RESULTS, { name: "get_weather", arguments: '{"city":"Oslo","unit":"celsius"}' })).toBe("-3 C");
    // A case matches when the call's arguments contain all of its own: Oslo without the unit is another call.
    expect(toolResultText(RESULTS, { name: "get_weather", arguments: '{"city":"Oslo"}' })).toBe("no weather there");
    expect(toolResultText(RESULTS, { name: "get_weather", arguments: '{"city": "Par' })).toBe("no weather there");
    expect(toolResultText(RESULTS, { name: "get_local_time", arguments: "{}" })).toBe('{"time":"09:30"}');
    expect(JSON.parse(toolResultText(RESULTS, { name: "search", arguments: '{"query":"y"}' }))).toEqual({ error: "no result for these arguments" });
    expect(JSON.parse(toolResultText(RESULTS, { name: "toString", arguments: "{}" }))).toEqual({ error: "no tool named toString" });
  });

  const base = { version: 1, name: "s", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/tools/v1", model: "m" }], inputs: ["hi"] };
  const tools = [{ type: "function", function: { name: "get_weather" } }];
  const errorsOf = (fields: Record<string, unknown>): string[] => {
    const result = checkScenarioShape({ ...base, ...fields });
    return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
  };

  it("names the field of each mistake in toolResults and maxToolSteps", () => {
    expect(errorsOf({ parameters: { tools }, toolResults: { get_weather: { result: "sunny" } }, maxToolSteps: 3 })).toEqual([]);
    expect(errorsOf({ toolResults: { get_weather: { result: "sunny" } } })).toEqual(["toolResults: needs parameters.tools: the loop answers calls of the tools offered"]);
    expect(errorsOf({ parameters: { tools }, toolResults: { get_time: { result: "9" } } })).toEqual(["toolResults.get_time: names no offered tool (offered: get_weather)"]);
    expect(errorsOf({ parameters: { tools }, toolResults: { get_weather: {} } })).toEqual(["toolResults.get_weather: needs a result, or cases keyed on arguments"]);
    expect(errorsOf({ parameters: { tools }, toolResults: { get_weather: { cases: [{ arguments: { city: "x" } }] } } })[0]).toMatch(/^toolResults\.get_weather\.cases\[0\]\.result: /);
    expect(errorsOf({ parameters: { tools }, toolResults: { get_weather: { result: "x" } }, maxToolSteps: 1 })).toEqual(["maxToolSteps: at least 2: the call and the answer after its result"]);
    expect(errorsOf({ maxToolSteps: 3 })).toEqual(["maxToolSteps: needs toolResults: without results there is no loop to limit"]);
    expect(errorsOf({ task: "text-classification", inputs: ["hi"], toolResults: { get_weather: { result: "x" } } })).toContain("toolResults: only chat-completion runs tool loops, not text-classification");
  });
});

function loop(targetId: string, steps: number, end: RequestRecord["toolLoopEnd"], timeToFinalAnswerMs: number | null, status: "ok" | "error" = "ok"): RequestRecord {
  return requestRecord({ targetId, status, toolCalls: status === "ok" ? [] : null, toolSteps: steps, toolLoopEnd: end, timeToFinalAnswerMs, toolStepCalls: [] });
}

describe("tool-loop figures", () => {
  const records = [
    ...[100, 200, 300, 400].map((ms) => loop("a", 2, "answer", ms)),
    loop("b", 3, "step-limit", null),
    loop("b", 2, "answer", 1000),
    loop("b", 1, "answer", 500),
    loop("b", 3, "step-limit", null),
    // A failed loop is a failed request: in no figure of the loops.
    loop("b", 2, "error", null, "error"),
    // A record of a run without tool results adds nothing.
    requestRecord({ targetId: "b" }),
  ];

  it("counts steps, finished loops and the time to final answer per target", () => {
    const [a, b] = summarize(records, ["a", "b"]);
    expect([a!.toolLoops, a!.toolLoopFinishedRate, a!.toolStepsMean]).toEqual([4, 1, 2]);
    expect([a!.timeToFinalAnswerMs.count, a!.timeToFinalAnswerMs.p50, a!.timeToFinalAnswerMs.max]).toEqual([4, 250, 400]);
    expect([b!.toolLoops, b!.toolLoopFinishedRate, b!.toolStepsMean]).toEqual([4, 0.5, 9 / 4]);
    expect(b!.timeToFinalAnswerMs.count).toBe(2);
    expect(b!.toolLoopFinishedRateCi95![0]).toBeLessThan(0.5);
    expect(metricById("timeToFinalAnswerP90Ms").value(a!)).toBeCloseTo(370, 5);
    expect(metricById("toolStepsMean").value(b!)).toBe(2.25);
  });

  it("names the target that finishes the most loops, only in a run with tool results", () => {
    const many = [...Array.from({ length: 40 }, () => loop("a", 2, "answer", 100)), ...Array.from({ length: 40 }, (_, index) => loop("b", 3, index < 10 ? "answer" : "step-limit", null))];
    const rows = summarize(many, ["a", "b"]);
    const scenario = { task: "chat-completion", targets: [{ id: "a" }, { id: "b" }], run: { stream: false }, parameters: { tools: [{}] }, toolResults: { x: { result: "1" } } } as unknown as Parameters<typeof measuredFigures>[0];
    const verdict = objectiveVerdicts(rows, null, (id) => id, undefined, measuredFigures(scenario)).find((entry) => entry.objective === "toolLoop")!;
    expect([verdict.state, verdict.best]).toEqual(["best", ["a"]]);
    const without = { ...scenario, toolResults: undefined } as Parameters<typeof measuredFigures>[0];
    expect(objectiveVerdicts(rows, null, (id) => id, undefined, measuredFigures(without)).some((entry) => entry.objective === "toolLoop")).toBe(false);
    // The Compare table and the CLI's show the loop's figures by default in such a run, and only there.
    const loopColumns = ["toolLoopFinishedRate", "toolStepsMean", "timeToFinalAnswerP50Ms", "timeToFinalAnswerP90Ms"];
    for (const view of ["table", "cli"] as const) {
      expect(metricsIn(view, measuredFigures(scenario)).map((metric) => metric.id)).toEqual(expect.arrayContaining(loopColumns));
      expect(metricsIn(view, measuredFigures(without)).some((metric) => loopColumns.includes(metric.id))).toBe(false);
    }
  });

  it("reads a loop's fields back from a records line, and a line written before them", () => {
    const record = loop("a", 2, "answer", 120);
    record.toolStepCalls = [[{ name: "get_weather", arguments: "{}", argumentsJson: true, valid: true }], []];
    expect(parseRecordLine(JSON.stringify(record), 1)).toEqual({ ok: true, record });
    const { toolSteps: _s, toolLoopEnd: _e, timeToFinalAnswerMs: _t, toolStepCalls: _c, ...older } = record;
    expect(parseRecordLine(JSON.stringify(older), 1).ok).toBe(true);
    expect(parseRecordLine(JSON.stringify({ ...record, toolLoopEnd: "done" }), 3)).toMatchObject({ ok: false, message: expect.stringContaining("toolLoopEnd") as unknown });
  });
});
