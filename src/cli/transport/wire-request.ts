// One request on the wire through undici's dispatcher: the handler stamps the phases as they happen
// (request written, headers parsed, the connection it went out on), hands over the headers, and feeds the
// body to its reader, inflating a compressed one on the way; an abort destroys the socket.
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from "node:zlib";
import type { Agent, Dispatcher } from "undici";
import type { WireAbortable, WireEvents } from "../../core/measure";
import { expectSendHeaders, type ConnectionListener, type SocketInfo } from "./socket-registry";
import { WireBody } from "./wire-body";
import { WireHeaders } from "./wire-headers";
import { WireResponse } from "./wire-response";

export interface OutgoingRequest {
  url: URL;
  method: string;
  /** Flat [name, value, name, value, …], as undici takes them. */
  headers: string[];
  body: Buffer | null;
}

/** One request on the wire; resolves at the response's headers with a response whose body streams in. */
export function dispatchOnce(agent: Agent, request: OutgoingRequest, signal: AbortSignal | null, events: WireEvents | null, now: () => number): Promise<WireResponse> {
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

