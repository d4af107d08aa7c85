// Timing of one request at the network boundary: a fetch wrapper handed to @huggingface/inference that
// notes t0, each body chunk's arrival and the last byte, and the error classification of a failed attempt.
import { concatChunks } from "../endpoints";
import {
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientRoutingError,
} from "@huggingface/inference";
import { bufferedResponse } from "./buffered-response";
import { describeError } from "../text";
import { redactCutText, redactText, redactValue } from "./secrets";
import { newWireEvents, WIRE_EVENTS_KEY, type RequestInitWithWireEvents, type WireEvents } from "./http-phases";
import type { ErrorKind } from "../record";

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
  /** For event streams: whether a `data: [DONE]` event arrived, so a stream cut short is not taken for a success. */
  sawDoneMarker: boolean;
  bodyEnded: boolean;
  /** The connection failed while the body was being read (a reset mid-body), as opposed to a parse failure after it. */
  bodyReadFailed: boolean;
  /** The start of an error answer's body (status >= 400), one line, for the record's message. */
  errorBodyExcerpt: string | null;
  /**
   * The body is framed by the connection's end alone (HTTP/1.x, no Content-Length, no chunked coding:
   * HTTP/1.0 without a word, HTTP/1.1 with or without `connection: close`). undici (Node's fetch, and the
   * command line's transport) then takes a reset for the end of the body, so a body that ends incomplete
   * is the connection's failure, not the provider's answer: the framing cannot tell them apart.
   */
  closeDelimited: boolean;
  /** What the transport saw on the socket (connection, request sent, headers); all null with a fetch that shows none. */
  wire: WireEvents;
  /** The measured request's URL (not the Hub's lookups): what a WireEventsSource matches its records by. */
  url: string | null;
}

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

/** Decoded bytes of one response at most, unless the scenario says otherwise: a gzip bomb stops here. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** One event line at most: real providers send a token or a tool-call piece per event, a few KB. */
export const MAX_EVENT_LINE_BYTES = 2 * 1024 * 1024;
/** How long the tail of a stream after [DONE] may take before the body is cancelled. */
export const DRAIN_GRACE_MS = 250;
/** Bytes after [DONE] read at most before cancelling: the tail carries nothing measured. */
const DRAIN_MAX_BYTES = 64 * 1024;
/** Characters of an error answer's body kept for the record's message. */
const ERROR_EXCERPT_CHARS = 300;

/** The body broke a limit (its size, an endless event line): reading stopped there and the attempt failed. */
export class ResponseRejectedError extends Error {
  override name = "ResponseRejectedError";
}

/** The body went over the scenario's byte limit. */
export class ResponseTooLargeError extends ResponseRejectedError {
  constructor(readonly limitBytes: number) {
    super(`the response went over ${formatBytes(limitBytes)} (run.maxResponseBytes): reading stopped there`);
  }
}

/**
 * One line of an event stream went over MAX_EVENT_LINE_BYTES. The library buffers a line by copying it
 * whole for every chunk, so a line without end costs time quadratic in its length: it is cut off here,
 * long before the byte limit.
 */
export class EventLineTooLongError extends ResponseRejectedError {
  constructor() {
    super(`an event stream line went over ${formatBytes(MAX_EVENT_LINE_BYTES)} without ending: not an event stream`);
  }
}

/** The event stream carried an `event: error` event: the provider's own report that the answer failed. */
export class StreamErrorEventError extends Error {
  constructor(providerMessage: string | null) {
    super(`the provider sent an error event in the stream${providerMessage ? `: ${providerMessage}` : ""}`);
    this.name = "StreamErrorEventError";
  }
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
    errorBodyExcerpt: null,
    closeDelimited: false,
    wire: newWireEvents(),
    url: null,
  };
}

const ignoreFailure = (): void => undefined;

