// Tool calls end to end in core, without a network: stream deltas of a real recorded sequence assembled,
// each call judged (JSON, the tool's schema, the tool offered), the toolCall expectation, the scenario's
// tools checked field by field, and the summary's rates and the verdict's row computed from records.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { collectStream, type OutputChunkKind, ToolCallAssembler, toolCallsOfMessage } from "../../src/core/tasks";
import { checkScenarioShape, compileChecks, compileToolJudge, judgeOutput } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import { metricById, measuredFigures } from "../../src/core/metrics";
import { objectiveVerdicts } from "../../src/core/verdict";
import { parseRecordLine } from "../../src/core/record";
import { requestRecord } from "./request-record";

const streams = JSON.parse(readFileSync(resolve(import.meta.dirname, "../fixtures/tool-call-streams.json"), "utf8")) as Record<string, unknown[]>;

const deltasOf = (chunk: unknown): unknown => (chunk as { choices: { delta?: { tool_calls?: unknown } }[] }).choices[0]?.delta?.tool_calls;

async function* replay(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  for (const chunk of chunks) yield await Promise.resolve(chunk);
}

const WEATHER_TOOLS = [
  {
    type: "function",
    function: {
      name: "get_weather",
      parameters: { type: "object", properties: { location: { type: "string", format: "city" } }, required: ["location"], additionalProperties: false },
    },
  },
  { type: "function", function: { name: "get_local_time" } },
];

describe("tool-call deltas", () => {
  it("assembles OpenAI's recorded get_weather stream, timing every piece as output", async () => {
    const kinds: OutputChunkKind[] = [];
    const hooks = { fetch, signal: new AbortController().signal, onContent: (kind: OutputChunkKind) => kinds.push(kind), fetchAnswerUrl: () => Promise.reject(new Error("no")) };
    const result = await collectStream(
      replay(streams.openaiGetWeather!),
      (chunk) => (chunk as { choices: { delta?: { content?: string | null } }[] }).choices[0]?.delta?.content,
      (chunk) => (chunk as { usage?: null }).usage,
      hooks,
      () => null,
      { deltasOf, assembler: new ToolCallAssembler() },
    );
    expect(result.toolCalls).toEqual([{ name: "get_weather", arguments: '{"location": "Tokyo"}', id: "call_PieqNSej6kM9hgYbcQdbZSaC" }]);
    // The first delta (name, arguments "") and five pieces: six chunks of output, no answer text.
    expect(kinds).toEqual(Array(6).fill("toolCall"));
    expect(result.output).toBe("");
    expect(result.finished).toBe(true);
    expect(result.usage?.completionTokens).toBe(31);
  });

  it("keeps parallel calls apart by index, in the order they began", () => {
    const assembler = new ToolCallAssembler();
    for (const chunk of streams.parallelDerived!) assembler.add(deltasOf(chunk));
    expect(assembler.result()).toEqual([
      { name: "get_weather", arguments: '{"location": "Paris"}', id: "call_a" },
      { name: "get_local_time", arguments: '{"city": "Paris"}', id: "call_b" },
    ]);
  });

  it("reads calls sent whole without an index, and arguments sent as an object", () => {
    const assembler = new ToolCallAssembler();
    expect(assembler.add([{ id: "a", function: { name: "get_weather", arguments: { location: "Oslo" } } }])).toBe(true);
    expect(assembler.add([{ id: "b", function: { name: "get_local_time", arguments: "{}" } }])).toBe(true);
    expect(assembler.add(null)).toBe(false);
    expect(assembler.result()).toEqual([
      { name: "get_weather", arguments: '{"location":"Oslo"}', id: "a" },
      { name: "get_local_time", arguments: "{}", id: "b" },
    ]);
    expect(toolCallsOfMessage({ content: null, tool_calls: [{ id: "c", type: "function", function: { name: "x", arguments: "{}" } }] })).toEqual([{ name: "x", arguments: "{}", id: "c" }]);
    expect(toolCallsOfMessage({ content: "plain text" })).toEqual([]);
  });
});

