// Timing of one request at the network boundary: a fetch wrapper handed to @huggingface/inference that
// notes t0, the response's head, each body chunk's arrival and the last byte, in named steps: the request
// started (response-head.ts for its head), the body read whole (whole-body.ts) or timed read by read as an
// event stream (stream-reads.ts), and the stream's tail after the answer (stream-tail.ts).
import type { Clock } from "./clock";
import { WIRE_EVENTS_KEY, type RequestInitWithWireEvents } from "./http-phases";
import { isNullBodyStatus, noteResponseHead } from "./response-head";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./response-rejections";
import { timeStreamReads, type TimedEventStream } from "./stream-reads";
import { discardStreamRest, drainStreamTail } from "./stream-tail";
import { readWholeBody } from "./whole-body";
import { newWireTiming, type WireTiming } from "./wire-timing";

/**
 * The Hub's model-mapping lookup goes through the injected fetch too, before the inference request;
 * it is a lookup, not the request being measured, so it passes through untimed. (The library caches it.)
 */
const HUB_API_PREFIX = "https://huggingface.co/api/";

export interface TimingFetch {
  fetch: typeof fetch;
  timing: WireTiming;
  /**
   * Lets what is left of an event stream after [DONE] arrive for a short grace, so the connection can be
   * reused, then cancels it: a server that holds the connection open must not hold the run (or, in a
   * browser, one of its six connections to the host).
   */
  drain(): void;
  /** Cancels whatever body is left unread: a failed attempt's connection is not kept. */
  discard(): void;
}

export interface TimingFetchOptions {
  /** Decoded body bytes at most; reading stops and the attempt fails past it. */
  maxResponseBytes: number;
}

export function createTimingFetch(
  baseFetch: typeof fetch,
  clock: Clock,
  signal: AbortSignal,
  options: TimingFetchOptions = { maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES },
): TimingFetch {
  const timing = newWireTiming();
  const { maxResponseBytes } = options;
  let eventStream: TimedEventStream | null = null;

  const timedFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(HUB_API_PREFIX)) {
      return baseFetch(input, { ...init, signal });
    }
    const sentInit = startRequest(timing, url, init, signal, clock);
    const response = await baseFetch(input, sentInit);
    noteResponseHead(timing, response, clock);
    if (!response.body || isNullBodyStatus(response.status)) return endWithoutBody(timing, response, clock);
    const isEventStream = timing.contentType?.startsWith("text/event-stream") ?? false;
    if (!isEventStream || !response.ok) return readWholeBody(response, response.body, timing, clock, maxResponseBytes);
    eventStream = timeStreamReads(response.body, timing, clock, maxResponseBytes);
    return response;
  };

  return {
    fetch: timedFetch as typeof fetch,
    timing,
    drain: () => drainStreamTail(eventStream, timing),
    discard: () => discardStreamRest(eventStream, timing),
  };
}

/**
 * The request as handed to the transport (the attempt's signal, the WireEvents a transport fills), then
 * its start: t0 is stamped last, so nothing of the timing fetch's own falls between it and the transport.
 */
function startRequest(timing: WireTiming, url: string, init: RequestInit | undefined, signal: AbortSignal, clock: Clock): RequestInitWithWireEvents {
  timing.url = url;
  const sentInit = { ...init, signal, [WIRE_EVENTS_KEY]: timing.wire } as RequestInitWithWireEvents;
  timing.startedAtEpochMs = clock.epochMs();
  timing.t0 = clock.now();
  return sentInit;
}

/** An answer without a body (a null-body status, or none given) ends with its head. */
function endWithoutBody(timing: WireTiming, response: Response, clock: Clock): Response {
  timing.lastByteAt = clock.now();
  timing.bodyEnded = true;
  return response;
}
