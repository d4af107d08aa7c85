// Timing of one request at the network boundary: a fetch wrapper handed to @huggingface/inference that
// notes t0, each body chunk's arrival and the last byte, and the error classification of a failed attempt.
import {
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientRoutingError,
} from "@huggingface/inference";
import type { ErrorKind } from "./record";

export interface Clock {
  /** Monotonic milliseconds, for durations. */
  now(): number;
  /** Wall clock, epoch milliseconds. */
  epochMs(): number;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  epochMs: () => Date.now(),
};

/**
 * The Hub's model-mapping lookup goes through the injected fetch too, before the inference request;
 * it is a lookup, not the request being measured, so it passes through untimed. (The library caches it.)
 */
const HUB_API_PREFIX = "https://huggingface.co/api/";

const DONE_MARKER = new TextEncoder().encode("[DONE]");

/** What the timing fetch saw of the one inference request it carried. */
export interface WireTiming {
  /** performance.now() just before the request was handed to fetch; null if it never was. */
  t0: number | null;
  startedAtEpochMs: number | null;
  httpStatus: number | null;
  contentType: string | null;
  /** Milliseconds the server asked us to wait (Retry-After), when it said. */
  retryAfterMs: number | null;
  /** Arrival of the most recent body chunk: the time a content event parsed from it was received. */
  lastChunkAt: number | null;
  /** Arrival of the last body byte. */
  lastByteAt: number | null;
  bodyBytes: number;
  /** For event streams: whether `[DONE]` arrived, so a stream cut short is not taken for a success. */
  sawDoneMarker: boolean;
  bodyEnded: boolean;
  /** The connection failed while the body was being read (a reset mid-body), as opposed to a parse failure after it. */
  bodyReadFailed: boolean;
}

export interface TimingFetch {
  fetch: typeof fetch;
  timing: WireTiming;
  /** Reads what is left of the body so the connection can be reused (the library stops at [DONE]). */
  drain(): Promise<void>;
}

/** What is known before the request is sent: nothing. */
export function newWireTiming(): WireTiming {
  return {
    t0: null,
    startedAtEpochMs: null,
    httpStatus: null,
    contentType: null,
    retryAfterMs: null,
    lastChunkAt: null,
    lastByteAt: null,
    bodyBytes: 0,
    sawDoneMarker: false,
    bodyEnded: false,
    bodyReadFailed: false,
  };
}

export function createTimingFetch(baseFetch: typeof fetch, clock: Clock, signal: AbortSignal): TimingFetch {
  const timing = newWireTiming();
  let bodyStream: ReadableStream<Uint8Array> | null = null;
  let doneScanTail = new Uint8Array(0);

  const timedFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(HUB_API_PREFIX)) {
      return baseFetch(input, { ...init, signal });
    }
    timing.startedAtEpochMs = clock.epochMs();
    timing.t0 = clock.now();
    const response = await baseFetch(input, { ...init, signal });
    timing.httpStatus = response.status;
    timing.contentType = response.headers.get("content-type");
    timing.retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), clock.epochMs());
    if (!response.body || isNullBodyStatus(response.status)) {
      timing.lastByteAt = clock.now();
      timing.bodyEnded = true;
      return response;
    }
    const isEventStream = timing.contentType?.startsWith("text/event-stream") ?? false;
    if (!isEventStream) return readWholeBody(response);
    timeStreamReads(response.body);
    return response;
  };

  /**
   * A body that is not a stream has no first token to time: read it whole at once (the library would
   * buffer it anyway) and hand the library a copy. The native read is far cheaper than a JS stream.
   */
  const readWholeBody = async (response: Response): Promise<Response> => {
    let body: ArrayBuffer;
    try {
      body = await response.arrayBuffer();
    } catch (error) {
      timing.bodyReadFailed = true;
      throw error;
    }
    timing.lastByteAt = timing.lastChunkAt = clock.now();
    timing.bodyBytes = body.byteLength;
    timing.bodyEnded = true;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  const onChunk = (chunk: Uint8Array): void => {
    const arrivedAt = clock.now();
    timing.lastChunkAt = arrivedAt;
    timing.lastByteAt = arrivedAt;
    timing.bodyBytes += chunk.byteLength;
    if (!timing.sawDoneMarker) timing.sawDoneMarker = containsDoneMarker(chunk);
  };

  const containsDoneMarker = (chunk: Uint8Array): boolean => {
    const keep = DONE_MARKER.length - 1;
    // The marker may straddle two chunks: also look at the previous chunk's tail joined to this one's head.
    const seam = concatBytes(doneScanTail, chunk.subarray(0, keep));
    doneScanTail = chunk.length >= keep ? chunk.slice(-keep) : seam.slice(-keep);
    return indexOfBytes(seam, DONE_MARKER) >= 0 || indexOfBytes(chunk, DONE_MARKER) >= 0;
  };

  /**
   * Event streams are timed chunk by chunk by timing the reads of whoever reads the body (the library).
   * Each chunk is timed when the library asks for it and gets it, so `lastChunkAt` at the moment the
   * library yields an event is the arrival of the chunk that event came in. Instrumenting the reader
   * rather than piping the body through a second stream keeps the per-chunk cost to one promise.
   */
  const timeStreamReads = (body: ReadableStream<Uint8Array>): void => {
    const getReader = body.getReader.bind(body) as () => ReadableStreamDefaultReader<Uint8Array>;
    bodyStream = body;
    Object.defineProperty(body, "getReader", {
      configurable: true,
      value: () => {
        const reader = getReader();
        const read = reader.read.bind(reader);
        reader.read = () =>
          read().then(
            (result) => {
              if (result.done) timing.bodyEnded = true;
              else onChunk(result.value);
              return result;
            },
            (error: unknown) => {
              timing.bodyReadFailed = true;
              throw error;
            },
          );
        return reader;
      },
    });
  };

  const drain = async (): Promise<void> => {
    if (!bodyStream || timing.bodyEnded || bodyStream.locked) return;
    try {
      const reader = bodyStream.getReader();
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
    } catch {
      // The body's tail after [DONE] carries nothing measured; a failure here changes no record.
    }
  };

  return { fetch: timedFetch as typeof fetch, timing, drain };
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, nowEpochMs: number): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowEpochMs);
}

