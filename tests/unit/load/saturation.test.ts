// The saturation rule and the throttled-or-slow statement, on hand-made points.
import { describe, expect, it } from "vitest";
import { limitVerdict, saturatedBetween, saturationStage, type LoadPoint } from "../../../src/core/load/saturation";

function point(stage: number, throughput: number, halfWidth: number, latency: [number, number], extra: Partial<LoadPoint> = {}): LoadPoint {
  return {
    stage,
    throughput,
    throughputHalfWidth: halfWidth,
    effectiveLatencyP50: (latency[0] + latency[1]) / 2,
    effectiveLatencyCi95: latency,
    latencyP50: (latency[0] + latency[1]) / 2,
    ttftP50: null,
    rateLimited: 0,
    retryAfter: 0,
    requests: 100,
    ...extra,
  };
}

describe("saturation", () => {
  it("needs both: throughput flat within its interval and effective latency up beyond both intervals", () => {
    const low = point(0, 10, 1, [100, 110]);
    expect(saturatedBetween(low, point(1, 10.5, 1, [200, 220]))).toBe(true);
    // Throughput grew significantly: more load still bought work.
    expect(saturatedBetween(low, point(1, 15, 1, [200, 220]))).toBe(false);
    // Latency intervals overlap: no significant rise.
    expect(saturatedBetween(low, point(1, 10.5, 1, [105, 130]))).toBe(false);
  });

  it("is the first stage of the climb where it holds", () => {
    const points = [point(0, 5, 0.5, [100, 104]), point(1, 10, 0.7, [101, 105]), point(2, 10.2, 0.7, [190, 210]), point(3, 10.1, 0.7, [380, 420])];
    expect(saturationStage(points)).toBe(2);
    expect(saturationStage(points.slice(0, 2))).toBe(null);
  });

  it("tells throttled from slow", () => {
    const slow = [point(0, 5, 0.5, [100, 104]), point(1, 5.1, 0.5, [300, 320])];
    expect(limitVerdict(slow).verdict).toBe("slow");
    const throttled = [point(0, 5, 0.5, [100, 104]), point(1, 9, 0.5, [100, 104], { rateLimited: 7, retryAfter: 7 })];
    expect(limitVerdict(throttled)).toEqual({ verdict: "throttled", sentence: "throttled: 7 answers 429 and 7 with Retry-After, from stage 1" });
    expect(limitVerdict([point(0, 5, 0.5, [100, 104])]).verdict).toBe("neither");
  });
});
