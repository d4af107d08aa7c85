// The saturation rule and the throttled-or-slow statement, on hand-made points.
import { describe, expect, it } from "vitest";
import { clientLimits, clientSlowdowns, describeLoadJudgement, limitVerdict, saturatedBetween, saturationStage, type LoadPoint } from "../../../src/core/load";

/** A point whose latency is all the provider's own time, unless `extra` says otherwise. */
function point(stage: number, throughput: number, halfWidth: number, latency: [number, number], extra: Partial<LoadPoint> = {}): LoadPoint {
  return {
    stage,
    throughput,
    throughputHalfWidth: halfWidth,
    effectiveLatencyP50: (latency[0] + latency[1]) / 2,
    effectiveLatencyCi95: latency,
    providerTimeP50: (latency[0] + latency[1]) / 2,
    providerTimeCi95: latency,
    latencyP50: (latency[0] + latency[1]) / 2,
    ttftP50: null,
    rateLimited: 0,
    retryAfter: 0,
    requests: 100,
    offeredInFlight: null,
    heldInFlight: null,
    ...extra,
  };
}

describe("saturation", () => {
  it("needs both: throughput flat within its interval and the provider's own time up beyond both intervals", () => {
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

  it("does not call a provider saturated at a level the client did not keep in flight: it says the client was the limit", () => {
    const held = (offered: number, kept: number) => ({ offeredInFlight: offered, heldInFlight: kept });
    // Levels 1, 2, 4: at 4 throughput is flat and latency up, but the client kept only 2.1 of the 4 asked.
    const clientBound = [point(0, 8, 0.5, [120, 125], held(1, 0.98)), point(1, 15.5, 0.8, [125, 130], held(2, 1.95)), point(2, 15.8, 0.8, [240, 260], held(4, 2.1))];
    expect(saturationStage(clientBound)).toBe(null);
    expect(clientLimits(clientBound)).toEqual([{ stage: 2, held: 2.1, offered: 4 }]);
    const verdict = limitVerdict(clientBound);
    expect(verdict.verdict).toBe("neither");
    expect(verdict.sentence).toBe("the client kept in flight only 2.1 of the 4 asked at stage 2: there the client, not the provider, was the limit, and the provider is not judged");
    // The same curve with the client keeping the 4 in flight (they queued at the server): the provider saturated.
    const providerBound = [...clientBound.slice(0, 2), point(2, 15.8, 0.8, [240, 260], held(4, 3.95))];
    expect(saturationStage(providerBound)).toBe(2);
    expect(clientLimits(providerBound)).toEqual([]);
    expect(limitVerdict(providerBound).verdict).toBe("slow");
  });

  it("judges the stages the client held against each other, leaving out one it held back", () => {
    const held = (offered: number, kept: number) => ({ offeredInFlight: offered, heldInFlight: kept });
    // A busy start: the client read late at level 1. Levels 2 and 4 are judged against each other.
    const points = [point(0, 3, 0.5, [180, 190], held(1, 0.5)), point(1, 2.4, 0.2, [700, 720], held(2, 1.95)), point(2, 2.5, 0.2, [1400, 1450], held(4, 3.9))];
    expect(saturationStage(points)).toBe(2);
    expect(clientLimits(points)).toEqual([{ stage: 0, held: 0.5, offered: 1 }]);
  });

  it("does not blame the provider for latency that rose on the client's side: it names the client as the limit", () => {
    const held = (offered: number, kept: number) => ({ offeredInFlight: offered, heldInFlight: kept });
    const provider = (time: [number, number]) => ({ providerTimeP50: (time[0] + time[1]) / 2, providerTimeCi95: time });
    // Levels 2, 4, 6 of a roomy provider in a busy browser: the client kept the load in flight (over 80%),
    // throughput did not grow significantly and the latency it measured rose (late reads, a connection
    // queue), but the provider's own time per request stayed where it was.
    const busyClient = [
      point(0, 12, 3, [131, 169], { ...held(2, 1.87), ...provider([148, 156]) }),
      point(1, 16, 5, [190, 230], { ...held(4, 3.3), ...provider([150, 158]) }),
      point(2, 19, 8, [240, 300], { ...held(6, 4.9), ...provider([149, 160]) }),
    ];
    expect(saturationStage(busyClient)).toBe(null);
    expect(clientSlowdowns(busyClient)).toEqual([1, 2]);
    expect(limitVerdict(busyClient).verdict).toBe("neither");
    expect(describeLoadJudgement(busyClient, (stage) => `stage ${stage}`)).toBe(
      "not saturated at the loads sent; at stage 1, stage 2 throughput stopped growing while latency rose on the client's side only (the provider's own time per request did not): there the client, not the provider, was the limit; not throttled (no 429, no Retry-After)",
    );
    // The same client figures with the provider's own time doubling as it holds twice as many: the provider saturated.
    const busyProvider = [busyClient[0]!, point(1, 16, 5, [190, 230], { ...held(4, 3.3), ...provider([290, 320]) })];
    expect(saturationStage(busyProvider)).toBe(1);
    expect(clientSlowdowns(busyProvider)).toEqual([]);
  });

  it("asks a saturated provider's time to rise with the requests it held (Little's law), not by a machine's general lateness", () => {
    const held = (offered: number, kept: number) => ({ offeredInFlight: offered, heldInFlight: kept });
    // From 4 to 6 held, a provider whose throughput is flat takes about 1.5 times as long; 10% longer,
    // even beyond both intervals, is the host running late (the throughput interval is merely wide).
    const lower = point(0, 22, 15, [160, 170], held(4, 3.9));
    expect(saturatedBetween(lower, point(1, 24, 25, [180, 190], held(6, 5.8)))).toBe(false);
    expect(saturatedBetween(lower, point(1, 24, 25, [235, 250], held(6, 5.8)))).toBe(true);
  });
});
