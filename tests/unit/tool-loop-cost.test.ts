// A tool loop's tokens and cost from records (docs/metrics.md, "Tool loops"): the steps' totals (null when a
// step reported none), the one cost definition reading them for a loop and the record's own counts otherwise,
// and the per-target tokens per loop.
import { describe, expect, it } from "vitest";
import { requestCost } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import { metricById } from "../../src/core/metrics";
import { parseRecordLine, type RequestRecord } from "../../src/core/record";
import { toolLoopTokensOf } from "../../src/core/run/tool-loop-tokens";
import { requestRecord } from "./request-record";

const PRICE = { inputPerMillionTokens: 2, outputPerMillionTokens: 10, perRequest: 0.01 };

function loop(targetId: string, steps: number, inputTotal: number | null, outputTotal: number | null): RequestRecord {
  return requestRecord({
    targetId,
    inputTokens: 40,
    outputTokens: 5,
    toolCalls: [],
    toolSteps: steps,
    toolLoopEnd: "answer",
    timeToFinalAnswerMs: 300,
    toolStepCalls: [],
    toolLoopInputTokens: inputTotal,
    toolLoopOutputTokens: outputTotal,
    toolLoopCachedInputTokens: null,
  });
}

describe("a tool loop's token totals", () => {
  const step = { inputTokens: 40, outputTokens: 5, tokensEstimated: false, cachedInputTokens: 8 };

  it("sums what every step reported, and knows no total a step did not report", () => {
    expect(toolLoopTokensOf([step, { ...step, inputTokens: 60, outputTokens: 7, cachedInputTokens: 40 }])).toEqual({ inputTokens: 100, outputTokens: 12, cachedInputTokens: 48 });
    // An output count the client estimated (no usage in the answer) is not a reported one.
    expect(toolLoopTokensOf([step, { ...step, tokensEstimated: true }])).toEqual({ inputTokens: 80, outputTokens: null, cachedInputTokens: 16 });
    expect(toolLoopTokensOf([step, { ...step, inputTokens: null, cachedInputTokens: null }])).toEqual({ inputTokens: null, outputTokens: 10, cachedInputTokens: null });
  });
});

describe("the cost of a loop request", () => {
  it("prices a loop on its totals and perRequest per step, an ordinary request on its own counts", () => {
    expect(requestCost(PRICE, loop("a", 3, 300, 30))!.usd).toBeCloseTo(0.03 + (300 * 2 + 30 * 10) / 1e6, 12);
    expect(requestCost(PRICE, requestRecord({ inputTokens: 40, outputTokens: 5 }))!.usd).toBeCloseTo(0.01 + (40 * 2 + 5 * 10) / 1e6, 12);
  });

  it("gives no cost for a loop whose total is unknown, or written before totals were kept, never the first step's", () => {
    expect(requestCost(PRICE, loop("a", 2, null, 30))).toBeNull();
    expect(requestCost(PRICE, loop("a", 2, 300, null))).toBeNull();
    const { toolLoopInputTokens: _i, toolLoopOutputTokens: _o, toolLoopCachedInputTokens: _c, ...older } = loop("a", 2, 300, 30);
    expect(requestCost(PRICE, older)).toBeNull();
    // A price with no per-token part needs no count: the loop's requests are still each billed.
    expect(requestCost({ perRequest: 0.01 }, loop("a", 2, null, null))).toEqual({ usd: 0.02, estimated: false });
  });
});

describe("tokens per loop in the summary", () => {
  const records = [loop("a", 2, 200, 20), loop("a", 3, 400, 40), loop("a", 2, null, null), requestRecord({ targetId: "b", inputTokens: 40, outputTokens: 5 })];
  const settings = { prices: new Map([["a", PRICE], ["b", PRICE]]), slo: null };

  it("means the known totals, and prices the target's loops on them (≈ when a loop could not be priced)", () => {
    const [a, b] = summarize(records, ["a", "b"], settings);
    expect([a!.toolLoopInputTokensMean, a!.toolLoopOutputTokensMean]).toEqual([300, 30]);
    expect(metricById("toolLoopInputTokensMean").value(a!)).toBe(300);
    expect(metricById("toolLoopOutputTokensMean").value(a!)).toBe(30);
    const first = 0.02 + (200 * 2 + 20 * 10) / 1e6;
    const second = 0.03 + (400 * 2 + 40 * 10) / 1e6;
    expect(a!.pricedRequests).toBe(2);
    expect(a!.costPerRequestUsd!).toBeCloseTo((first + second) / 2, 12);
    expect(a!.costEstimated).toBe(true);
    // A target without loops has no loop figures; its cost is its records' own.
    expect([b!.toolLoopInputTokensMean, b!.toolLoopOutputTokensMean]).toEqual([null, null]);
    expect(b!.costPerRequestUsd!).toBeCloseTo(0.01 + (40 * 2 + 5 * 10) / 1e6, 12);
  });

  it("reads the totals back from a records line", () => {
    const record = loop("a", 2, 200, 20);
    expect(parseRecordLine(JSON.stringify(record), 1)).toEqual({ ok: true, record });
    expect(parseRecordLine(JSON.stringify({ ...record, toolLoopInputTokens: -1 }), 2)).toMatchObject({ ok: false, message: expect.stringContaining("toolLoopInputTokens") as unknown });
  });
});
