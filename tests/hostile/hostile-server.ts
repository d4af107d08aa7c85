// A provider that misbehaves on purpose, one mode per misbehaviour, over real HTTP on 127.0.0.1 (an
// ephemeral port). OpenAI-compatible: `POST /<mode>/v1/chat/completions`, streamed or not as asked, with
// the shapes the library accepts (id, object, created, model, choices, usage); a mode that also answers
// a structured task takes `POST /<mode>/v1/token-classification` (the library's entity list), one that
// answers text-to-image `POST /<mode>/v1/text-to-image`; `GET /files/<name>` serves the images such an
// answer may point to (HOSTILE_FILES), counted in `hits` as `files/<name>`. Every mode
// ends by itself or is ended by close(), which destroys every connection: nothing it starts outlives the
// test.
//
// Modes live in one table (HOSTILE_MODES): a new misbehaviour is one more entry.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createGzip } from "node:zlib";

export interface HostileRequest {
  /** Which route was asked: a chat completion, or the token-classification or text-to-image task. */
  route: "chat" | "token-classification" | "text-to-image";
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

interface ModeContext {
  request: HostileRequest;
  response: ServerResponse;
  server: HostileServerState;
}

/** Answers one request. Anything that holds the connection must stop when the socket closes. */
type Mode = (context: ModeContext) => void | Promise<void>;

interface HostileServerState {
  gzipBomb(): Promise<Buffer>;
}

export interface HostileServerOptions {
  /** Bytes the gzip bomb inflates to (its compressed size is about a thousandth). Default 256 MiB. */
  gzipBombBytes?: number;
}

export interface HostileServer {
  url: string;
  /** `http://127.0.0.1:<port>/<mode>/v1`: an endpointUrl for a scenario target. */
  endpoint(mode: HostileModeName): string;
  /** Requests each mode received, counted (retries included). */
  hits: Map<string, number>;
  /** Every `GET /files/<name>` received, with the Authorization header it carried (null without one). */
  fileRequests: { file: HostileFileName; authorization: string | null }[];
  /** `http://127.0.0.1:<port>/files/<name>`: a file an answer may point to (`redirect.png` redirects to `to`). */
  fileUrl(name: HostileFileName, to?: string): string;
  /** Answers of this mode (or file) not finished and still connected: a client that lets go of a held answer brings this to 0. */
  inFlight(mode: HostileModeName | `files/${HostileFileName}`): number;
  close(): Promise<void>;
}

const CREATED = 1_714_873_384;
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-request-id, retry-after",
} as const;
const TOKENS = ["The", " weather", " is", " mild", "."];
/** Content of the huge answer: under the default 64 MiB response limit, far over the kept-output limit. */
export const HUGE_ANSWER_CHARS = 40 * 1024 * 1024;
export const PROVIDER_ERROR_MESSAGE = "The model is overloaded, try again later";
export const STREAM_ERROR_MESSAGE = "upstream worker crashed mid-answer";
/** Characters before the echoed header in echo-authorization-error's message: the header straddles the record's 240-character excerpt. */
export const ECHO_ERROR_PADDING_CHARS = 220;

function completion(model: string, content: string, usage: unknown = usageFor(content)): Record<string, unknown> {
  return {
    id: "chatcmpl-hostile",
    object: "chat.completion",
    created: CREATED,
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, logprobs: null, finish_reason: "stop" }],
    usage,
  };
}

function usageFor(content: string): Record<string, number> {
  const completionTokens = Math.max(1, Math.round(content.length / 4));
  return { prompt_tokens: 9, completion_tokens: completionTokens, total_tokens: 9 + completionTokens };
}

function chunkEvent(model: string, content: string | null, finishReason: string | null = null): string {
  const delta = content === null ? {} : { role: "assistant", content };
  const chunk = { id: "chatcmpl-hostile", object: "chat.completion.chunk", created: CREATED, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** A whole, valid event stream: tokens, a finish reason, usage, [DONE]. */
function validStream(model: string): string {
  const usage = { id: "chatcmpl-hostile", object: "chat.completion.chunk", created: CREATED, model, choices: [], usage: usageFor(TOKENS.join("")) };
  return `${TOKENS.map((token) => chunkEvent(model, token)).join("")}${chunkEvent(model, null, "stop")}data: ${JSON.stringify(usage)}\n\ndata: [DONE]\n\n`;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...CORS_HEADERS, "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

function startStream(response: ServerResponse): void {
  response.writeHead(200, { ...CORS_HEADERS, "content-type": "text/event-stream", "cache-control": "no-cache" });
}

/** Resolves when the client goes away (or close() destroys the socket). */
function closed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (response.socket?.destroyed ?? true) return resolve();
    response.socket!.once("close", () => resolve());
  });
}

