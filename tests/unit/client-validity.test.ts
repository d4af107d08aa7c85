// The run's certificate judged (core/validity): a quiet client passes; a blocked event loop, a busy core or
// a large self-check error each flag the run with its reason; the loop's kind and estimated tokens are notes.
import { describe, expect, it } from "vitest";
import { CLIENT_MAY_HAVE_LIMITED, CLIENT_NOT_LIMITING, judgeValidity, timingErrors, validitySchema, type ValidityFigures } from "../../src/core/validity";

const QUIET: ValidityFigures = {
  loop: "closed",
  clientLoad: { eventLoopDelay: { resolutionMs: 10, p50Ms: 0.1, p99Ms: 1.2, maxMs: 3.4, samples: 500 }, cpuCores: 0.2, sendingThreads: 1, measuredOn: "main thread, which sends", wallMs: 5000 },
  selfCheck: { requests: 32, ttftErrorP50Ms: 0.8, ttftErrorP99Ms: 2.1, latencyErrorP50Ms: 1.1, latencyErrorP99Ms: 2.9 },
  targets: [{ targetId: "fast", tokenCounts: "reported", queueP99Ms: 0 }],
};

const withLoad = (load: Partial<ValidityFigures["clientLoad"]>): ValidityFigures => ({ ...QUIET, clientLoad: { ...QUIET.clientLoad, ...load } });

describe("judgeValidity", () => {
  it("passes a quiet client, with the closed loop's bias as a note and no reason", () => {
    const validity = judgeValidity(QUIET);
    expect(validity.verdict).toBe(CLIENT_NOT_LIMITING);
    expect(validity.reasons).toEqual([]);
    expect(validity.notes).toEqual([expect.stringContaining("coordinated omission possible")]);
    expect(validitySchema.parse(validity)).toEqual(validity);
  });

  it("flags a blocked event loop, naming its p99", () => {
    const validity = judgeValidity(withLoad({ eventLoopDelay: { resolutionMs: 10, p50Ms: 0.2, p99Ms: 48.5, maxMs: 120, samples: 300 } }));
    expect(validity.verdict).toBe(CLIENT_MAY_HAVE_LIMITED);
    expect(validity.reasons).toEqual([expect.stringContaining("event-loop delay p99 48.5 ms")]);
  });

  it("flags a busy core per sending thread, not the whole process's CPU", () => {
    expect(judgeValidity(withLoad({ cpuCores: 0.95 })).reasons).toEqual([expect.stringContaining("0.95 of a core")]);
    expect(judgeValidity(withLoad({ cpuCores: 0.95, sendingThreads: 2 })).verdict).toBe(CLIENT_NOT_LIMITING);
  });

  it("flags a self-check error beyond 5 ms at p99, and notes a run without one", () => {
    const erring = judgeValidity({ ...QUIET, selfCheck: { ...QUIET.selfCheck!, latencyErrorP99Ms: 7.5 } });
    expect(erring.reasons).toEqual([expect.stringContaining("latency 7.5 ms")]);
    const unchecked = judgeValidity({ ...QUIET, selfCheck: null });
    expect(unchecked.verdict).toBe(CLIENT_NOT_LIMITING);
    expect(unchecked.notes).toContainEqual(expect.stringContaining("--self-check"));
  });

  it("notes an open loop's queue and estimated token counts, neither of them a reason", () => {
    const validity = judgeValidity({ ...QUIET, loop: "open", targets: [{ targetId: "slow", tokenCounts: "estimated", queueP99Ms: 42 }] });
    expect(validity.verdict).toBe(CLIENT_NOT_LIMITING);
    expect(validity.notes).toEqual([expect.stringContaining("slow: queueMs p99 42.0 ms"), expect.stringContaining("slow: output token counts estimated")]);
  });
});

describe("timingErrors", () => {
  it("takes percentiles of the absolute error", () => {
    expect(timingErrors([101, 99, 100, 104], 100)).toEqual({ p50Ms: 1, p99Ms: expect.closeTo(3.91, 2) });
  });
});