describe("judging calls", () => {
  const judged = compileToolJudge({ tools: WEATHER_TOOLS });
  if (!judged.ok || judged.judge === null) throw new Error("the tools should compile");
  const judge = judged.judge;

  it("tells valid calls from bad JSON, schema failures and tools never offered", () => {
    const calls = [
      { name: "get_weather", arguments: '{"location": "Tokyo"}' },
      { name: "get_weather", arguments: '{"location": "Tok' },
      { name: "get_weather", arguments: '{"city": "Tokyo"}' },
      { name: "get_local_time", arguments: '{"anything": 1}' },
      { name: "search_web", arguments: "{}" },
    ];
    expect(judge.judge(calls, 1000).map((call) => [call.argumentsJson, call.valid])).toEqual([
      [true, true],
      [false, false],
      [true, false],
      [true, true],
      [true, false],
    ]);
    // Cut to the kept length, judged on the whole.
    expect(judge.judge([calls[0]!], 5)[0]).toEqual({ name: "get_weather", arguments: '{"loc', argumentsJson: true, valid: true });
  });

  it("judges toolCall expectations: the tool, a subset or exact arguments, a schema", () => {
    const compiled = compileChecks([
      { type: "toolCall", tool: "get_weather", arguments: { location: "Tokyo" }, match: "subset" },
      { type: "toolCall", tool: "get_weather", arguments: { location: "Tokyo" }, match: "exact", name: "exact" },
      { type: "toolCall", tool: "get_weather", match: "subset", argumentsSchema: { type: "object", required: ["unit"] }, name: "schema" },
    ]);
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    expect(judgeOutput(compiled.checks, 0, "", [{ name: "get_weather", arguments: '{"location": "Tokyo", "unit": "c"}' }])).toEqual({ checksPassed: false, failedChecks: "exact" });
    expect(judgeOutput(compiled.checks, 0, "", [{ name: "get_weather", arguments: '{"location": "Tokyo"}' }])).toEqual({ checksPassed: false, failedChecks: "schema" });
    expect(judgeOutput(compiled.checks, 0, "Tokyo is sunny.", [])).toEqual({ checksPassed: false, failedChecks: "toolCall#0,exact,schema" });
    expect(compiled.checks.map((check) => check.tool)).toEqual(["get_weather", "get_weather", "get_weather"]);
  });
});

describe("the scenario's tools", () => {
  const base = { version: 1, name: "t", task: "chat-completion", targets: [{ id: "a", endpointUrl: "http://127.0.0.1:9/v1", model: "m" }], inputs: ["hi"] };
  const errorsOf = (parameters: unknown): string[] => {
    const result = checkScenarioShape({ ...base, parameters });
    return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
  };

  it("names the field of each mistake", () => {
    expect(errorsOf({ tools: WEATHER_TOOLS, tool_choice: "auto" })).toEqual([]);
    expect(errorsOf({ tools: [{ type: "function", function: { name: "get weather" } }] })).toEqual(["parameters.tools[0].function.name: must be 1-64 letters, digits, '_' or '-'"]);
    expect(errorsOf({ tools: [{ type: "tool", function: { name: "a" } }] })).toEqual(['parameters.tools[0].type: must be "function"']);
    expect(errorsOf({ tools: [{ type: "function", function: { name: "a", parameters: [] } }] })).toEqual(["parameters.tools[0].function.parameters: must be a JSON Schema object"]);
    expect(errorsOf({ tools: [WEATHER_TOOLS[0], WEATHER_TOOLS[0]] })).toEqual(['parameters.tools[1].function.name: "get_weather" is offered twice']);
    expect(errorsOf({ tools: WEATHER_TOOLS, tool_choice: { type: "function", function: { name: "search" } } })).toEqual([
      "parameters.tool_choice.function.name: names no offered tool (offered: get_weather, get_local_time)",
    ]);
    expect(errorsOf({ tool_choice: "required" })).toEqual(["parameters.tool_choice: needs tools: there is nothing to choose from"]);
  });

  it("refuses a tool schema that cannot be compiled, naming the tool", () => {
    const judged = compileToolJudge({ tools: [{ type: "function", function: { name: "a", parameters: { $ref: "#" } } }] });
    expect(judged.ok ? [] : judged.errors.map((error) => error.path)).toEqual(["parameters.tools[0].function.parameters"]);
  });
});

