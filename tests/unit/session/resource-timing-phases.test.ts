import { describe, expect, it } from "vitest";
import {
  createResourceTimingSource,
  wireEventsOfEntry,
  type EntryFeed,
  type ResourceTimingLike,
} from "../../../src/session/resource-timing-phases";
import { httpPhasesOf } from "../../../src/core/measure";

const URL_A = "http://127.0.0.1:9/fast/v1/chat/completions";

/** An entry as Chromium records a fetch whose server sent Timing-Allow-Origin (times in ms). */
function entry(overrides: Partial<ResourceTimingLike> = {}): ResourceTimingLike {
  return {
    name: URL_A,
    initiatorType: "fetch",
    startTime: 1000,
    domainLookupStart: 1000.5,
    connectStart: 1001,
    secureConnectionStart: 0,
    connectEnd: 1004,
    requestStart: 1004.5,
    responseStart: 1054.5,
    responseEnd: 1140.5,
    ...overrides,
  };
}

/** A feed the test pushes entries into by hand, and timers it fires by hand. */
function manualFeed() {
  let push: (entries: readonly ResourceTimingLike[]) => void = () => undefined;
  const feed: EntryFeed = (onEntries) => (push = onEntries);
  const timers: Array<() => void> = [];
  const source = createResourceTimingSource(feed, {
    setTimer: (callback) => timers.push(callback),
    clearTimer: () => undefined,
  });
  return { source, push: (...entries: ResourceTimingLike[]) => push(entries), fireTimers: () => timers.splice(0).forEach((fire) => fire()) };
}

describe("phases from a Resource Timing entry", () => {
  it("a new plain-http connection: connect from the name lookup, no TLS, waiting from request to headers", () => {
    const events = wireEventsOfEntry(entry());
    expect(events).toEqual({ connectionReused: false, connectMs: 3.5, tlsMs: null, requestSentAt: 1004.5, headersAt: 1054.5, bodyEndAt: 1140.5 });
    // Receiving ends at the answer's last byte as the page read it, as on the command line; the page read
    // it 14 ms after the network had it: the client's own delay.
    expect(httpPhasesOf(events, 1154.5)).toEqual({ connectMs: 3.5, tlsMs: null, waitingMs: 50, receivingMs: 100, connectionReused: false, clientReadMs: 14 });
  });

  it("a new TLS connection: connect stops where TLS starts, TLS runs to connectEnd", () => {
    const events = wireEventsOfEntry(entry({ secureConnectionStart: 1002, connectEnd: 1010, requestStart: 1010, responseStart: 1030 }));
    expect(events).toMatchObject({ connectionReused: false, connectMs: 1.5, tlsMs: 8, requestSentAt: 1010, headersAt: 1030 });
  });

  it("a reused connection (connectStart equals connectEnd) has neither connect nor TLS, even over https", () => {
    const events = wireEventsOfEntry(entry({ domainLookupStart: 1000, connectStart: 1000, connectEnd: 1000, secureConnectionStart: 1000, requestStart: 1000.2 }));
    expect(events).toMatchObject({ connectionReused: true, connectMs: null, tlsMs: null, requestSentAt: 1000.2 });
  });

  it("without Timing-Allow-Origin (detailed times 0) there are no phases", () => {
    const hidden = entry({ domainLookupStart: 0, connectStart: 0, connectEnd: 0, secureConnectionStart: 0, requestStart: 0, responseStart: 0 });
    expect(wireEventsOfEntry(hidden)).toBeNull();
  });
});

describe("matching entries to requests", () => {
  it("takes the entry of its URL whose start is closest to its t0, among concurrent requests", async () => {
    const { source, push } = manualFeed();
    push(
      entry({ startTime: 1000, requestStart: 1001, responseStart: 1011 }),
      entry({ startTime: 1003, requestStart: 1004, responseStart: 1034 }),
      entry({ name: "http://127.0.0.1:9/other", startTime: 1003.1, requestStart: 1004, responseStart: 1099 }),
    );
    await expect(source(URL_A, 1003.05)).resolves.toMatchObject({ headersAt: 1034 });
    // Taken entries are not given twice: the other request gets the one left.
    await expect(source(URL_A, 1000.02)).resolves.toMatchObject({ headersAt: 1011 });
  });

  it("waits for an entry that arrives after the request asks, and gives it to the closest waiting request", async () => {
    const { source, push } = manualFeed();
    const early = source(URL_A, 2000);
    const late = source(URL_A, 2005);
    push(entry({ startTime: 2005.01, requestStart: 2006, responseStart: 2066 }));
    push(entry({ startTime: 2000.01, requestStart: 2001, responseStart: 2021 }));
    await expect(late).resolves.toMatchObject({ headersAt: 2066 });
    await expect(early).resolves.toMatchObject({ headersAt: 2021 });
  });

  it("gives up after its bound when no entry comes, and ignores entries of other initiators or far starts", async () => {
    const { source, push, fireTimers } = manualFeed();
    const waiting = source(URL_A, 3000);
    push(entry({ startTime: 3000, initiatorType: "script" }), entry({ startTime: 3500 }));
    fireTimers();
    await expect(waiting).resolves.toBeNull();
  });
});
