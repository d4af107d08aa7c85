import { describe, expect, it } from "vitest";
import {
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
} from "@huggingface/inference";
import { classifyError, createTimingFetch, newWireTiming, parseRetryAfter, type Clock, type WireTiming } from "../../src/core/measure";
import { backoffDelayMs } from "../../src/core/retry";
import { summarizeVector } from "../../src/core/targets";

function emptyTiming(overrides: Partial<WireTiming> = {}): WireTiming {
  return { ...newWireTiming(), t0: 0, startedAtEpochMs: 0, ...overrides };
}

function apiError(status: number) {
  return new InferenceClientProviderApiError("Failed to perform inference", { url: "https://x", method: "POST" }, { requestId: "r", status, body: "" });
}

/** A clock the test moves by hand. */
function manualClock(): Clock & { advance(ms: number): void } {
  let now = 1000;
  return { now: () => now, epochMs: () => 1_700_000_000_000 + now, advance: (ms) => (now += ms) };
}

describe("error classification", () => {
  it.each([
    [429, "rate_limited"],
    [400, "http_4xx"],
    [401, "http_4xx"],
    [404, "http_4xx"],
    [500, "http_5xx"],
    [503, "http_5xx"],
    [200, "bad_response"],
  ])("maps a provider HTTP %i to %s", (status, kind) => {
    expect(classifyError(apiError(status), emptyTiming(), null)).toMatchObject({ errorKind: kind, httpStatus: status });
  });

  it("maps library error classes, fetch failures and JSON failures", () => {
    const hub = new InferenceClientHubApiError("no mapping", { url: "https://x", method: "GET" }, { requestId: "", status: 404, body: "" });
    expect(classifyError(hub, emptyTiming(), null).errorKind).toBe("http_4xx");
    expect(classifyError(new InferenceClientProviderOutputError("bad shape"), emptyTiming({ httpStatus: 200 }), null)).toMatchObject({ errorKind: "bad_response", httpStatus: 200 });
    expect(classifyError(new InferenceClientInputError("no model"), emptyTiming(), null).errorKind).toBe("input");
    expect(classifyError(new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }), emptyTiming(), null)).toMatchObject({
      errorKind: "network",
      message: "fetch failed (ECONNREFUSED)",
    });
    expect(classifyError(new SyntaxError("Unexpected token"), emptyTiming({ httpStatus: 200 }), null).errorKind).toBe("bad_response");
    expect(classifyError(new TypeError("terminated"), emptyTiming({ httpStatus: 200, bodyReadFailed: true }), null).errorKind).toBe("network");
    // Library code reading a field of an unexpected body: the wire was fine.
    expect(classifyError(new TypeError("Cannot read properties of undefined"), emptyTiming({ httpStatus: 200, bodyEnded: true }), null).errorKind).toBe("bad_response");
  });

  it("lets the abort cause win over whatever error the abort produced", () => {
    const abortError = new DOMException("aborted", "AbortError");
    expect(classifyError(abortError, emptyTiming(), "timeout").errorKind).toBe("timeout");
    expect(classifyError(abortError, emptyTiming(), "aborted").errorKind).toBe("aborted");
  });
});

describe("Retry-After and backoff", () => {
  it("reads delay-seconds and HTTP dates", () => {
    expect(parseRetryAfter("2", 0)).toBe(2000);
    expect(parseRetryAfter("0.5", 0)).toBe(500);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(null, 0)).toBeNull();
    expect(parseRetryAfter("soon", 0)).toBeNull();
  });

  it("grows exponentially with full jitter, capped, and honours a longer Retry-After", () => {
    const retry = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000, retryOn: [] };
    expect(backoffDelayMs(retry, 1, null, () => 1)).toBe(100);
    expect(backoffDelayMs(retry, 3, null, () => 1)).toBe(400);
    expect(backoffDelayMs(retry, 3, null, () => 0.5)).toBe(200);
    expect(backoffDelayMs(retry, 10, null, () => 1)).toBe(1000);
    expect(backoffDelayMs(retry, 1, 5000, () => 1)).toBe(5000);
    expect(backoffDelayMs(retry, 3, 10, () => 1)).toBe(400);
  });
});

describe("timing fetch", () => {
  const encoder = new TextEncoder();

  function chunkedResponse(chunks: string[], clock: ReturnType<typeof manualClock>, stepMs: number, contentType: string) {
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (index >= chunks.length) return controller.close();
        clock.advance(stepMs);
        controller.enqueue(encoder.encode(chunks[index++]!));
      },
    });
    return new Response(body, { headers: { "content-type": contentType, "retry-after": "3" } });
  }

  it("notes t0, each chunk's arrival, the last byte and the byte count", async () => {
    const clock = manualClock();
    const base = (async () => {
      clock.advance(7);
      return chunkedResponse(["ab", "cd", "ef"], clock, 10, "application/json");
    }) as typeof fetch;
    const wire = createTimingFetch(base, clock, new AbortController().signal);
    const response = await wire.fetch("https://provider/v1/chat/completions", { method: "POST" });
    expect(wire.timing.t0).toBe(1000);
    expect(await response.text()).toBe("abcdef");
    expect(wire.timing.lastByteAt).toBe(1037);
    expect(wire.timing.bodyBytes).toBe(6);
    expect(wire.timing.httpStatus).toBe(200);
    expect(wire.timing.retryAfterMs).toBe(3000);
  });

  it("finds [DONE] even when it straddles two chunks", async () => {
    const clock = manualClock();
    const base = (async () => chunkedResponse(['data: {"a":1}\n\ndata: [DO', "NE]\n\n"], clock, 1, "text/event-stream")) as typeof fetch;
    const wire = createTimingFetch(base, clock, new AbortController().signal);
    await (await wire.fetch("https://provider/v1/chat/completions")).text();
    expect(wire.timing.sawDoneMarker).toBe(true);
  });

  it("does not see [DONE] in a stream cut short", async () => {
    const clock = manualClock();
    const base = (async () => chunkedResponse(['data: {"a":1}\n\n'], clock, 1, "text/event-stream")) as typeof fetch;
    const wire = createTimingFetch(base, clock, new AbortController().signal);
    await (await wire.fetch("https://provider/v1/chat/completions")).text();
    expect(wire.timing.sawDoneMarker).toBe(false);
  });

  it("passes the Hub mapping lookup through untimed", async () => {
    const clock = manualClock();
    const base = (async () => new Response("{}", { headers: { "content-type": "application/json" } })) as typeof fetch;
    const wire = createTimingFetch(base, clock, new AbortController().signal);
    await wire.fetch("https://huggingface.co/api/models/org/model?expand[]=inferenceProviderMapping");
    expect(wire.timing.t0).toBeNull();
  });
});

describe("vector summaries", () => {
  it("keeps the shape and the first values, not the whole vector", () => {
    expect(summarizeVector([0.123456, -0.5, 1])).toBe("shape=3 [0.1235, -0.5, 1]");
    const batch = [Array.from({ length: 384 }, (_, index) => index / 1000), Array.from({ length: 384 }, () => 0)];
    expect(summarizeVector(batch)).toBe("shape=2x384 [0, 0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.007, …]");
  });
});