/** Writes `next()` for as long as the client reads, honouring backpressure, until the socket closes. */
async function pumpForever(response: ServerResponse, next: () => string | Buffer): Promise<void> {
  const gone = closed(response);
  let open = true;
  void gone.then(() => (open = false));
  while (open) {
    if (!response.write(next())) await Promise.race([once(response, "drain"), gone]);
  }
}

function retryAfterMode(value: () => string): Mode {
  return ({ response }) =>
    sendJson(response, 429, { error: { message: "Rate limit reached", type: "rate_limit_error" } }, { "retry-after": value() });
}

/** A valid non-streamed answer whose usage counts are given; streamed requests get a valid stream. */
function usageMode(usageText: string): Mode {
  return ({ request, response }) => {
    if (request.stream) {
      startStream(response);
      return void response.end(validStream(request.model));
    }
    // Written by hand: JSON.stringify cannot write 1e400 (which JSON.parse reads as Infinity).
    const text = JSON.stringify(completion(request.model, "Mild and sunny.", "__USAGE__")).replace('"__USAGE__"', usageText);
    response.writeHead(200, { ...CORS_HEADERS, "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    response.end(text);
  };
}

/**
 * Raw HTTP on the socket: no Content-Length, no chunked framing, so the body ends only when the
 * connection does; half of it, then a TCP reset.
 */
function resetCloseDelimited(statusLine: string, framingHeaders: string): Mode {
  return ({ request, response }) => {
    const socket = response.socket as Socket;
    const contentType = request.stream ? "text/event-stream" : "application/json";
    const body = request.stream ? validStream(request.model) : JSON.stringify(completion(request.model, "Mild and sunny."));
    const head = `${statusLine}\r\ncontent-type: ${contentType}\r\naccess-control-allow-origin: *\r\n${framingHeaders}\r\n`;
    socket.write(head + body.slice(0, Math.floor(body.length / 2)));
    // After the bytes left: a reset that overtakes them would look like a refused connection.
    setTimeout(() => socket.resetAndDestroy(), 50);
  };
}

/**
 * Raw HTTP/1.1 on the socket: `100 Continue` (which no request asked for) and `103 Early Hints` before a
 * whole 200 answer; fetch refuses the unasked 100 and closes the connection.
 */
function continueThenOk({ request, response }: ModeContext): void {
  const socket = response.socket as Socket;
  const body = JSON.stringify(completion(request.model, "Mild and sunny."));
  const interim = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </style.css>; rel=preload\r\n\r\n";
  socket.end(`${interim}HTTP/1.1 200 OK\r\ncontent-type: application/json\r\naccess-control-allow-origin: *\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** A PNG header (signature, IHDR of 64×32): enough for media-info.ts to read it as an image. */
export const SMALL_PNG_BYTES = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 64, 0, 0, 0, 32, 8, 2, 0, 0, 0]);

/** What `GET /files/<name>` serves: a small image, one whose body never ends, a redirect to `?to=`. */
const HOSTILE_FILES = {
  "small.png": (response: ServerResponse) => {
    response.writeHead(200, { ...CORS_HEADERS, "content-type": "image/png", "content-length": SMALL_PNG_BYTES.length });
    response.end(SMALL_PNG_BYTES);
  },
  "endless.png": async (response: ServerResponse) => {
    response.writeHead(200, { ...CORS_HEADERS, "content-type": "image/png" });
    response.write(SMALL_PNG_BYTES);
    const filler = Buffer.alloc(64 * 1024, 0x61);
    await pumpForever(response, () => filler);
  },
  "redirect.png": (response: ServerResponse, query: URLSearchParams) => {
    response.writeHead(302, { ...CORS_HEADERS, location: query.get("to") ?? "/files/small.png", "content-length": 0 });
    response.end();
  },
} satisfies Record<string, (response: ServerResponse, query: URLSearchParams) => void | Promise<void>>;

export type HostileFileName = keyof typeof HOSTILE_FILES;

export const HOSTILE_MODES = {
  /** A well-behaved answer, for comparison. */
  ok: ({ request, response }) => {
    if (!request.stream) return sendJson(response, 200, completion(request.model, TOKENS.join("")));
    startStream(response);
    response.end(validStream(request.model));
  },
  /** "[DONE]" in a comment and inside a content token, no finish reason, no `data: [DONE]` event. */
  "done-in-comment": ({ request, response }) => {
    if (!request.stream) return sendJson(response, 200, completion(request.model, "[DONE]"));
    startStream(response);
    response.end(`${chunkEvent(request.model, "The answer is")}: [DONE]\n\n${chunkEvent(request.model, " [DONE]")}id: [DONE]\n\n`);
  },
  /** Tokens, then a clean end of the body: no finish reason, no [DONE]. */
  "no-done-clean-end": ({ request, response }) => {
    if (!request.stream) return sendJson(response, 200, completion(request.model, "fine"));
    startStream(response);
    response.end(TOKENS.slice(0, 2).map((token) => chunkEvent(request.model, token)).join(""));
  },
  /** One token, then `event: error` with the provider's message, then the connection is held open. */
  "event-error": async ({ request, response }) => {
    if (!request.stream) return sendJson(response, 200, completion(request.model, "fine"));
    startStream(response);
    response.write(`${chunkEvent(request.model, "The")}event: error\ndata: ${JSON.stringify({ message: STREAM_ERROR_MESSAGE, code: 500 })}\n\n`);
    await closed(response);
  },
  /** A whole valid stream, [DONE] included, then the connection is held open (never ended). */
  "hold-after-done": async ({ request, response }) => {
    if (!request.stream) return sendJson(response, 200, completion(request.model, TOKENS.join("")));
    startStream(response);
    response.write(validStream(request.model));
    const keepAlive = setInterval(() => response.write(": still here\n\n"), 100);
    await closed(response);
    clearInterval(keepAlive);
  },
  "retry-after-huge": retryAfterMode(() => "86400"),
  "retry-after-overflow": retryAfterMode(() => "1000000000"),
  /** An HTTP date an hour ahead. */
  "retry-after-date": retryAfterMode(() => new Date(Date.now() + 3_600_000).toUTCString()),
  /** A negative value: meaningless, so ignored (the policy's own backoff applies). */
  "retry-after-garbage": retryAfterMode(() => "-5"),
  /** gzip that inflates to gzipBombBytes of spaces (the JSON or event stream never starts). */
  "gzip-bomb": async ({ request, response, server }) => {
    const bomb = await server.gzipBomb();
    response.writeHead(200, {
      ...CORS_HEADERS,
      "content-type": request.stream ? "text/event-stream" : "application/json",
      "content-encoding": "gzip",
      "content-length": bomb.length,
    });
    response.end(bomb);
  },
  /** A body that never ends, written as fast as the client reads: a JSON string or events without [DONE]. */
  "endless-body": async ({ request, response }) => {
    const filler = "a".repeat(64 * 1024);
    if (request.stream) {
      startStream(response);
      const event = chunkEvent(request.model, filler);
      await pumpForever(response, () => event);
      return;
    }
    response.writeHead(200, { ...CORS_HEADERS, "content-type": "application/json" });
    response.write(`{"id":"chatcmpl-hostile","object":"chat.completion","created":${CREATED},"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"`);
    await pumpForever(response, () => filler);
  },
  /** A valid answer of HUGE_ANSWER_CHARS characters (a model that ignored max_tokens). */
  "huge-answer": ({ request, response }) => {
    const content = "word ".repeat(HUGE_ANSWER_CHARS / 5);
    if (!request.stream) return sendJson(response, 200, completion(request.model, content));
    startStream(response);
    const piece = chunkEvent(request.model, "word ".repeat(1024 * 1024 / 5));
    for (let written = 0; written < HUGE_ANSWER_CHARS; written += 1024 * 1024) response.write(piece);
    response.end(`${chunkEvent(request.model, null, "stop")}data: [DONE]\n\n`);
  },
  "negative-usage": usageMode('{"prompt_tokens":-5,"completion_tokens":-100,"total_tokens":-105}'),
  "fractional-usage": usageMode('{"prompt_tokens":9.5,"completion_tokens":3.25,"total_tokens":12.75}'),
  "infinite-usage": usageMode('{"prompt_tokens":9,"completion_tokens":1e400,"total_tokens":1e400}'),
  /** `choices: []`: an answer with no answer in it. */
  "empty-choices": ({ request, response }) => {
    if (request.stream) {
      startStream(response);
      return void response.end(validStream(request.model));
    }
    sendJson(response, 200, { ...completion(request.model, ""), choices: [] });
  },
  /** HTTP/1.1 saying `connection: close`. */
  "reset-close-delimited": resetCloseDelimited("HTTP/1.1 200 OK", "connection: close\r\n"),
  /** HTTP/1.0, which closes after every answer without saying so: no Connection header at all. */
  "reset-close-delimited-http10": resetCloseDelimited("HTTP/1.0 200 OK", ""),
  /** HTTP/1.1 without `connection: close`: a body without a length ends at the close all the same. */
  "reset-close-delimited-keep-alive": resetCloseDelimited("HTTP/1.1 200 OK", "connection: keep-alive\r\n"),
  "continue-then-ok": continueThenOk,
  /** Half a JSON answer in chunked coding, ended cleanly: the provider's own cut, framed to its end. */
  "cut-chunked": ({ request, response }) => {
    const body = JSON.stringify(completion(request.model, "Mild and sunny."));
    response.writeHead(200, { ...CORS_HEADERS, "content-type": "application/json", "transfer-encoding": "chunked" });
    response.end(body.slice(0, Math.floor(body.length / 2)));
  },
  /** 503 with an OpenAI-style JSON error naming the cause. */
  "provider-error-json": ({ response }) =>
    sendJson(response, 503, { error: { message: PROVIDER_ERROR_MESSAGE, type: "server_error", code: 503 } }),
  /**
   * Echoes the request's Authorization header in every string of a valid answer: the chat text, and an
   * entity's word, its group and a nested detail's key and value for token classification.
   */
  "echo-authorization": ({ request, response }) => {
    const authorization = request.headers.authorization ?? "(none)";
    if (request.route === "token-classification") {
      const entity = { entity_group: `ORG ${authorization}`, word: authorization, score: 0.99, start: 0, end: 5, detail: [{ [authorization]: { note: authorization } }] };
      return sendJson(response, 200, [entity]);
    }
    const content = `Your header was ${authorization}`;
    if (!request.stream) return sendJson(response, 200, completion(request.model, content));
    startStream(response);
    response.end(`${chunkEvent(request.model, content)}${chunkEvent(request.model, null, "stop")}data: [DONE]\n\n`);
  },
  /** 500 whose error message ends with the Authorization header, placed across the record's error excerpt. */
  "echo-authorization-error": ({ request, response }) =>
    sendJson(response, 500, { error: { message: `${"x".repeat(ECHO_ERROR_PADDING_CHARS)} ${request.headers.authorization ?? "(none)"}`, type: "server_error" } }),
  /** 502 with an HTML page, as a proxy in front of a provider sends it. */
  "provider-error-html": ({ response }) => {
    const page = "<html>\n<head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1></body>\n</html>\n";
    response.writeHead(502, { ...CORS_HEADERS, "content-type": "text/html", "content-length": Buffer.byteLength(page) });
    response.end(page);
  },
  /**
   * A text-to-image answer that only points to its image, as hf-inference's `{ output: [url] }`: the URL the
   * request's parameters name (`image_url`), so a test puts it on any origin.
   */
  "image-url": ({ request, response }) => {
    const parameters = request.body.parameters as Record<string, unknown> | undefined;
    sendJson(response, 200, { output: [parameters?.image_url] });
  },
  /** A text-to-image answer that is the image's own bytes, as hf-inference sends it. */
  "image-bytes": ({ response }) => {
    response.writeHead(200, { ...CORS_HEADERS, "content-type": "image/png", "content-length": SMALL_PNG_BYTES.length });
    response.end(SMALL_PNG_BYTES);
  },
  /** An image body that never ends. */
  "image-bytes-endless": async ({ response }) => {
    response.writeHead(200, { ...CORS_HEADERS, "content-type": "image/png" });
    response.write(SMALL_PNG_BYTES);
    const filler = Buffer.alloc(64 * 1024, 0x61);
    await pumpForever(response, () => filler);
  },
  /** A text-to-image answer with the image itself, in base64 (OpenAI-style `b64_json`). */
  "image-b64": ({ response }) => sendJson(response, 200, { data: [{ b64_json: SMALL_PNG_BYTES.toString("base64") }] }),
} satisfies Record<string, Mode>;

export type HostileModeName = keyof typeof HOSTILE_MODES;
export const HOSTILE_MODE_NAMES = Object.keys(HOSTILE_MODES) as HostileModeName[];

function gzipOfSpaces(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gzip = createGzip({ level: 9 });
    const parts: Buffer[] = [];
    gzip.on("data", (part: Buffer) => parts.push(part));
    gzip.on("end", () => resolve(Buffer.concat(parts)));
    gzip.on("error", reject);
    const block = Buffer.alloc(1024 * 1024, 0x20);
    let written = 0;
    const write = (): void => {
      while (written < bytes) {
        const piece = block.subarray(0, Math.min(block.length, bytes - written));
        written += piece.length;
        if (!gzip.write(piece)) return void gzip.once("drain", write);
      }
      gzip.end();
    };
    write();
  });
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString("utf8");
  const parsed: unknown = text ? JSON.parse(text) : {};
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

export async function startHostileServer(options: HostileServerOptions = {}): Promise<HostileServer> {
  const bombBytes = options.gzipBombBytes ?? 256 * 1024 * 1024;
  let bomb: Promise<Buffer> | null = null;
  const state: HostileServerState = { gzipBomb: () => (bomb ??= gzipOfSpaces(bombBytes)) };
  const hits = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const sockets = new Set<Socket>();
  const fileRequests: HostileServer["fileRequests"] = [];

  const server = createServer((request, response) => {
    const file = /^\/files\/([a-z.]+)(?:\?|$)/.exec(request.url ?? "")?.[1];
    if (file !== undefined && request.method === "GET" && Object.hasOwn(HOSTILE_FILES, file)) {
      fileRequests.push({ file: file as HostileFileName, authorization: request.headers.authorization ?? null });
      const counted = `files/${file}`;
      hits.set(counted, (hits.get(counted) ?? 0) + 1);
      inFlight.set(counted, (inFlight.get(counted) ?? 0) + 1);
      response.once("close", () => inFlight.set(counted, inFlight.get(counted)! - 1));
      const query = new URL(request.url!, "http://hostile").searchParams;
      return void Promise.resolve(HOSTILE_FILES[file as HostileFileName](response, query)).catch(() => response.destroy());
    }
    const match = /^\/([a-z0-9-]+)\/v1\/(chat\/completions|token-classification|text-to-image)$/.exec(request.url ?? "");
    const mode = match && Object.hasOwn(HOSTILE_MODES, match[1]!) ? HOSTILE_MODES[match[1] as HostileModeName] : undefined;
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        ...CORS_HEADERS,
        "access-control-allow-methods": "POST, OPTIONS",
        "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "content-type, authorization",
        "access-control-allow-private-network": "true",
      });
      return void response.end();
    }
    if (!mode || request.method !== "POST") return sendJson(response, 404, { error: `no hostile mode at ${request.method} ${request.url}` });
    const modeName = match![1]!;
    hits.set(modeName, (hits.get(modeName) ?? 0) + 1);
    inFlight.set(modeName, (inFlight.get(modeName) ?? 0) + 1);
    response.once("close", () => inFlight.set(modeName, inFlight.get(modeName)! - 1));
    readJson(request)
      .then((body) => {
        const route = match![2] === "chat/completions" ? "chat" : (match![2] as HostileRequest["route"]);
        const hostileRequest: HostileRequest = { route, model: typeof body.model === "string" ? body.model : "m", stream: body.stream === true, body, headers: request.headers };
        return mode({ request: hostileRequest, response, server: state });
      })
      .catch(() => response.destroy());
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    endpoint: (mode) => `${url}/${mode}/v1`,
    fileRequests,
    fileUrl: (name, to) => `${url}/files/${name}${to === undefined ? "" : `?to=${encodeURIComponent(to)}`}`,
    hits,
    inFlight: (mode) => inFlight.get(mode) ?? 0,
    close: async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
}
