// Cost, checks pass rate, SLO attainment and goodput on hand-made records: every expected value is
// worked out by hand in the comments. Wilson intervals were computed apart in python3 from the
// textbook formula (z = 1.959963984540054); 0 of 5 → [0, 0.4345] is the value every table gives.
import { describe, expect, it } from "vitest";
import { ESTIMATED_EXPLANATION, estimatedExplanation, formatMetric, isEstimated, metricById, summaryFileRows, SUMMARY_FILE_COLUMNS } from "../../src/core/metrics";
import type { RequestRecord } from "../../src/core/record";
import { summarize, NO_VALUE_SETTINGS, valueSettingsOf, type ValueSettings, wilsonInterval95 } from "../../src/core/stats";
import { validateScenario, formatScenarioErrors } from "../../src/core/scenario";
import { requestRecord } from "./request-record";

function record(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return requestRecord({ startedAt: 0, output: "x", outputBytes: 1, ...overrides });
}

const failed = { status: "error", errorKind: "http_5xx", httpStatus: 503, output: null } as const;

/** Target a: $1 per million input tokens, $2 per million output tokens, $0.001 per request. */
function settings(): ValueSettings {
  const result = validateScenario({
    version: 1,
    name: "value",
    task: "chat-completion",
    targets: [
      { id: "a", endpointUrl: "http://a.test/v1", model: "m", price: { inputPerMillionTokens: 1, outputPerMillionTokens: 2, perRequest: 0.001 } },
      { id: "b", endpointUrl: "http://b.test/v1", model: "m" },
      { id: "c", endpointUrl: "http://c.test/v1", model: "m", price: { perRequest: 0.5 } },
    ],
    inputs: ["q"],
    expectations: [{ type: "contains", value: "x" }],
    slo: { maxTtftMs: 500, maxLatencyMs: 1000, checksPassed: true },
    run: { stream: true },
  });
  if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
  return valueSettingsOf(result.scenario);
}

const records: RequestRecord[] = [
  // Warm-up: counts nowhere, though it would cost and meet the SLO.
  record({ warmup: true, inputTokens: 1000, outputTokens: 1000, ttftMs: 10, checksPassed: true }),
  // 1: cost 100 × 1/1e6 + 50 × 2/1e6 + 0.001 = 0.0012; TTFT 100, latency 400, checks pass → meets the SLO.
  record({ startedAt: 0, latencyMs: 400, ttftMs: 100, inputTokens: 100, outputTokens: 50, checksPassed: true }),
  // 2: cost 0.0002 + 0.0002 + 0.001 = 0.0014; TTFT 600 > 500 → misses; its check failed.
  record({ startedAt: 100, latencyMs: 900, ttftMs: 600, inputTokens: 200, outputTokens: 100, checksPassed: false, failedChecks: "contains#0" }),
  // 3: a failed request: not priced, not checked, misses the SLO.
  record({ startedAt: 200, ...failed }),
  // 4: cost 0.0001 + 0.0003 + 0.001 = 0.0014 on an estimated output count; TTFT 200, latency 1000 (= the bound) → meets.
  record({ startedAt: 1000, latencyMs: 1000, ttftMs: 200, inputTokens: 100, outputTokens: 150, tokensEstimated: true, checksPassed: true }),
  // Target b (no price): meets the SLO once; its second request fails its checks.
  record({ targetId: "b", startedAt: 0, latencyMs: 200, ttftMs: 50, checksPassed: true }),
  record({ targetId: "b", startedAt: 0, latencyMs: 250, ttftMs: 50, checksPassed: false, failedChecks: "contains#0" }),
  // Target c ($0.50 a request, nothing per token): estimated tokens do not make its cost an estimate.
  record({ targetId: "c", startedAt: 0, latencyMs: 100, ttftMs: 20, outputTokens: 9, tokensEstimated: true }),
];

