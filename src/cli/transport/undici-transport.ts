// The command line's transport: every request it sends goes through undici's dispatcher API (one Agent,
// one connection pool per origin, connections sized to the run's concurrency, keep-alive, HTTP/2 when
// asked), behind the small fetch shape @huggingface/inference needs (status, headers.get, json/text/blob,
// body.getReader). The library still builds every request; only the sending changes. Node's WHATWG fetch
// costs a Request, a Headers, a ReadableStream and a promise chain per chunk; here a chunk goes from the
// socket to the reader in one promise, and the handler's callbacks stamp the phases as they happen:
// request written (onRequestSent), headers parsed (onHeaders), connection opened (the connector).
// Here: the fetch shape turned into a request undici takes; the connector is timed-connector.ts, one
// request on the wire wire-request.ts, the answer wire-response.ts, redirects wire-redirects.ts.
//
// The rules of hostile providers hold here as on fetch: a redirect to another origin is refused (the token
// and the prompt never leave the origin they were meant for), one to the same origin is followed a few
// times; the body is read through a bounded queue (the socket pauses when the reader is behind) and the
// caller's byte limit stops it; an abort (the run's, or the request's timeout) destroys the socket.
import { Agent } from "undici";
import { WIRE_EVENTS_KEY, type RequestInitWithWireEvents } from "../../core/measure";
import { parsedUrl } from "../../core/endpoints";
import { timedConnector } from "./timed-connector";
import { followRedirects } from "./wire-redirects";
import { dispatchOnce, type OutgoingRequest } from "./wire-request";

export interface WireTransportOptions {
  /** Connections per origin at most (null: no bound): what the run can have in flight, so no request waits for one. */
  connectionsPerOrigin: number | null;
  /** Offer HTTP/2 over TLS (ALPN); plain http stays HTTP/1.1. Connection phases are then not reported. */
  allowH2?: boolean;
  /** The run's monotonic clock (Clock.now()), so phases and the timing fetch's timestamps agree. */
  now?: () => number;
  /** Certificate authorities to trust instead of the system's (tests against a self-signed loopback server). */
  ca?: string;
}

export interface WireTransport {
  /** The fetch shape handed to the runner (and through it to @huggingface/inference). */
  fetch: typeof fetch;
  /** Closes every connection; requests still in flight fail. */
  close(): Promise<void>;
}

/** Headers the transport writes itself or that would break the framing. */
const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive", "upgrade", "expect", "te", "trailer", "proxy-connection"]);

export function createWireTransport(options: WireTransportOptions): WireTransport {
  const now = options.now ?? (() => performance.now());
  const allowH2 = options.allowH2 ?? false;
  const connect = timedConnector(now, { allowH2, ca: options.ca });
  const agent = new Agent({
    connections: options.connectionsPerOrigin === null ? null : Math.max(1, options.connectionsPerOrigin),
    allowH2,
    connect,
    // The run's per-request timeout is the one that counts (it aborts the socket); undici's own would
    // end a slow answer the scenario allows.
    headersTimeout: 0,
    bodyTimeout: 0,
  });

  const bodyBytes = createBodyBytes();

  /**
   * Not async up to the dispatch: a string or byte body (what the library sends) is handed to undici in the
   * same synchronous call, so the timing fetch's t0, taken just before this is called, is the moment the
   * request goes to the socket, with no turn of the event loop (other requests' work) in between.
   */
  const wireFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let url: URL;
    let headers: string[];
    let body: Buffer | null | Promise<Buffer | null>;
    try {
      url = parsedUrl(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      headers = requestHeaders(init?.headers);
      body = typeof init?.body === "string" ? bodyBytes(init.body) : requestBody(init?.body);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const events = (init as RequestInitWithWireEvents | undefined)?.[WIRE_EVENTS_KEY] ?? null;
    const signal = init?.signal ?? null;
    const method = (init?.method ?? "GET").toUpperCase();
    const send = (bytes: Buffer | null): Promise<Response> => {
      const request: OutgoingRequest = { url, method, headers, body: bytes };
      return dispatchOnce(agent, request, signal, events, now).then((response) => followRedirects(agent, request, response, signal, events, now));
    };
    return body instanceof Promise ? body.then(send) : send(body);
  };

  return {
    fetch: wireFetch as typeof fetch,
    close: () => agent.close(),
  };
}

/** Bodies up to this size are kept as bytes for the requests that repeat them. */
export const REUSED_BODY_MAX_CHARS = 16 * 1024;
/** Distinct bodies kept at most (inputs × targets of a run; cleared when more come, so memory stays bounded). */
const REUSED_BODIES_KEPT = 256;

/**
 * A run sends each (target, input) request again and again, its body the same text every time: the
 * library builds that text, and here it is encoded once and the same bytes are handed to the socket for
 * every repetition (undici only reads them). Keyed by the library's own text, so what goes out is byte for
 * byte what it built; a body too large to keep is encoded afresh.
 */
export function createBodyBytes(): (text: string) => Buffer {
  const kept = new Map<string, Buffer>();
  return (text) => {
    if (text.length > REUSED_BODY_MAX_CHARS) return Buffer.from(text, "utf8");
    let bytes = kept.get(text);
    if (bytes === undefined) {
      if (kept.size >= REUSED_BODIES_KEPT) kept.clear();
      bytes = Buffer.from(text, "utf8");
      kept.set(text, bytes);
    }
    return bytes;
  };
}

function requestHeaders(init: HeadersInit | undefined): string[] {
  const flat: string[] = [];
  const add = (name: string, value: string): void => {
    if (!HOP_BY_HOP.has(name.toLowerCase())) flat.push(name, value);
  };
  if (init === undefined) return flat;
  if (init instanceof Headers) init.forEach((value, name) => add(name, value));
  else if (Array.isArray(init)) for (const [name, value] of init) add(name!, value!);
  else for (const [name, value] of Object.entries(init)) if (value !== undefined) add(name, String(value));
  return flat;
}

/** The body as bytes: at once for strings and bytes (every body the library builds); a Blob needs a read. */
function requestBody(body: BodyInit | null | undefined): Buffer | null | Promise<Buffer> {
  if (body === null || body === undefined) return null;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) return body.arrayBuffer().then((bytes) => Buffer.from(bytes));
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), "utf8");
  throw new TypeError("this transport sends string, byte and Blob bodies only");
}