export function createTimingFetch(
  baseFetch: typeof fetch,
  clock: Clock,
  signal: AbortSignal,
  options: TimingFetchOptions = { maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES },
): TimingFetch {
  const timing = newWireTiming();
  const { maxResponseBytes } = options;
  let bodyStream: ReadableStream<Uint8Array> | null = null;
  let rawGetReader: (() => ReadableStreamDefaultReader<Uint8Array>) | null = null;

  const timedFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(HUB_API_PREFIX)) {
      return baseFetch(input, { ...init, signal });
    }
    timing.url = url;
    const sentInit = { ...init, signal, [WIRE_EVENTS_KEY]: timing.wire } as RequestInitWithWireEvents;
    timing.startedAtEpochMs = clock.epochMs();
    timing.t0 = clock.now();
    const response = await baseFetch(input, sentInit);
    timing.httpStatus = response.status;
    timing.contentType = response.headers.get("content-type");
    timing.retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), clock.epochMs());
    timing.closeDelimited = isCloseDelimited(response.headers, timing.wire.http1);
    if (!response.body || isNullBodyStatus(response.status)) {
      timing.lastByteAt = clock.now();
      timing.bodyEnded = true;
      return response;
    }
    const isEventStream = timing.contentType?.startsWith("text/event-stream") ?? false;
    if (!isEventStream || !response.ok) return readWholeBody(response, response.body);
    timeStreamReads(response.body);
    return response;
  };

  /**
   * A body that is not a stream has no first token to time: read it whole at once (the library would
   * buffer it anyway) and hand the library a copy. Read chunk by chunk, not with arrayBuffer(), so a body
   * that inflates past the limit (a gzip bomb, an endless body) is stopped there rather than buffered.
   */
  const readWholeBody = async (response: Response, stream: ReadableStream<Uint8Array>): Promise<Response> => {
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        timing.bodyReadFailed = true;
        throw error;
      }
      if (result.done) break;
      timing.bodyBytes += result.value.byteLength;
      if (timing.bodyBytes > maxResponseBytes) {
        reader.cancel().catch(ignoreFailure);
        throw new ResponseTooLargeError(maxResponseBytes);
      }
      chunks.push(result.value);
    }
    // The last chunk's arrival at the socket, where the transport says (http-phases.ts), else now.
    timing.lastByteAt = timing.lastChunkAt = timing.wire.chunkArrivedAt ?? clock.now();
    timing.bodyEnded = true;
    const body = chunks.length === 1 ? chunks[0]! : concatChunks(chunks, timing.bodyBytes);
    if (response.status >= 400) timing.errorBodyExcerpt = textExcerpt(body);
    return bufferedResponse(response, body);
  };

  /**
   * Event streams are timed chunk by chunk by timing the reads of whoever reads the body (the library).
   * Each chunk is timed when the library asks for it and gets it, so `lastChunkAt` at the moment the
   * library yields an event is the arrival of the chunk that event came in: the moment it came off the
   * socket where the transport notes it (WireEvents.chunkArrivedAt), else the read. Instrumenting the reader
   * rather than piping the body through a second stream keeps the per-chunk cost to one promise; the
   * event scan is a byte loop that allocates nothing unless an error event is being read.
   */
  const timeStreamReads = (body: ReadableStream<Uint8Array>): void => {
    // Only an event stream is scanned: a body read whole (a non-streaming answer) needs no scanner.
    const scanner = new EventStreamScanner();
    const getReader = body.getReader.bind(body) as () => ReadableStreamDefaultReader<Uint8Array>;
    bodyStream = body;
    rawGetReader = getReader;
    Object.defineProperty(body, "getReader", {
      configurable: true,
      value: () => {
        const reader = getReader();
        const read = reader.read.bind(reader);
        reader.read = () =>
          read().then(
            (result) => {
              if (result.done) {
                timing.bodyEnded = true;
                return result;
              }
              const chunk = result.value;
              // When the chunk came off the socket, where the transport says; else when it was read.
              const arrivedAt = timing.wire.chunkArrivedAt ?? clock.now();
              timing.lastChunkAt = arrivedAt;
              timing.lastByteAt = arrivedAt;
              timing.bodyBytes += chunk.byteLength;
              if (timing.bodyBytes > maxResponseBytes) {
                reader.cancel().catch(ignoreFailure);
                throw new ResponseTooLargeError(maxResponseBytes);
              }
              if (!timing.sawDoneMarker) {
                scanner.scan(chunk);
                timing.sawDoneMarker = scanner.sawDone;
                if (scanner.errorEvent) {
                  reader.cancel().catch(ignoreFailure);
                  throw new StreamErrorEventError(providerMessage(scanner.errorData()));
                }
                if (scanner.lineBytes > MAX_EVENT_LINE_BYTES) {
                  reader.cancel().catch(ignoreFailure);
                  throw new EventLineTooLongError();
                }
              }
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

  const drain = (): void => {
    if (!bodyStream || !rawGetReader || timing.bodyEnded || bodyStream.locked) return;
    // The raw reader, not the timed one: bytes after [DONE] are not part of the answer and move no timestamp.
    const reader = rawGetReader();
    const timer = setTimeout(() => void reader.cancel().catch(ignoreFailure), DRAIN_GRACE_MS);
    void (async () => {
      let bytes = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          if (bytes > DRAIN_MAX_BYTES) {
            await reader.cancel();
            break;
          }
        }
      } catch {
        // The body's tail after [DONE] carries nothing measured; a failure here changes no record.
      } finally {
        clearTimeout(timer);
      }
    })();
  };

  const discard = (): void => {
    if (!bodyStream || timing.bodyEnded) return;
    if (bodyStream.locked) return;
    bodyStream.cancel().catch(ignoreFailure);
  };

  return { fetch: timedFetch as typeof fetch, timing, drain, discard };
}

const enum ScanState {
  LineStart,
  Field,
  ValueStart,
  Value,
  SkipLine,
}

const DONE_BYTES = new TextEncoder().encode("[DONE]");
const ERROR_BYTES = new TextEncoder().encode("error");
const DATA_BYTES = new TextEncoder().encode("data");
const EVENT_BYTES = new TextEncoder().encode("event");
const COLON = 0x3a;
const SPACE = 0x20;
const CR = 0x0d;
const LF = 0x0a;
/** Bytes of an error event's data kept for its message. */
const ERROR_DATA_MAX_BYTES = 2048;

const enum Field {
  Other,
  Data,
  Event,
}

/**
 * Reads an event stream by the SSE rules (lines ending in CR, LF or CRLF; `field: value`; `:` comments;
 * a blank line ends an event) as bytes arrive, and keeps only what decides the record: whether an event
 * whose data is exactly `[DONE]` arrived, and whether an event of type `error` did (with its data, when
 * the `event:` line came first, as providers send it). The text "[DONE]" anywhere else (a comment, an
 * `id:`, a content token) completes nothing.
 */
export class EventStreamScanner {
  sawDone = false;
  errorEvent = false;
  /** Bytes of the line not yet ended. */
  lineBytes = 0;
  private state = ScanState.LineStart;
  private afterCr = false;
  private fieldIndex = 0;
  private maybeData = true;
  private maybeEvent = true;
  private field = Field.Other;
  private valueIndex = 0;
  private valueMatches = true;
  private dataLines = 0;
  private dataIsDone = false;
  private eventIsError = false;
  private errorBytes: number[] | null = null;

  scan(chunk: Uint8Array): void {
    let lastLineEnd = -1;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (this.afterCr) {
        this.afterCr = false;
        if (byte === LF) continue;
      }
      if (byte === CR || byte === LF) {
        this.afterCr = byte === CR;
        lastLineEnd = index;
        this.endLine();
        if (this.sawDone || this.errorEvent) return;
        continue;
      }
      switch (this.state) {
        case ScanState.LineStart:
          if (byte === COLON) {
            this.state = ScanState.SkipLine;
            break;
          }
          this.state = ScanState.Field;
          this.fieldIndex = 0;
          this.maybeData = true;
          this.maybeEvent = true;
          this.matchField(byte);
          break;
        case ScanState.Field:
          if (byte === COLON) this.startValue();
          else this.matchField(byte);
          break;
        case ScanState.ValueStart:
          this.state = ScanState.Value;
          if (byte !== SPACE) this.matchValue(byte);
          break;
        case ScanState.Value:
          this.matchValue(byte);
          break;
        case ScanState.SkipLine:
          break;
      }
    }
    this.lineBytes = lastLineEnd < 0 ? this.lineBytes + chunk.length : chunk.length - lastLineEnd - 1;
  }

  /** The error event's data as text, when it was kept. */
  errorData(): string | null {
    return this.errorBytes && this.errorBytes.length > 0 ? new TextDecoder().decode(new Uint8Array(this.errorBytes)) : null;
  }

  private matchField(byte: number): void {
    this.maybeData &&= DATA_BYTES[this.fieldIndex] === byte;
    this.maybeEvent &&= EVENT_BYTES[this.fieldIndex] === byte;
    this.fieldIndex++;
  }

  private startValue(): void {
    this.field =
      this.maybeData && this.fieldIndex === DATA_BYTES.length ? Field.Data : this.maybeEvent && this.fieldIndex === EVENT_BYTES.length ? Field.Event : Field.Other;
    this.state = this.field === Field.Other ? ScanState.SkipLine : ScanState.ValueStart;
    this.valueIndex = 0;
    this.valueMatches = true;
    if (this.field === Field.Data) this.dataLines++;
    if (this.field === Field.Data && this.eventIsError && this.errorBytes && this.dataLines > 1) this.errorBytes.push(LF);
  }

  private matchValue(byte: number): void {
    const expected = this.field === Field.Data ? DONE_BYTES : ERROR_BYTES;
    this.valueMatches &&= expected[this.valueIndex] === byte;
    this.valueIndex++;
    if (this.field === Field.Data && this.eventIsError && this.errorBytes && this.errorBytes.length < ERROR_DATA_MAX_BYTES) this.errorBytes.push(byte);
  }

  private endLine(): void {
    const state = this.state;
    this.state = ScanState.LineStart;
    if (state === ScanState.LineStart) return this.dispatch();
    // A line without a colon is a field name with an empty value.
    if (state === ScanState.Field) this.startValue();
    else if (state === ScanState.SkipLine) return;
    const exact = this.valueMatches && this.valueIndex === (this.field === Field.Data ? DONE_BYTES.length : ERROR_BYTES.length);
    if (this.field === Field.Data) {
      this.dataIsDone = this.dataLines === 1 && exact;
    } else if (this.field === Field.Event) {
      this.eventIsError = exact;
      this.errorBytes = exact ? [] : null;
    }
  }

  /** A blank line: the event is complete. */
  private dispatch(): void {
    // An error event counts even without data: a provider that says "error" has not answered.
    if (this.eventIsError) this.errorEvent = true;
    else if (this.dataLines > 0 && this.dataIsDone) this.sawDone = true;
    this.dataLines = 0;
    this.dataIsDone = false;
    if (!this.errorEvent) {
      this.eventIsError = false;
      this.errorBytes = null;
    }
  }
}

/** Retry-After is either delay-seconds (a whole number) or an HTTP date; anything else is ignored. */
export function parseRetryAfter(header: string | null, nowEpochMs: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  // Number() would also take "-5", "0x10", "1e3" and "Infinity": delay-seconds are digits (a fraction is tolerated).
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // A date names a weekday and a month: Date.parse alone would take "5" or "2" as a year.
  if (!/[a-z]{3}/i.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowEpochMs);
}

export const CLOSE_DELIMITED_CUT =
  "the connection ended before the body was complete (a body framed only by the connection's end: a reset looks like an early close)";

/**
 * Whether the body ends only at the connection's close (RFC 9112 §6.3): no Content-Length, and no
 * transfer coding ending in chunked. Known for HTTP/1.x when the transport says the version; otherwise
 * only a visible `connection: close` says it, since a browser hides both the version and, across
 * origins, Transfer-Encoding (a chunked answer would look close-delimited).
 */
function isCloseDelimited(headers: Headers, http1: boolean | null | undefined): boolean {
  if (headers.has("content-length")) return false;
  const codings = headers.get("transfer-encoding");
  if (codings !== null && /(?:^|,)\s*chunked\s*$/i.test(codings)) return false;
  return http1 === true || (codings === null && /\bclose\b/i.test(headers.get("connection") ?? ""));
}

function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || status === 304;
}

function textExcerpt(body: Uint8Array): string | null {
  const text = new TextDecoder().decode(body.subarray(0, 4 * ERROR_EXCERPT_CHARS));
  return text.trim() === "" ? null : text;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

export interface ErrorClassification {
  errorKind: ErrorKind;
  httpStatus: number | null;
  message: string;
}

/** Why the attempt's signal fired, if it did: the run was aborted, or the request timed out. */
export type AbortCause = "aborted" | "timeout" | null;

/**
 * Maps what went wrong to docs/metrics.md's error kinds, with a message that says what happened: the provider's
 * own words and status when it gave them, the likely cause of a network failure. The library's error
 * classes come first (they carry the HTTP status and the answer's body); then fetch's own failures, which
 * differ by runtime (Node says "fetch failed" or "terminated", browsers "Failed to fetch"), so they are
 * told apart by type, not by message. The message is always one bounded line.
 */
export function classifyError(error: unknown, timing: WireTiming, abortCause: AbortCause, secrets: readonly string[] = []): ErrorClassification {
  const classification = classify(error, timing, abortCause, secrets);
  // Redacted before it is cut: a key cut in half would leave its start behind.
  classification.message = oneLine(redactText(classification.message, secrets), MAX_ERROR_MESSAGE_CHARS);
  return classification;
}

function classify(error: unknown, timing: WireTiming, abortCause: AbortCause, secrets: readonly string[]): ErrorClassification {
  const message = describeError(error);
  if (abortCause === "aborted") return { errorKind: "aborted", httpStatus: timing.httpStatus, message: "aborted by the user" };
  if (abortCause === "timeout") return { errorKind: "timeout", httpStatus: timing.httpStatus, message };
  if (error instanceof ResponseRejectedError || error instanceof StreamErrorEventError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message };
  }
  if (error instanceof InferenceClientProviderApiError || error instanceof InferenceClientHubApiError) {
    const status = error.httpResponse.status;
    // The provider's words are cut to an excerpt: the secrets go first (the body's first bytes were cut already).
    const excerpt = timing.errorBodyExcerpt === null ? null : redactCutText(timing.errorBodyExcerpt, secrets);
    const said = providerMessage(redactValue(error.httpResponse.body, secrets)) ?? providerMessage(excerpt);
    // A 2xx here is an error reported inside a 200: an error in the stream's data, or a wrong content type.
    const text = status >= 400 ? `HTTP ${status}${said ? `: ${said}` : ` (${message})`}` : said ? `the provider reported an error in the stream: ${said}` : message;
    return { errorKind: kindForHttpStatus(status), httpStatus: status, message: text };
  }
  if (error instanceof InferenceClientProviderOutputError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message };
  }
  if (error instanceof InferenceClientInputError || error instanceof InferenceClientRoutingError) {
    return { errorKind: "input", httpStatus: null, message };
  }
  // fetch reports a failed connection as a TypeError, but so does library code choking on an odd body:
  // only a failure before the headers or while reading the body is the network's.
  const failedOnTheWire = timing.httpStatus === null || timing.bodyReadFailed;
  if ((error instanceof TypeError || isDomException(error, "NetworkError")) && failedOnTheWire) {
    return { errorKind: "network", httpStatus: timing.httpStatus, message: describeNetworkError(error, message) };
  }
  if (error instanceof SyntaxError && timing.closeDelimited && timing.bodyEnded) {
    return { errorKind: "network", httpStatus: timing.httpStatus, message: CLOSE_DELIMITED_CUT };
  }
  if (error instanceof SyntaxError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message: `malformed response: ${message}` };
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

/** Long enough for a provider's sentence and a cause; short enough for a table cell and a CSV column. */
export const MAX_ERROR_MESSAGE_CHARS = 400;
const MAX_PROVIDER_MESSAGE_CHARS = 240;

/**
 * The provider's own words from an error answer: an OpenAI `{ error: { message } }`, a TGI
 * `{ error: "…" }`, a FastAPI `{ detail }`, a `{ message }`, or the trimmed text of a non-JSON body.
 */
export function providerMessage(body: unknown): string | null {
  if (typeof body === "string") {
    const text = body.trim();
    if (text === "") return null;
    if (text.startsWith("{")) {
      try {
        return providerMessage(JSON.parse(text) as unknown) ?? oneLine(text, MAX_PROVIDER_MESSAGE_CHARS);
      } catch {
        // Not JSON after all (or cut short): the text itself.
      }
    }
    return oneLine(text, MAX_PROVIDER_MESSAGE_CHARS);
  }
  if (typeof body !== "object" || body === null) return null;
  const fields = body as { error?: unknown; detail?: unknown; message?: unknown };
  const nested = typeof fields.error === "object" && fields.error !== null ? (fields.error as { message?: unknown }).message : undefined;
  for (const candidate of [nested, fields.error, fields.detail, fields.message]) {
    if (typeof candidate === "string" && candidate.trim() !== "") return oneLine(candidate, MAX_PROVIDER_MESSAGE_CHARS);
  }
  return null;
}

/** One line (no CR, LF, U+2028/2029/0085 or other controls), at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  if (flat.length <= max) return flat;
  let cut = max - 1;
  // Never split a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(flat[cut - 1] ?? "")) cut--;
  return `${flat.slice(0, cut)}…`;
}

const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "unknown host",
  EAI_AGAIN: "host name lookup failed",
  ECONNRESET: "connection reset by the server",
  EPIPE: "connection closed by the server",
  ETIMEDOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed by the server",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

/**
 * undici gives one code (UND_ERR_SOCKET) for several failures and tells them apart by its message; the
 * ones a server causes are said as what happened (an unasked 100 Continue read as the connection closing
 * misled: the server had answered).
 */
const UNDICI_SOCKET_CAUSES: Record<string, string> = {
  "other side closed": "connection closed by the server",
  "bad response": "the server sent 100 Continue, which the request did not ask for (no Expect: 100-continue), so its answer was not read and the connection was closed",
  "bad upgrade": "the server switched protocols, which the request did not ask for, so its answer was not read and the connection was closed",
};

function networkCause(code: string, causeMessage: unknown): string {
  const said = typeof causeMessage === "string" ? causeMessage : null;
  if (code === "UND_ERR_SOCKET" && said !== null && Object.hasOwn(UNDICI_SOCKET_CAUSES, said)) return UNDICI_SOCKET_CAUSES[said]!;
  return NETWORK_CAUSES[code] ?? said ?? "network error";
}

/**
 * Node's fetch nests the system error in `cause` (sometimes twice); a browser gives a bare TypeError and
 * never says why, so the message names the candidates.
 */
function describeNetworkError(error: unknown, message: string): string {
  let cause = (error as { cause?: unknown }).cause;
  for (let depth = 0; depth < 4 && cause && typeof cause === "object"; depth++) {
    const { code, message: causeMessage } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string") return `${message}: ${networkCause(code, causeMessage)} (${code})`;
    const next = (cause as { cause?: unknown }).cause;
    if (!next && typeof causeMessage === "string") return `${message}: ${causeMessage}`;
    cause = next;
  }
  if (timingIsBrowserFetchFailure(error)) {
    return `${message} — CORS refusal, connection refused or unknown host: the browser does not say which`;
  }
  return message;
}

function timingIsBrowserFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && (error as { cause?: unknown }).cause === undefined;
}

function isDomException(error: unknown, name: string): boolean {
  return typeof DOMException !== "undefined" && error instanceof DOMException && error.name === name;
}

