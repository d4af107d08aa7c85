// Where one request's time went on the wire: connection set-up, TLS, waiting for the answer's headers,
// receiving its body. A transport that sees the socket (the CLI's, src/cli/transport/) fills a request's
// WireEvents as they happen; a browser's fetch shows none of it, so there every phase stays null (or comes
// from Resource Timing where the server allows it). Pure: no Node, no DOM.

/** What a transport saw of one request, in the run clock's milliseconds (Clock.now()). Filled as it happens. */
export interface WireEvents {
  /** The request went out on a connection that had carried a request before; null when not known. */
  connectionReused: boolean | null;
  /** Name lookup and TCP connect of the connection the request opened; null when it reused one, or not known. */
  connectMs: number | null;
  /** TLS handshake of that new connection; null over plain http, on a reused connection, or not known. */
  tlsMs: number | null;
  /** The request's last byte was handed to the socket (headers and body written). */
  requestSentAt: number | null;
  /** The response's status line and headers were parsed. */
  headersAt: number | null;
  /**
   * When the body chunk last handed to the reader came off the socket; null when the transport does not
   * say. The timing fetch times chunks by it (a chunk that waited in the transport's queue keeps its arrival).
   */
  chunkArrivedAt?: number | null;
  /**
   * When the network stack had the response's last byte, where a platform reports it apart from the page's
   * own reads (the browser's Resource Timing responseEnd); null or absent where reads follow the socket.
   */
  bodyEndAt?: number | null;
  /**
   * The response came over HTTP/1.x, where a body without Content-Length or chunked coding ends only at the
   * connection's close (HTTP/1.0's usual answer; HTTP/1.1's too, `connection: close` or not). Null or absent
   * where the transport does not know (a browser's fetch, HTTP/2): then only a visible `connection: close`
   * says so (response-head.ts).
   */
  http1?: boolean | null;
  /**
   * The request on the wire, registered by a transport that aborts it itself when the attempt is aborted
   * (its timeout, the run's abort, its failure), instead of listening to the signal; absent with a fetch.
   */
  request?: WireAbortable | null;
}

/** A request a transport can end at once: the socket is destroyed, the caller's promise or body read fails with the reason. */
export interface WireAbortable {
  abort(reason: unknown): void;
}

/**
 * The RequestInit key under which the timing fetch hands a transport the request's WireEvents to fill.
 * Any other fetch ignores an unknown key, so the same call works with the browser's fetch.
 */
export const WIRE_EVENTS_KEY = "providerbenchWireEvents";

export type RequestInitWithWireEvents = RequestInit & { [WIRE_EVENTS_KEY]?: WireEvents };

export function newWireEvents(): WireEvents {
  return { connectionReused: null, connectMs: null, tlsMs: null, requestSentAt: null, headersAt: null, chunkArrivedAt: null };
}

/** The phases of one record (docs/metrics.md, "HTTP phases"): null where nothing was seen. */
export interface HttpPhases {
  connectMs: number | null;
  tlsMs: number | null;
  /** Request sent → response headers received. */
  waitingMs: number | null;
  /** Response headers → the last byte the answer needed (the same end as latency). */
  receivingMs: number | null;
  connectionReused: boolean | null;
  /**
   * The network stack's last byte → the client's read of it: time the client itself added to the latency
   * (a busy browser tab reads a stream late). Null where the transport does not tell the two apart.
   */
  clientReadMs: number | null;
}

export const NO_HTTP_PHASES: Readonly<HttpPhases> = Object.freeze({ connectMs: null, tlsMs: null, waitingMs: null, receivingMs: null, connectionReused: null, clientReadMs: null });

/** The phases from what the transport saw and the answer's last byte (both on the run clock). */
export function httpPhasesOf(events: WireEvents | null, lastByteAt: number | null): HttpPhases {
  if (events === null) return { ...NO_HTTP_PHASES };
  const { requestSentAt, headersAt } = events;
  return {
    connectMs: roundMs(events.connectMs),
    tlsMs: roundMs(events.tlsMs),
    waitingMs: requestSentAt !== null && headersAt !== null ? roundMs(Math.max(0, headersAt - requestSentAt)) : null,
    receivingMs: headersAt !== null && lastByteAt !== null ? roundMs(Math.max(0, lastByteAt - headersAt)) : null,
    connectionReused: events.connectionReused,
    clientReadMs: events.bodyEndAt != null && lastByteAt !== null ? roundMs(Math.max(0, lastByteAt - events.bodyEndAt)) : null,
  };
}

function roundMs(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms * 1000) / 1000;
}

/**
 * Where a platform that hides the socket from the page recorded a request's phases after the fact: the
 * browser's Resource Timing (src/session/resource-timing-phases.ts). Called once the answer is read, with the
 * request's URL and t0 on the run clock; resolves the WireEvents it recorded (times on the run clock), or null
 * when it recorded none or hides them (no `Timing-Allow-Origin`). It must resolve within a short bound of its
 * own: the request's place in the run's window is held until it does.
 */
export type WireEventsSource = (url: string, t0: number) => Promise<WireEvents | null>;
