// What the timing fetch saw of the one inference request it carried: t0, the response's head, each body
// chunk's arrival and the last byte, and how the body ended. The fetch fills it as the request goes; the
// attempt reads it into the record, and the error classification reads it to say what went wrong.
import { newWireEvents, type WireEvents } from "./http-phases";

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
