// The command line's transport: every request it sends goes through undici's dispatcher API (one Agent,
// one connection pool per origin, connections sized to the run's concurrency, keep-alive, HTTP/2 when
// asked), behind the small fetch shape @huggingface/inference needs (status, headers.get, json/text/blob,
// body.getReader). The library still builds every request; only the sending changes. Node's WHATWG fetch
// costs a Request, a Headers, a ReadableStream and a promise chain per chunk; here a chunk goes from the
// socket to the reader in one promise, and the handler's callbacks stamp the phases as they happen:
// request written (onRequestSent), headers parsed (onHeaders), connection opened (the connector).
//
// The rules of hostile providers hold here as on fetch: a redirect to another origin is refused (the token
// and the prompt never leave the origin they were meant for), one to the same origin is followed a few
// times; the body is read through a bounded queue (the socket pauses when the reader is behind) and the
// caller's byte limit stops it; an abort (the run's, or the request's timeout) destroys the socket.
import type { Socket } from "node:net";
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from "node:zlib";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { WIRE_EVENTS_KEY, type RequestInitWithWireEvents, type WireAbortable, type WireEvents } from "../../core/measure";
import { expectSendHeaders, noteNewSocket, type ConnectionListener, type SocketInfo } from "./socket-registry";
import { WireBody } from "./wire-body";
import { WireHeaders } from "./wire-headers";
import { parsedUrl, crossOriginRedirect, MAX_REDIRECTS, REDIRECT_STATUSES, tooManyRedirects } from "../../core/endpoints";

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
  const baseConnect = buildConnector({ allowH2, ...(options.ca === undefined ? {} : { ca: options.ca }) });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const startedAt = now();
    let tcpConnectedAt: number | null = null;
    const secure = connectOptions.protocol === "https:";
    const socket = baseConnect(connectOptions, (error, connected) => {
      if (error === null && connected) {
        const readyAt = now();
        const tcpAt = tcpConnectedAt ?? readyAt;
        noteNewSocket(connected as Socket, { connectMs: tcpAt - startedAt, tlsMs: secure ? readyAt - tcpAt : null });
      }
      if (error === null) callback(null, connected!);
      else callback(error, null);
    }) as unknown as Socket | undefined;
    socket?.once("connect", () => (tcpConnectedAt = now()));
    return socket as unknown as ReturnType<buildConnector.connector>;
  };
  const agent = new Agent({
    connections: options.connectionsPerOrigin === null ? null : Math.max(1, options.connectionsPerOrigin),
    allowH2,
    connect,
    // The run's per-request timeout is the one that counts (it aborts the socket); undici's own would
    // end a slow answer the scenario allows.
    headersTimeout: 0,
    bodyTimeout: 0,
  });

  /** Follows same-origin redirects after the first answer; refuses others, by the rule fetch follows too (core/endpoints/same-origin-redirects.ts). */
  const followRedirects = async (request: OutgoingRequest, first: WireResponse, signal: AbortSignal | null, events: WireEvents | null): Promise<Response> => {
    let response = first;
    for (let redirects = 0; ; redirects++) {
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
      if (location === null) return response as unknown as Response;
      await response.body?.cancel();
      const next = new URL(location, request.url);
      if (next.origin !== request.url.origin) throw crossOriginRedirect(response.status, next.origin, request.url.origin);
      if (redirects + 1 > MAX_REDIRECTS) throw tooManyRedirects();
      // As fetch does: 303, and 301/302 after a POST, become a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === "POST")) {
        request.method = "GET";
        request.body = null;
        request.headers = dropContentHeaders(request.headers);
      }
      request.url = next;
      response = await dispatchOnce(agent, request, signal, events, now);
    }
  };

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
      return dispatchOnce(agent, request, signal, events, now).then((response) => followRedirects(request, response, signal, events));
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

interface OutgoingRequest {
  url: URL;
  method: string;
  /** Flat [name, value, name, value, …], as undici takes them. */
  headers: string[];
  body: Buffer | null;
}

function dropContentHeaders(headers: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < headers.length; index += 2) {
    if (!headers[index]!.toLowerCase().startsWith("content-")) kept.push(headers[index]!, headers[index + 1]!);
  }
  return kept;
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

/** One request on the wire; resolves at the response's headers with a response whose body streams in. */
function dispatchOnce(agent: Agent, request: OutgoingRequest, signal: AbortSignal | null, events: WireEvents | null, now: () => number): Promise<WireResponse> {
  return new Promise<WireResponse>((resolve, reject) => {
    if (signal?.aborted) {
      reject(asError(signal.reason));
      return;
    }
    const handler = new WireRequestHandler(request.url, events, now, resolve, reject, signal);
    try {
      agent.dispatch(
        { origin: request.url.origin, path: `${request.url.pathname}${request.url.search}`, method: request.method as Dispatcher.HttpMethod, headers: request.headers, body: request.body },
        handler,
      );
    } catch (error) {
      handler.onError(error as Error);
    }
  });
}

/** undici's handler for one request: stamps the phases, hands over the headers, feeds the body. */
class WireRequestHandler implements Dispatcher.DispatchHandlers, ConnectionListener, WireAbortable {
  private abortRequest: ((reason?: Error) => void) | null = null;
  private abortReason: unknown = null;
  private response: WireResponse | null = null;
  private decoder: Gunzip | null = null;
  private settled = false;
  /** Listening to the signal only without WireEvents: with them, the attempt aborts this request directly (WireEvents.request). */
  private readonly onAbort: (() => void) | null = null;

