// The browser's certificate (issue 32 item 3): judged from what a page counts — requests that waited for one
// of the browser's connections, how late the main thread ran a timer, the loop, token counts — by the same
// thresholds as the command line's; what a page cannot measure said. The main thread's lag measured on a
// fake clock and timers; the certificate read back from a bundle's tail.
import { describe, expect, it } from "vitest";
import { browserValiditySchema, CLIENT_MAY_HAVE_LIMITED, CLIENT_NOT_LIMITING, judgeBrowserValidity, runValiditySchema, type BrowserValidityFigures } from "../../src/core/validity";
import { SAMPLE_PERIOD_MS, watchMainThreadLag } from "../../src/session/main-thread-lag";
import type { Timers } from "../../src/session/publisher";

function figures(overrides: Partial<BrowserValidityFigures> = {}): BrowserValidityFigures {
  return {
    loop: "closed",
    mainThreadLag: { resolutionMs: 50, p50Ms: 0.4, p99Ms: 3, maxMs: 6, samples: 400 },
    connectionQueues: [],
    connectionsPerHost: 6,
    http1Origins: [{ origin: "http://127.0.0.1:8787", targetIds: ["a", "b"] }],
    targets: [
      { targetId: "a", tokenCounts: "reported", queueP99Ms: 0.2 },
      { targetId: "b", tokenCounts: "estimated", queueP99Ms: 0.3 },
    ],
    ...overrides,
  };
}

describe("the browser's certificate", () => {
  it("finds the client not limiting a quiet run, with the loop's bias, estimated tokens and what a page cannot measure said", () => {
    const validity = judgeBrowserValidity(figures());
    expect(validity.verdict).toBe(CLIENT_NOT_LIMITING);
    expect(validity.reasons).toEqual([]);
    expect(validity.notes).toEqual([
      "closed loop: a slow answer delays the next send, so latencies are per request sent, not per intended arrival (coordinated omission possible)",
      "b: output token counts estimated from the stream (the provider did not report them all)",
    ]);
    expect(validity.unmeasured.join(" | ")).toMatch(/CPU busy share.*\|.*run --self-check/);
  });

  it("names every request that waited for a connection, per origin, and a main thread late beyond 10 ms", () => {
    const validity = judgeBrowserValidity(
      figures({
        mainThreadLag: { resolutionMs: 50, p50Ms: 2, p99Ms: 14.5, maxMs: 40, samples: 300 },
        connectionQueues: [{ origin: "http://127.0.0.1:8787", requests: 72, queuedRequests: 30, longestWaitMs: 812.4 }],
      }),
    );
    expect(validity.verdict).toBe(CLIENT_MAY_HAVE_LIMITED);
    expect(validity.reasons).toEqual([
      "the page's main thread ran its timer late by 14.5 ms at p99, over 10 ms: timestamps taken then may be that late",
      "30 of 72 requests to http://127.0.0.1:8787 waited in the browser for one of its 6 connections, up to 812.4 ms: their latency and TTFT include that wait",
    ]);
  });

  it("says the main thread was not sampled rather than calling it quiet", () => {
    const validity = judgeBrowserValidity(figures({ mainThreadLag: null, loop: "open" }));
    expect(validity.verdict).toBe(CLIENT_NOT_LIMITING);
    expect(validity.unmeasured[0]).toMatch(/main thread's lateness/);
    expect(validity.notes.some((note) => note.startsWith("closed loop"))).toBe(false);
  });

  it("travels in a bundle's tail beside the command line's, and a broken one is refused", () => {
    const validity = judgeBrowserValidity(figures());
    expect(runValiditySchema.parse(JSON.parse(JSON.stringify(validity)))).toEqual(validity);
    const { figures: broken, ...rest } = validity;
    expect(browserValiditySchema.safeParse({ ...rest, figures: { ...broken, connectionsPerHost: 0 } }).success).toBe(false);
  });
});

describe("the main thread's lag", () => {
  function fakeTimers() {
    let now = 0;
    let pending: (() => void) | null = null;
    const timers: Timers = {
      setTimeout: (callback) => {
        pending = callback;
        return 1;
      },
      clearTimeout: () => void (pending = null),
    };
    /** The timer fires `lateMs` after it was due. */
    const fire = (lateMs: number): void => {
      now += SAMPLE_PERIOD_MS + lateMs;
      const callback = pending!;
      pending = null;
      callback();
    };
    return { timers, fire, now: () => now, pending: () => pending !== null };
  }

  it("is how late each tick came, beyond the timer's period, and stopping ends the timer", () => {
    const fake = fakeTimers();
    const watch = watchMainThreadLag(fake.now, fake.timers);
    for (const late of [0, 1, 0, 30, 2, 0, 0, 0, 0, 1]) fake.fire(late);
    const lag = watch.stop()!;
    expect(lag).toMatchObject({ resolutionMs: SAMPLE_PERIOD_MS, maxMs: 30, samples: 10, p50Ms: 0 });
    // R-7 between the two largest of ten (2 and 30).
    expect(lag.p99Ms).toBeCloseTo(2 + 0.91 * 28, 6);
    expect(fake.pending()).toBe(false);
    expect(watch.stop()).toBe(lag);
  });

  it("has no figures before its first tick", () => {
    const fake = fakeTimers();
    expect(watchMainThreadLag(fake.now, fake.timers).stop()).toBeNull();
  });
});
