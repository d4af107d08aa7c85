import { describe, expect, it } from "vitest";
import { latencyTimelineSeries, MAX_POINTS_PER_SERIES, TIMELINE_POINTS_PER_SERIES } from "../../src/ui/features/compare/charts/record-series";
import { makeRecord } from "./compare-fixtures";
import { recordColumns } from "../../src/core/record";

describe("latencyTimelineSeries", () => {
  // 30,000 requests per target over 100 minutes, one failure in 50, throttled (slow) in the last tenth.
  const minutes = 100;
  const perTarget = 30_000;
  const records = ["fast", "slow"].flatMap((targetId) =>
    Array.from({ length: perTarget }, (_, index) => {
      const failed = index % 50 === 7;
      return makeRecord({
        targetId,
        repetition: index,
        startedAt: 1_700_000_000_000 + Math.round((index / perTarget) * minutes * 60_000),
        latencyMs: index > perTarget * 0.9 ? 5000 : 100,
        status: failed ? "error" : "ok",
        errorKind: failed ? "http_5xx" : null,
      });
    }),
  );
  const series = latencyTimelineSeries(recordColumns(records), ["fast", "slow"]);

  it("draws at most TIMELINE_POINTS_PER_SERIES points per target, within the charts' hard limit", () => {
    expect(TIMELINE_POINTS_PER_SERIES).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    for (const { points } of series) expect(points.length).toBe(TIMELINE_POINTS_PER_SERIES);
  });

  it("keeps failures visible and spans the run's whole wall clock, so late throttling still shows", () => {
    for (const { points } of series) {
      expect(points.filter((point) => point.failed).length).toBeGreaterThan(TIMELINE_POINTS_PER_SERIES * 0.2);
      expect(points[0]!.offsetSeconds).toBe(0);
      expect(points.at(-1)!.offsetSeconds).toBeGreaterThan(minutes * 60 * 0.99);
      expect(points.filter((point) => !point.failed && point.latencyMs === 5000).length).toBeGreaterThan(TIMELINE_POINTS_PER_SERIES * 0.05);
      expect(points.map((point) => point.offsetSeconds)).toEqual(points.map((point) => point.offsetSeconds).sort((a, b) => a - b));
    }
  });
});