describe("cost, checks and SLOs in the summary", () => {
  const [a, b, c] = summarize(records, ["a", "b", "c"], settings());

  it("prices each successful request and reports the mean, per 1,000 and for the run", () => {
    // (0.0012 + 0.0014 + 0.0014) / 3 = 0.004 / 3
    expect(a!.pricedRequests).toBe(3);
    expect(a!.costPerRequestUsd).toBeCloseTo(0.004 / 3, 12);
    expect(a!.costPer1000RequestsUsd).toBeCloseTo(4 / 3, 9);
    // Three successful requests, all priced: the run cost is their sum, 0.004.
    expect(a!.runCostUsd).toBeCloseTo(0.004, 12);
    expect(a!.costEstimated).toBe(true);
    expect(b!.costPerRequestUsd).toBeNull();
    expect(b!.runCostUsd).toBeNull();
    expect(c!.runCostUsd).toBe(0.5);
    expect(c!.costEstimated).toBe(false);
  });

  it("marks the cost ≈ through the catalogue's one rule", () => {
    const perThousand = metricById("costPer1000RequestsUsd");
    expect(isEstimated(perThousand, a!)).toBe(true);
    expect(isEstimated(perThousand, c!)).toBe(false);
    expect(formatMetric(perThousand, c!)).toBe("500 USD");
    expect(formatMetric(metricById("costPerRequestUsd"), a!)).toBe("≈0.00133 USD");
    // Its hover says why, which for a cost is not only the token counts.
    expect(estimatedExplanation(perThousand)).toMatch(/could not be priced/);
    expect(estimatedExplanation(metricById("outputTokensPerSecondP50"))).toBe(ESTIMATED_EXPLANATION);
  });

  it("counts a request without a priced quantity at the target's mean, and calls the cost an estimate", () => {
    const [row] = summarize(
      [
        // 10 input + 10 output tokens: 10/1e6 + 20/1e6 + 0.001 = 0.00103
        record({ inputTokens: 10, outputTokens: 10 }),
        // No input count reported: this request cannot be priced.
        record({ inputTokens: null, outputTokens: 10 }),
      ],
      ["a"],
      settings(),
    );
    expect(row!.pricedRequests).toBe(1);
    expect(row!.costPerRequestUsd).toBeCloseTo(0.00103, 12);
    // 0.00103 × 2 successful requests
    expect(row!.runCostUsd).toBeCloseTo(0.00206, 12);
    expect(row!.costEstimated).toBe(true);
  });

  it("reports the pass rate over checked successful requests, with its Wilson interval", () => {
    // a: requests 1, 2, 4 checked, 1 and 4 passed: 2/3.
    expect(a!.checkedRequests).toBe(3);
    expect(a!.checksPassRate).toBeCloseTo(2 / 3, 12);
    expect(a!.checksPassRateCi95![0]).toBeCloseTo(0.2076596008020477, 12);
    expect(a!.checksPassRateCi95![1]).toBeCloseTo(0.9385080552796037, 12);
    expect(b!.checksPassRate).toBe(0.5);
    expect(c!.checksPassRate).toBeNull();
    expect(c!.checksPassRateCi95).toBeNull();
  });

  it("counts failed requests as missing the SLO, and divides the good ones by the wall span", () => {
    // a: requests 1 and 4 meet it, of 4 measured (the failed one included): 0.5.
    expect(a!.sloMetRequests).toBe(2);
    expect(a!.sloAttainment).toBe(0.5);
    expect(a!.sloAttainmentCi95![0]).toBeCloseTo(0.15003898915214947, 12);
    expect(a!.sloAttainmentCi95![1]).toBeCloseTo(0.8499610108478506, 12);
    // Wall span: first start 0 to last end 1000 + 1000 = 2 s; 2 good requests / 2 s.
    expect(a!.goodput).toBe(1);
    // b: one of two (the other failed its check); span 0 → 250 ms: 1 / 0.25 s = 4 req/s.
    expect(b!.sloAttainment).toBe(0.5);
    expect(b!.goodput).toBe(4);
  });

  it("has no cost or SLO figures without the scenario's prices and SLOs", () => {
    const [row] = summarize(records, ["a"], NO_VALUE_SETTINGS);
    expect(row).toMatchObject({ costPerRequestUsd: null, runCostUsd: null, sloAttainment: null, sloMetRequests: null, goodput: null });
    // Checks are verdicts in the records: they need no settings.
    expect(row!.checksPassRate).toBeCloseTo(2 / 3, 12);
  });

  it("judges the SLO from when the request was due: the client's queue counts", () => {
    const [row] = summarize(
      [
        // 200 ms queued + 850 ms latency = 1050 > 1000: missed, though the latency alone meets it.
        record({ ttftMs: 100, latencyMs: 850, queueMs: 200, checksPassed: true }),
        // 250 + 250 = 500 ≤ 500 TTFT, 250 + 700 = 950 ≤ 1000: met.
        record({ ttftMs: 250, latencyMs: 700, queueMs: 250, checksPassed: true }),
      ],
      ["a"],
      settings(),
    );
    expect(row).toMatchObject({ sloMetRequests: 1, sloAttainment: 0.5 });
  });

  it("counts a record stored before checks existed as not checked, and holds it to the SLO's other objectives", () => {
    const legacy = record({ ttftMs: 100, latencyMs: 200 }) as Partial<RequestRecord>;
    delete legacy.checksPassed;
    delete legacy.failedChecks;
    const [row] = summarize([legacy as RequestRecord], ["a"], settings());
    expect(row).toMatchObject({ checkedRequests: 0, checksPassRate: null, sloMetRequests: 1, sloAttainment: 1 });
  });

  it("writes every figure into the summary file rows", () => {
    const [row] = summaryFileRows([a!], { runId: "run-1", scenarioName: "value", targetLabel: (id) => id });
    for (const key of ["costPerRequestUsd", "costPer1000RequestsUsd", "runCostUsd", "checksPassRate", "checksPassRateCi95Low", "checksPassRateCi95High", "sloAttainment", "sloAttainmentCi95Low", "goodput"]) {
      expect(SUMMARY_FILE_COLUMNS).toContain(key);
    }
    expect(row).toMatchObject({ costPerRequestUsd: 0.00133333, runCostUsd: 0.004, checksPassRate: 0.6667, checksPassRateCi95Low: 0.2077, sloAttainment: 0.5, goodput: 1 });
  });
});

describe("Wilson interval", () => {
  it("stays inside [0, 1] and is not zero-wide at 0 or n successes", () => {
    expect(wilsonInterval95(0, 5)![0]).toBe(0);
    expect(wilsonInterval95(0, 5)![1]).toBeCloseTo(0.43448246478317476, 12);
    expect(wilsonInterval95(1, 1)).toEqual([expect.closeTo(0.20654931437723745, 12), 1]);
    expect(wilsonInterval95(0, 0)).toBeNull();
  });
});
