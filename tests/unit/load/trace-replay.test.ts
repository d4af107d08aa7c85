// A trace replayed on virtual time (issue 29, item 2): every request sent to every target at the
// trace's own time divided by the speed-up, within the window asked; its prompt exactly its length,
// prompts sharing leading hash ids sharing their leading text; the answer's length asked; the records
// keeping the schedule and the hash ids; and the scenario refusing what a trace decides itself.
import { beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../../src/core/record";
import { runScenario } from "../../../src/core/run";
import { formatScenarioErrors, type Scenario, validateScenario } from "../../../src/core/scenario";
import { summarize } from "../../../src/core/stats";
import { loadDefaultCorpus, loadOfflineTokenizer } from "../../../src/core/workloads";
import { virtualProvider, virtualTime } from "./virtual-time";

// Mooncake's shape: milliseconds from the start, hash ids of 16-token blocks here (blockSize below).
const TRACE = [
  { timestamp: 1000, input_length: 40, output_length: 7, hash_ids: [1, 2, 3] },
  { timestamp: 1250, input_length: 20, output_length: 9, hash_ids: [1, 4] },
  { timestamp: 1250, input_length: 36, output_length: 5, hash_ids: [1, 2, 5] },
  { timestamp: 2900, input_length: 12, output_length: 3, hash_ids: [6] },
  { timestamp: 6000, input_length: 30, output_length: 4, hash_ids: [1, 2, 7] },
]
  .map((row) => JSON.stringify(row))
  .join("\n");

function traceScenario(trace: Record<string, unknown> = {}, changes: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({
    version: 1,
    name: "trace",
    task: "chat-completion",
    targets: ["a", "b"].map((id) => ({ id, endpointUrl: `http://${id}.provider.invalid/v1`, model: "m" })),
    inputs: { trace: { file: "trace.jsonl", blockSize: 16, speedup: 2, ...trace } },
    ...changes,
  });
  if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
  return result.scenario;
}

// Loaded once before virtual time runs: its clock moves on whenever the run waits on anything real.
beforeAll(async () => {
  await Promise.all([import("../../../src/core/run/trace-prompts"), loadOfflineTokenizer("o200k_base"), loadDefaultCorpus()]);
});

interface Sent {
  targetId: string;
  atMs: number;
  content: string;
  maxTokens: number;
}

/** A chat endpoint on virtual time: it keeps each body as it came, and answers 400 ms later. */
function chatEndpoint(time: ReturnType<typeof virtualTime>, sent: Sent[]): typeof fetch {
  return (async (input: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { model: string; messages: { content: string }[]; max_tokens: number };
    sent.push({ targetId: new URL(String(input)).hostname.split(".")[0]!, atMs: time.now(), content: body.messages[0]!.content, maxTokens: body.max_tokens });
    await time.sleep(400, init?.signal ?? undefined);
    const answer = { id: "x", object: "chat.completion", created: 0, model: body.model, choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
    return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

async function replay(scenario: Scenario, traceText = TRACE) {
  const time = virtualTime();
  const records: RequestRecord[] = [];
  const sent: Sent[] = [];
  const result = await time.run(
    runScenario({
      runId: "trace",
      scenario,
      onRecord: (record) => records.push(record),
      clock: time.clock,
      pacerClock: time.pacerClock,
      sleep: time.sleep,
      fetch: chatEndpoint(time, sent),
      readInputFile: async (path) => {
        if (path !== "trace.jsonl") throw new Error(`file not found: ${path}`);
        return new Blob([traceText]);
      },
    }),
  );
  return { records, sent, result };
}

describe("a trace replayed through the open loop", () => {
  it("sends each request to every target at the trace's time divided by the speed-up, and records it", async () => {
    const { records, sent, result } = await replay(traceScenario());
    // From the first request, halved: 0, 125, 125, 950, 2500 ms; each to a and b at the same moment.
    const expectedMs = [0, 125, 125, 950, 2500];
    expect(sent.map((request) => request.atMs - sent[0]!.atMs)).toEqual(expectedMs.flatMap((atMs) => [atMs, atMs]));
    expect(sent.map((request) => request.targetId)).toEqual(expectedMs.flatMap(() => ["a", "b"]));
    const origin = Math.min(...records.map((record) => record.scheduledAt!));
    for (const record of records) {
      expect(record.scheduledAt! - origin).toBe(expectedMs[record.inputIndex]);
      // Nothing held it back: sent at its time, so effective latency is latency.
      expect(record.queueMs).toBe(0);
    }
    expect(records.map((record) => record.traceHashIds)).toEqual(
      [[1, 2, 3], [1, 4], [1, 2, 5], [6], [1, 2]].flatMap((ids) => [ids, ids]),
    );
    expect(records.map((record) => [record.requestedInputTokens, record.requestedOutputTokens])).toEqual(
      [[40, 7], [20, 9], [36, 5], [12, 3], [30, 4]].flatMap((lengths) => [lengths, lengths]),
    );
    expect(result.workload?.trace).toMatchObject({ file: "trace.jsonl", format: "mooncake", speedup: 2, fromSeconds: 0, toSeconds: null, lastAtMs: 2500 });

    const tokenizer = await loadOfflineTokenizer("o200k_base");
    const prompts = sent.filter((request) => request.targetId === "a").map((request) => request.content);
    expect(prompts.map((prompt) => tokenizer.encode(prompt).length)).toEqual([40, 20, 36, 12, 30]);
    expect(sent.map((request) => request.maxTokens)).toEqual([7, 7, 9, 9, 5, 5, 3, 3, 4, 4]);
    // Hash ids 1 and 2 are the same 32 tokens of text wherever they lead a prompt; 6 is text of its own.
    const firstBlocks = (prompt: string, blocks: number): string => tokenizer.decode(tokenizer.encode(prompt).slice(0, 16 * blocks));
    expect(firstBlocks(prompts[2]!, 2)).toBe(firstBlocks(prompts[0]!, 2));
    // 30 tokens cover block 1 and most of block 2, cut short: block 1 is the same text.
    expect(firstBlocks(prompts[4]!, 1)).toBe(firstBlocks(prompts[0]!, 1));
    expect(firstBlocks(prompts[1]!, 1)).toBe(firstBlocks(prompts[0]!, 1));
    expect(firstBlocks(prompts[1]!, 2)).not.toBe(firstBlocks(prompts[0]!, 2));
    expect(prompts[3]!.startsWith(firstBlocks(prompts[0]!, 1))).toBe(false);

    const rows = summarize(records, ["a", "b"]);
    for (const row of rows) expect(row.effectiveLatencyMs.p50).toBe(400);
  });

  it("replays only the window asked, its first request at 0", async () => {
    // 0.2 s to 2 s after the first request (at 1000 ms): the rows at 1250 (twice) and 2900 ms, the first of them sent at 0.
    const { sent, records } = await replay(traceScenario({ from: 0.2, to: 2, speedup: 1 }));
    expect(new Set(records.map((record) => record.inputIndex))).toEqual(new Set([0, 1, 2]));
    expect(sent.filter((request) => request.targetId === "a").map((request) => request.atMs - sent[0]!.atMs)).toEqual([0, 0, 1650]);
  });

  it("replays an Azure trace (its format told from its header) at its dates' spacing, to the microsecond", async () => {
    const azure = "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:17:03.9799600,24,5\n2023-11-16 18:17:04.3799600,18,3\n2023-11-16 18:17:05.4802100,30,2\n";
    const { sent, records, result } = await replay(traceScenario({ speedup: 1 }), azure);
    expect(result.workload?.trace?.format).toBe("azure");
    expect(sent.filter((request) => request.targetId === "b").map((request) => request.atMs - sent[0]!.atMs)).toEqual([0, 400, 1500.25]);
    expect(records.every((record) => record.traceHashIds === undefined)).toBe(true);
  });

  it("names the file's line and field when the trace is broken, before anything is sent", async () => {
    const time = virtualTime();
    const provider = virtualProvider(time, 10);
    const run = runScenario({
      runId: "broken",
      scenario: traceScenario(),
      onRecord: () => undefined,
      clock: time.clock,
      pacerClock: time.pacerClock,
      sleep: time.sleep,
      fetch: provider.fetch,
      createCall: () => provider.call,
      readInputFile: async () => new Blob(['{"timestamp": 0, "input_length": 10, "output_length": 2}\n{"timestamp": 5, "input_length": 10.5, "output_length": 2}\n']),
    });
    await expect(run).rejects.toThrow('scenario inputs: inputs.trace.file: trace.jsonl: line 2, field "input_length": must be a whole number of tokens, 0 or more, got "10.5"');
    expect(provider.served()).toBe(0);
  });
});

describe("a scenario with a trace", () => {
  const problems = (trace: Record<string, unknown>, changes: Record<string, unknown>): string => {
    const result = validateScenario({
      version: 1,
      name: "trace",
      task: "chat-completion",
      targets: [{ id: "a", endpointUrl: "http://provider.invalid/v1", model: "m" }],
      inputs: { trace: { file: "t.jsonl", ...trace } },
      ...changes,
    });
    return result.ok ? "" : formatScenarioErrors(result.errors);
  };

  it("takes an open load that only caps it, and is an open loop", () => {
    expect(problems({}, { run: { load: { mode: "open", maxInFlight: 4, maxQueue: 2 } } })).toBe("");
    expect(problems({ speedup: 10, from: 60, to: 180, format: "mooncake" }, {})).toBe("");
  });

  it("refuses what the trace decides, naming the field", () => {
    expect(problems({}, { run: { load: { mode: "closed" } } })).toContain("run.load.mode: a trace replays as an open loop");
    expect(problems({}, { run: { load: { mode: "open", rate: 5 } } })).toContain("run.load.rate: the trace's times say when each request goes");
    expect(problems({}, { run: { load: { mode: "open", durationMs: 1000 } } })).toContain("run.load.durationMs: the trace's window");
    expect(problems({}, { run: { repetitions: 2 } })).toContain("run.repetitions: a trace is replayed once");
    expect(problems({}, { parameters: { max_tokens: 10 } })).toContain("parameters.max_tokens: set by the trace's output lengths");
    expect(problems({}, { task: "text-classification" })).toContain("inputs.trace: text-classification does not take a trace's prompts");
    expect(problems({ from: 50, to: 20 }, {})).toContain("inputs.trace.to: must be after from (50 s)");
    expect(problems({ format: "csv" }, {})).toContain("inputs.trace.format: must be one of mooncake, burstgpt, azure");
  });
});