function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || status === 304;
}

function concatBytes(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let start = 0; start <= haystack.length - needle.length; start++) {
    for (let offset = 0; offset < needle.length; offset++) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

export interface ErrorClassification {
  errorKind: ErrorKind;
  httpStatus: number | null;
  message: string;
}

/** Why the attempt's signal fired, if it did: the run was aborted, or the request timed out. */
export type AbortCause = "aborted" | "timeout" | null;

/**
 * Maps what went wrong to DESIGN.md's error kinds. The library's error classes come first (they carry
 * the HTTP status); then fetch's own failures, which differ by runtime (Node says "fetch failed" or
 * "terminated", browsers "Failed to fetch"), so they are told apart by type, not by message.
 */
export function classifyError(error: unknown, timing: WireTiming, abortCause: AbortCause): ErrorClassification {
  const message = errorMessage(error);
  if (abortCause === "aborted") return { errorKind: "aborted", httpStatus: timing.httpStatus, message: "aborted by the user" };
  if (abortCause === "timeout") return { errorKind: "timeout", httpStatus: timing.httpStatus, message };
  if (error instanceof InferenceClientProviderApiError || error instanceof InferenceClientHubApiError) {
    const status = error.httpResponse.status;
    return { errorKind: kindForHttpStatus(status), httpStatus: status, message };
  }
  if (error instanceof InferenceClientProviderOutputError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message };
  }
  if (error instanceof InferenceClientInputError || error instanceof InferenceClientRoutingError) {
    return { errorKind: "input", httpStatus: null, message };
  }
  if (error instanceof SyntaxError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message: `malformed response: ${message}` };
  }
  // fetch reports a failed connection as a TypeError, but so does library code choking on an odd body:
  // only a failure before the headers or while reading the body is the network's.
  const failedOnTheWire = timing.httpStatus === null || timing.bodyReadFailed;
  if ((error instanceof TypeError || isDomException(error, "NetworkError")) && failedOnTheWire) {
    return { errorKind: "network", httpStatus: timing.httpStatus, message: describeNetworkError(error, message) };
  }
  if (timing.httpStatus !== null && timing.httpStatus >= 400) {
    return { errorKind: kindForHttpStatus(timing.httpStatus), httpStatus: timing.httpStatus, message };
  }
  return { errorKind: "bad_response", httpStatus: timing.httpStatus, message };
}

/** A status that the library raised as an error; 2xx here means an error reported inside a 200 (an SSE error event, a wrong content type). */
export function kindForHttpStatus(status: number): ErrorKind {
  if (status === 429) return "rate_limited";
  if (status >= 500) return "http_5xx";
  if (status >= 400) return "http_4xx";
  return "bad_response";
}

function describeNetworkError(error: unknown, message: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${message} (${cause.code})` : cause?.message ? `${message}: ${cause.message}` : message;
}

function isDomException(error: unknown, name: string): boolean {
  return typeof DOMException !== "undefined" && error instanceof DOMException && error.name === name;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
