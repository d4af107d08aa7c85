// The provider's own share of a request's latency: what a load judgement may blame on it.
import { describe, expect, it } from "vitest";
import { providerSpan, providerTimeMs } from "../../../src/core/load";

describe("the provider's time", () => {
  it("runs from the send to the network's last byte: a wait for a connection and a late read are the client's", () => {
    // t0 at 1000; 40 ms waiting for one of the browser's connections, 10 ms to headers, 150 ms of body, read 30 ms late.
    const record = { startedAt: 1000, latencyMs: 230, waitingMs: 10, receivingMs: 180, clientReadMs: 30 };
    expect(providerTimeMs(record)).toBe(160);
    expect(providerSpan(record)).toEqual({ start: 1040, end: 1200 });
  });

  it("is the latency less any late read known where the transport saw no phases", () => {
    expect(providerTimeMs({ latencyMs: 230, waitingMs: null, receivingMs: null, clientReadMs: 30 })).toBe(200);
    expect(providerTimeMs({ latencyMs: 230 })).toBe(230);
    expect(providerSpan({ startedAt: 1000, latencyMs: 230 })).toEqual({ start: 1000, end: 1230 });
  });
});
