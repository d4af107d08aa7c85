// A browser shares six HTTP/1.1 connections among the targets of one host: a sweep stage that asks more of
// a target than its share was held back by the browser, not by the provider (issue 32 item 3). The one rule
// (core/load/saturation.ts) names such a stage the client's limit and leaves it unjudged; without shares (the
// command line, whose pools are sized to the run) the same points are judged as before.
import { describe, expect, it } from "vitest";
import { clientLimits, connectionLimited, connectionShares, describeLoadJudgement, saturationStage, type LoadPoint } from "../../../src/core/load";

/** Throughput flat from level 2 to 4 and the provider's time doubled: saturated, unless the browser held it. */
function sweepPoints(connectionShare: number | null): LoadPoint[] {
  const point = (stage: number, throughput: number, time: [number, number], offered: number): LoadPoint => ({
    stage,
    throughput,
    throughputHalfWidth: 0.6,
    effectiveLatencyP50: (time[0] + time[1]) / 2,
    effectiveLatencyCi95: time,
    providerTimeP50: (time[0] + time[1]) / 2,
    providerTimeCi95: time,
    latencyP50: (time[0] + time[1]) / 2,
    ttftP50: null,
    rateLimited: 0,
    retryAfter: 0,
    requests: 24,
    offeredInFlight: offered,
    // The runner counts a request in flight from its t0: one waiting in the browser counts too.
    heldInFlight: offered * 0.97,
    connectionShare,
  });
  return [point(0, 8, [120, 125], 1), point(1, 15.5, [125, 130], 2), point(2, 15.8, [245, 260], 4)];
}

describe("the browser's connections as the client's limit", () => {
  it("gives each target of a shared host its share of the host's connections", () => {
    const shares = connectionShares(
      [
        { targetIds: ["fast", "steady", "slow"] },
        { targetIds: ["alone"] },
      ],
      6,
    );
    expect(Object.fromEntries(shares)).toEqual({ fast: 2, steady: 2, slow: 2, alone: 6 });
  });

  it("marks a stage asking more than the share as the client's limit, and does not call the provider saturated there", () => {
    const points = sweepPoints(2);
    expect(points.map(connectionLimited)).toEqual([false, false, true]);
    expect(saturationStage(points)).toBeNull();
    expect(clientLimits(points)).toEqual([{ stage: 2, held: 2, offered: 4, by: "connections" }]);
    expect(describeLoadJudgement(points, (stage) => `stage ${stage}`)).toContain(
      "the browser's connections to a host this target shares with others let only 2.0 of the 4 asked at stage 2 go out at once (the rest waited in the browser): there the client, not the provider, was the limit",
    );
  });

  it("judges the same points as saturated where the client has no connection limit (the command line) or the share covers the level", () => {
    expect(saturationStage(sweepPoints(null))).toBe(2);
    expect(clientLimits(sweepPoints(null))).toEqual([]);
    // A target alone on its host gets all six: level 4 fits, and the provider is judged.
    expect(saturationStage(sweepPoints(6))).toBe(2);
  });
});