describe("tool calls in the summary and the verdict", () => {
  const call = (valid: boolean, name = "get_weather") => ({ name, arguments: valid ? "{}" : "{", argumentsJson: valid, valid });
  const records = [
    // a: 20 requests, every one a valid call of the right tool.
    ...Array.from({ length: 20 }, (_, index) => requestRecord({ targetId: "a", repetition: index, toolCalls: [call(true)], rightTool: true, timeToToolCallMs: 100 + index, timeToFirstToolCallMs: 50 })),
    // b: 20 requests, 8 calls with bad JSON, 4 of the wrong tool, 4 answers in text.
    ...Array.from({ length: 20 }, (_, index) =>
      requestRecord({
        targetId: "b",
        repetition: index,
        toolCalls: index < 4 ? [] : [call(index >= 12, index >= 8 && index < 12 ? "get_local_time" : "get_weather")],
        rightTool: index >= 4 && !(index >= 8 && index < 12),
        timeToToolCallMs: index < 4 ? null : 200,
      }),
    ),
    // A failed request is not a tool request.
    requestRecord({ targetId: "b", repetition: 99, status: "error", errorKind: "http_5xx", toolCalls: null }),
  ];
  const rows = summarize(records, ["a", "b"]);

  it("computes the rates with Wilson intervals and the time to a complete call", () => {
    const [a, b] = rows as [(typeof rows)[number], (typeof rows)[number]];
    expect([a.toolRequests, a.toolCallRate, a.validCallRate, a.rightToolRate]).toEqual([20, 1, 1, 1]);
    expect([b.toolRequests, b.toolCallRate, b.validCallRate, b.rightToolRate]).toEqual([20, 0.8, 0.4, 0.6]);
    expect(b.validCallRateCi95![0]).toBeLessThan(0.4);
    expect(b.validCallRateCi95![1]).toBeGreaterThan(0.4);
    expect(a.timeToToolCallMs.p50).toBeCloseTo(109.5, 5);
    expect(b.timeToToolCallMs.count).toBe(16);
    expect(metricById("timeToToolCallP90Ms").value(a)).toBeGreaterThan(110);
  });

  it("names the most reliable tool calls only in a run that offered tools", () => {
    const scenario = { task: "chat-completion", targets: [], run: { stream: true }, expectations: [], parameters: { tools: WEATHER_TOOLS } } as unknown as Parameters<typeof measuredFigures>[0];
    const verdicts = objectiveVerdicts(rows, [], (id) => id, undefined, measuredFigures(scenario));
    const tools = verdicts.find((verdict) => verdict.objective === "toolCalls");
    expect(tools).toMatchObject({ state: "best", best: ["a"], title: "Most reliable tool calls" });
    const without = objectiveVerdicts(rows, [], (id) => id, undefined, measuredFigures({ ...scenario, parameters: {} }));
    expect(without.some((verdict) => verdict.objective === "toolCalls")).toBe(false);
  });

  it("reads a record's tool calls back from a records file, and a record without them", () => {
    const line = JSON.stringify(records[25]);
    const parsed = parseRecordLine(line, 1);
    expect(parsed.ok && parsed.record.toolCalls).toEqual(records[25]!.toolCalls);
    const { toolCalls: _calls, rightTool: _right, timeToToolCallMs: _time, timeToFirstToolCallMs: _first, ...older } = records[0]!;
    expect(parseRecordLine(JSON.stringify(older), 1).ok).toBe(true);
  });
});
