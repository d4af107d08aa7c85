// The metric catalogue: one entry per metric, read and formatted one way for screens, terminals and files.
import { describe, expect, it } from "vitest";
import { formatChangeIn, formatNumberIn, formatValueIn, roundForFile } from "../../src/core/text";
import { METRICS, bestTargetIds, formatMetric, headerWithUnit, isEstimated, metricById, metricsIn, SUMMARY_FILE_COLUMNS } from "../../src/core/metrics";
import type { RequestRecord } from "../../src/core/record";
import { requestRecord } from "./request-record";
import { summarize } from "../../src/core/stats";

function record(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return requestRecord({ runId: "r", startedAt: 0, ttftMs: 50, latencyMs: 1000, inputTokens: 3, outputTokens: 21, chunkCount: 21, output: "x", outputBytes: 1, ...overrides });
}

describe("the metric catalogue", () => {
  it("names every metric and every file column once", () => {
    const ids = METRICS.map((metric) => metric.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(SUMMARY_FILE_COLUMNS).size).toBe(SUMMARY_FILE_COLUMNS.length);
    for (const metric of METRICS) expect(metric.definition.length, metric.id).toBeGreaterThan(20);
  });

  it("finds a metric by id and refuses an unknown one", () => {
    expect(metricById("errorRate").unit).toBe("fraction");
    expect(() => metricById("nope")).toThrow('no metric "nope"');
  });

  it("marks a token-derived value ≈ when the row's token counts were estimated, and nothing else", () => {
    const [estimated] = summarize([record({ tokensEstimated: true })]);
    const tokensPerSecond = metricById("outputTokensPerSecondP50");
    const p50 = metricById("latencyP50Ms");
    expect(isEstimated(tokensPerSecond, estimated!)).toBe(true);
    expect(formatMetric(tokensPerSecond, estimated!)).toBe("≈21.0 tok/s");
    expect(isEstimated(p50, estimated!)).toBe(false);
    expect(formatMetric(p50, estimated!)).toBe("1,000 ms");
  });

  it("highlights the best value in the metric's direction, and nothing for counts", () => {
    const rows = summarize([record({ targetId: "a", latencyMs: 100 }), record({ targetId: "b", latencyMs: 300 })]);
    expect(bestTargetIds(rows, metricById("latencyP50Ms"))).toEqual(new Set(["a"]));
    expect(bestTargetIds(rows, metricById("outputTokensPerSecondP50"))).toEqual(new Set(["a"]));
    expect(bestTargetIds(rows, metricById("requests"))).toEqual(new Set());
  });

  it("puts the unit in a terminal header once", () => {
    expect(metricsIn("cli").map(headerWithUnit)).toEqual(expect.arrayContaining(["n", "p50 ms", "Error rate %", "req/s", "Output p50 tok/s"]));
  });
});

describe("unit formatters", () => {
  it("format a value with its unit on screen and without it in a terminal cell", () => {
    expect(formatValueIn("ms", 1234.5)).toBe("1,235 ms");
    expect(formatValueIn("ms", 8.456)).toBe("8.46 ms");
    expect(formatNumberIn("ms", 56.78)).toBe("56.8");
    expect(formatValueIn("fraction", 0.125)).toBe("12.5%");
    expect(formatValueIn("fraction", 0)).toBe("0%");
    expect(formatValueIn("count", 12345)).toBe("12,345");
    expect(formatValueIn("ms", null)).toBe("—");
    expect(formatChangeIn("fraction", 0.02)).toBe("+2.0 pp");
    expect(formatChangeIn("ms", -4)).toBe("−4.00 ms");
  });

  it("round for files to each unit's precision, with no thousands separators", () => {
    expect(roundForFile("ms", 1234.5678)).toBe(1234.57);
    expect(roundForFile("fraction", 1 / 3)).toBe(0.3333);
    expect(roundForFile("requestsPerSecond", 9.87654)).toBe(9.877);
    expect(roundForFile("count", 7)).toBe(7);
    expect(roundForFile("ms", Number.NaN)).toBeNull();
  });
});
