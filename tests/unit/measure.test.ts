import { describe, expect, it } from "vitest";
import {
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
} from "@huggingface/inference";
import { classifyError, createTimingFetch, EventStreamScanner, newWireTiming, oneLine, parseRetryAfter, type Clock, type WireTiming } from "../../src/core/measure";
import { backoffDelayMs, planRetry, summarizeVector } from "../../src/core/run";

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
      message: "fetch failed: connection refused (ECONNREFUSED)",
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

describe("event stream scanning", () => {
  function scan(...chunks: string[]): EventStreamScanner {
    const scanner = new EventStreamScanner();
    for (const chunk of chunks) scanner.scan(new TextEncoder().encode(chunk));
    return scanner;
  }

  it("completes only on an event whose data is exactly [DONE], however the bytes are split", () => {
    expect(scan("data: [DONE]\n\n").sawDone).toBe(true);
    expect(scan("data:[DONE]\r\n\r\n").sawDone).toBe(true);
    expect(scan("data: [DONE]\r\r").sawDone).toBe(true);
    expect(scan('data: {"a":1}\n\ndata: [DO', "NE]\n", "\n").sawDone).toBe(true);
    // Not a dispatched event (no blank line), a comment, another field, a longer value, a content token.
    expect(scan("data: [DONE]\n").sawDone).toBe(false);
    expect(scan(": [DONE]\n\n").sawDone).toBe(false);
    expect(scan("id: [DONE]\n\n").sawDone).toBe(false);
    expect(scan("data: [DONE]!\n\n").sawDone).toBe(false);
    expect(scan("data: [DONE]\ndata: more\n\n").sawDone).toBe(false);
    expect(scan('data: {"content":"[DONE]"}\n\n').sawDone).toBe(false);
  });

  it("reports an `event: error` event with its data, and only that event type", () => {
    const scanner = scan("event: error\n", 'data: {"error":{"message":"overloaded"}}\n\n');
    expect(scanner.errorEvent).toBe(true);
    expect(scanner.errorData()).toBe('{"error":{"message":"overloaded"}}');
    expect(scan("event: errors\ndata: x\n\n").errorEvent).toBe(false);
    expect(scan("event: message\ndata: x\n\n").errorEvent).toBe(false);
    expect(scan("data: x\nevent: error\n\n").errorEvent).toBe(true);
  });
});

describe("bounded Retry-After and error messages", () => {
  const policy = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 30_000, retryOn: [] };

  it("ignores negative, hexadecimal, exponent and garbage values, and takes an HTTP date", () => {
    for (const header of ["-5", "0x10", "1e3", "Infinity", "soon", "5 seconds", "2"]) {
      expect(parseRetryAfter(header, 0), header).toBe(header === "2" ? 2000 : null);
    }
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:00 GMT"))).toBe(60_000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 08:00:00 GMT"))).toBe(0);
  });

  it("refuses a Retry-After over the policy's bound, saying what was asked, and caps every wait", () => {
    expect(planRetry(policy, 1, 86_400_000, () => 1)).toEqual({ retry: false, refusal: "asked to retry after 86400 s, over the policy's 30 s" });
    expect(planRetry(policy, 1, 1e12, () => 1)).toMatchObject({ retry: false });
    expect(planRetry(policy, 1, 2000, () => 0)).toEqual({ retry: true, delayMs: 2000 });
    expect(planRetry(policy, 1, 2000, () => 0, 1000)).toEqual({ retry: false, refusal: "asked to retry after 2 s, over the 1 s left before the run's deadline" });
    expect(planRetry(policy, 20, null, () => 1)).toEqual({ retry: true, delayMs: 30_000 });
  });

  it("puts the provider's own message and status in one bounded line", () => {
    const withBody = (status: number, body: unknown) =>
      new InferenceClientProviderApiError("Failed to perform inference: an HTTP error occurred", { url: "https://x", method: "POST" }, { requestId: "", status, body: body as string });
    expect(classifyError(withBody(503, { error: { message: "model is overloaded" } }), emptyTiming(), null).message).toBe("HTTP 503: model is overloaded");
    expect(classifyError(withBody(422, { detail: "max_tokens too large" }), emptyTiming(), null).message).toBe("HTTP 422: max_tokens too large");
    expect(classifyError(withBody(502, ""), emptyTiming({ errorBodyExcerpt: "<html>\nBad gateway\r\n</html>" }), null).message).toBe("HTTP 502: <html> Bad gateway </html>");
    const long = classifyError(withBody(500, { error: "x".repeat(10_000) + "\u2028y" }), emptyTiming(), null).message;
    expect(long.length).toBeLessThanOrEqual(400);
    expect(long).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
    expect(oneLine("a\u0085b\u2029c", 10)).toBe("a b c");
  });

  it("says what a browser's bare fetch failure may be, and names Node's causes", () => {
    expect(classifyError(new TypeError("Failed to fetch"), emptyTiming(), null).message).toMatch(/^Failed to fetch — CORS refusal, connection refused or unknown host/);
    const reset = new TypeError("terminated", { cause: { cause: { code: "ECONNRESET", message: "read ECONNRESET" } } });
    expect(classifyError(reset, emptyTiming({ httpStatus: 200, bodyReadFailed: true }), null)).toMatchObject({
      errorKind: "network",
      message: "terminated: connection reset by the server (ECONNRESET)",
    });
  });
});

describe("vector summaries", () => {
  it("keeps the shape and the first values, not the whole vector", () => {
    expect(summarizeVector([0.123456, -0.5, 1])).toBe("shape=3 [0.1235, -0.5, 1]");
    const batch = [Array.from({ length: 384 }, (_, index) => index / 1000), Array.from({ length: 384 }, () => 0)];
    expect(summarizeVector(batch)).toBe("shape=2x384 [0, 0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.007, …]");
  });
});
