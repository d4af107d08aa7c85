// What a tool loop costs (docs/metrics.md, "Tool loops", "What a loop costs"): a loop against a loopback
// server whose every step reports usage is priced on the steps' summed tokens and perRequest per step, and
// a loop with a step that reports none has unknown totals and no cost figure.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { parseScenarioText, type Scenario } from "../../src/core/scenario";
import { summarize, valueSettingsOf, type SummaryRow } from "../../src/core/stats";

/** Each step's usage: the first request's, then the one answering the tool result (its input holds the first's again, mostly cached). */
const FIRST_USAGE = { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110, prompt_tokens_details: { cached_tokens: 0 } };
const SECOND_USAGE = { prompt_tokens: 150, completion_tokens: 20, total_tokens: 170, prompt_tokens_details: { cached_tokens: 100 } };

let server: Server;
let url = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      const body = JSON.parse(text) as { model: string; messages: { role: string }[] };
      const answered = body.messages.some((message) => message.role === "tool");
      const message = answered
        ? { role: "assistant", content: "It is 18 degrees in Paris." }
        : { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] };
      // The model "partial" leaves usage out of its final answer, as some servers do.
      const usage = answered ? (body.model === "partial" ? undefined : SECOND_USAGE) : FIRST_USAGE;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: "x", object: "chat.completion", created: 0, model: body.model, choices: [{ index: 0, message, finish_reason: answered ? "stop" : "tool_calls" }], usage }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
});

const PRICE = { inputPerMillionTokens: 1, cachedInputPerMillionTokens: 0.5, outputPerMillionTokens: 2, perRequest: 0.001 };

function loopScenario(model: string): Scenario {
  const parsed = parseScenarioText(
    JSON.stringify({
      version: 1,
      name: "loop cost",
      task: "chat-completion",
      targets: [{ id: "local", endpointUrl: url, model, price: PRICE }],
      inputs: ["What is the weather in Paris?"],
      parameters: { tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }] },
      toolResults: { get_weather: { result: { temperature: 18 } } },
      run: { repetitions: 2, concurrency: 1, stream: false },
    }),
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

async function run(scenario: Scenario): Promise<{ records: RequestRecord[]; row: SummaryRow }> {
  const records: RequestRecord[] = [];
  const result = await runScenario({ runId: "loop-cost", scenario, onRecord: (record) => records.push(record) });
  expect(result.status).toBe("completed");
  const [row] = summarize(records, ["local"], valueSettingsOf(scenario));
  return { records, row: row! };
}

describe("the cost of a tool loop", () => {
  it("sums every step's usage into the record and prices the whole loop, perRequest once per step", async () => {
    const { records, row } = await run(loopScenario("m"));
    expect(records).toHaveLength(2);
    for (const record of records) {
      // The record's own counts stay the first step's (the timing figures read them); the loop's are beside them.
      expect(record).toMatchObject({ status: "ok", toolSteps: 2, inputTokens: 100, outputTokens: 10, cachedInputTokens: 0 });
      expect([record.toolLoopInputTokens, record.toolLoopOutputTokens, record.toolLoopCachedInputTokens]).toEqual([250, 30, 100]);
    }
    // 2 requests × 0.001 + 150 uncached × $1/M + 100 cached × $0.5/M + 30 out × $2/M; the first step alone would be 0.00112.
    const loopCost = 0.002 + (150 * 1 + 100 * 0.5 + 30 * 2) / 1_000_000;
    expect(row.pricedRequests).toBe(2);
    expect(row.costPerRequestUsd!).toBeCloseTo(loopCost, 12);
    expect(row.runCostUsd!).toBeCloseTo(2 * loopCost, 12);
    expect(row.costEstimated).toBe(false);
    expect([row.toolLoopInputTokensMean, row.toolLoopOutputTokensMean]).toEqual([250, 30]);
  });

  it("leaves the totals unknown when a step reports no usage, and gives no cost rather than the first step's", async () => {
    const { records, row } = await run(loopScenario("partial"));
    for (const record of records) {
      expect(record).toMatchObject({ status: "ok", toolSteps: 2, inputTokens: 100, outputTokens: 10 });
      expect([record.toolLoopInputTokens, record.toolLoopOutputTokens, record.toolLoopCachedInputTokens]).toEqual([null, null, null]);
    }
    expect([row.pricedRequests, row.costPerRequestUsd, row.runCostUsd]).toEqual([0, null, null]);
    expect([row.toolLoopInputTokensMean, row.toolLoopOutputTokensMean]).toEqual([null, null]);
  });
});