  constructor(
    private readonly url: URL,
    private readonly events: WireEvents | null,
    private readonly now: () => number,
    private readonly resolve: (response: WireResponse) => void,
    private readonly reject: (error: unknown) => void,
    private readonly signal: AbortSignal | null,
  ) {
    if (events !== null) {
      events.request = this;
    } else if (signal !== null) {
      this.onAbort = () => this.abort(signal.reason);
      signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.abortReason !== null) {
      abort(asError(this.abortReason));
      return;
    }
    this.abortRequest = abort;
    if (this.events !== null) expectSendHeaders(this);
  }

  onSocket(info: SocketInfo | undefined): void {
    const events = this.events;
    if (events === null) return;
    // Only undici's HTTP/1.1 client names the socket a request is written to (HTTP/2 streams are not).
    events.http1 = true;
    if (info === undefined) return;
    const reused = info.requests > 0;
    events.connectionReused = reused;
    events.connectMs = reused ? null : info.connectMs;
    events.tlsMs = reused ? null : info.tlsMs;
  }

  onRequestSent(): void {
    if (this.events !== null) this.events.requestSentAt = this.now();
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[] | string[] | null, resume: () => void, statusText: string): boolean {
    // 1xx informational answers (100 Continue, 103 Early Hints) precede the real one.
    if (statusCode < 200) return true;
    if (this.events !== null) this.events.headersAt = this.now();
    const headers = WireHeaders.fromRaw(rawHeaders ?? []);
    const body = new WireBody(
      (reason) => this.abort(reason ?? new DOMException("the body was cancelled", "AbortError")),
      resume,
      this.events === null ? null : { now: this.now, events: this.events },
    );
    const encoding = headers.get("content-encoding")?.trim().toLowerCase() ?? "";
    this.decoder = decoderFor(encoding);
    if (this.decoder !== null) pipeDecoded(this.decoder, body, resume);
    const nullBody = statusCode === 204 || statusCode === 205 || statusCode === 304;
    this.response = new WireResponse(statusCode, statusText, headers, nullBody ? null : body, this.url.href);
    this.settled = true;
    this.resolve(this.response);
    return true;
  }

  onData(chunk: Buffer): boolean {
    const body = this.response?.body;
    if (!body) return true;
    if (this.decoder !== null) return this.decoder.write(chunk);
    return body.push(chunk);
  }

  onComplete(): void {
    this.cleanUp();
    if (this.decoder !== null) this.decoder.end();
    else this.response?.body?.end();
  }

  onError(error: Error): void {
    this.cleanUp();
    this.decoder?.destroy();
    const failure = this.abortReason !== null ? asError(this.abortReason) : new TypeError(this.settled ? "terminated" : "fetch failed", { cause: error });
    if (!this.settled) {
      this.settled = true;
      this.reject(failure);
      return;
    }
    this.response?.body?.fail(failure);
  }

  abort(reason: unknown): void {
    if (this.abortReason !== null) return;
    this.abortReason = reason;
    if (this.abortRequest !== null) {
      this.abortRequest(asError(reason));
      return;
    }
    // Not on a socket yet (still connecting): the caller hears of it now; the request is dropped at onConnect.
    if (!this.settled) {
      this.settled = true;
      this.cleanUp();
      this.reject(asError(reason));
    }
  }

  private cleanUp(): void {
    if (this.onAbort !== null) this.signal?.removeEventListener("abort", this.onAbort);
    if (this.events !== null && this.events.request === this) this.events.request = null;
  }
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new DOMException(String(reason), "AbortError");
}

function decoderFor(encoding: string): Gunzip | null {
  if (encoding === "" || encoding === "identity") return null;
  if (encoding === "gzip" || encoding === "x-gzip") return createGunzip();
  if (encoding === "deflate") return createInflate() as unknown as Gunzip;
  if (encoding === "br") return createBrotliDecompress() as unknown as Gunzip;
  return null;
}

/**
 * A compressed body is inflated on its way to the reader, with backpressure both ways: the socket pauses
 * while the inflater is full, the inflater pauses while the reader is behind. The caller's decoded byte
 * limit then stops a bomb after the limit, not after the whole inflation.
 */
function pipeDecoded(decoder: Gunzip, body: WireBody, resumeSocket: () => void): void {
  decoder.on("data", (chunk: Buffer) => {
    if (!body.push(chunk)) decoder.pause();
  });
  body.setResume(() => decoder.resume());
  decoder.on("drain", resumeSocket);
  decoder.on("end", () => body.end());
  decoder.on("error", (error) => body.fail(new Error(`the body could not be decompressed: ${error.message}`)));
}

/** The part of a fetch Response that @huggingface/inference and the timing fetch read. */
export class WireResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = "basic";
  readonly bodyUsed = false;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: WireHeaders,
    readonly body: WireBody | null,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return this.body === null ? new Uint8Array(0) : this.body.bytes();
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async blob(): Promise<Blob> {
    return new Blob([(await this.bytes()) as Uint8Array<ArrayBuffer>], { type: this.headers.get("content-type") ?? "" });
  }
}
