// The command line's undici transport (src/cli/transport/) against real servers on 127.0.0.1 (msw
// intercepts fetch and node:http clients, not undici's dispatcher): HTTP phases against the delays the
// server really made, connection reuse counted at the server, the concurrency bound at the server,
// redirects that would carry the token to another origin refused, timeouts that close the socket, and
// Hugging Face provider requests byte-identical to what Node's fetch sends.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createSecureServer, type Http2SecureServer } from "node:http2";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { createBodyBytes, createWireTransport, REUSED_BODY_MAX_CHARS, type WireTransport } from "../../src/cli/transport/undici-transport";
import { chatCompletionBody, PROVIDER_MODEL_IDS } from "../mocks/hf-router";
import { withTimerLateness } from "./timer-lateness";

const TOKEN = "hf_SENTINEL_wire_token_0123456789";
const MODEL = "meta-llama/Llama-3.1-8B-Instruct";

interface Arrival {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** performance.now() when the request's body had arrived whole. */
  arrivedAt: number;
}

interface TestServer {
  url: string;
  arrivals: Arrival[];
  /** Sockets the server accepted. */
  connections: number;
  /** Requests being answered at once, at most. */
  maxInFlight: number;
  closedSockets: number;
  close(): Promise<void>;
}

type Answer = (arrival: Arrival, response: ServerResponse, server: TestServer) => void;

async function startServer(answer: Answer): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const state: TestServer = { url: "", arrivals: [], connections: 0, maxInFlight: 0, closedSockets: 0, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    response.on("close", () => inFlight--);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const arrival = { path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), arrivedAt: performance.now() };
      state.arrivals.push(arrival);
      answer(arrival, response, state);
    });
  });
  server.on("connection", (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("close", () => {
      state.closedSockets++;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

function json(response: ServerResponse, value: unknown, status = 200): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}

function sse(response: ServerResponse, model: string, tokens: string[]): void {
  response.writeHead(200, { "content-type": "text/event-stream" });
  const event = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1714873384, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  response.end(`${tokens.map((token) => event({ content: token }, null)).join("")}${event({}, "stop")}data: [DONE]\n\n`);
}

/** Answers the Hub's mapping lookup, like tests/mocks/hf-router.ts, for requests rewritten to this server. */
function answerHubMapping(arrival: Arrival, response: ServerResponse): boolean {
  if (!arrival.path.startsWith("/hub/api/models/")) return false;
  const modelId = decodeURIComponent(arrival.path.slice("/hub/api/models/".length).split("?")[0]!);
  const mapping = Object.fromEntries(Object.entries(PROVIDER_MODEL_IDS).map(([provider, providerId]) => [provider, { providerId, status: "live", task: "conversational" }]));
  json(response, { _id: "mock", id: modelId, inferenceProviderMapping: mapping });
  return true;
}

/** Sends Hugging Face's hosts to a loopback server instead: the Hub under /hub, the router under /router. */
function toLoopback(baseFetch: typeof fetch, serverUrl: string): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const rewritten = url.replace("https://router.huggingface.co", `${serverUrl}/router`).replace("https://huggingface.co", `${serverUrl}/hub`);
    return baseFetch(rewritten, init);
  }) as typeof fetch;
}

function scenario(spec: Record<string, unknown>): Scenario {
  const result = validateScenario({ version: 1, name: "wire", task: "chat-completion", inputs: ["Hello"], parameters: { max_tokens: 8 }, ...spec });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const transports: WireTransport[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(answer: Answer): Promise<TestServer> {
  const server = await startServer(answer);
  servers.push(server);
  return server;
}

function transport(connectionsPerOrigin: number): WireTransport {
  const created = createWireTransport({ connectionsPerOrigin });
  transports.push(created);
  return created;
}

async function run(testScenario: Scenario, baseFetch: typeof globalThis.fetch): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await runScenario({ runId: "wire", scenario: testScenario, accessToken: TOKEN, fetch: baseFetch, onRecord: (record) => records.push(record), sleep: async () => {} });
  return records;
}

describe("HTTP phases on the undici transport", () => {
  const HEADERS_DELAY_MS = 120;
  const BODY_DELAY_MS = 180;

  it("gives waitingMs and receivingMs within 2 ms of the delays the server made", async () => {
    const sent: { headersAt: number; endAt: number; arrivedAt: number }[] = [];
    const server = await serve((arrival, response) => {
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.flushHeaders();
        const headersAt = performance.now();
        setTimeout(() => {
          response.end(JSON.stringify(chatCompletionBody("m", "late", 1)));
          sent.push({ headersAt, endAt: performance.now(), arrivedAt: arrival.arrivedAt });
        }, BODY_DELAY_MS);
      }, HEADERS_DELAY_MS);
    });
    // A warm-up first, as runs do: the first request of a process also pays for compiling the code on its path.
    const { result: all, lateMs } = await withTimerLateness(() =>
      run(scenario({ targets: [{ id: "slow", endpointUrl: `${server.url}/v1`, model: "m" }], run: { warmup: 1, repetitions: 5, concurrency: 1 } }), transport(1).fetch),
    );
    expect(all.map((record) => record.status)).toEqual(["ok", "ok", "ok", "ok", "ok", "ok"]);
    const records = all.slice(1);
    const waitingErrors: number[] = [];
    const receivingErrors: number[] = [];
    records.forEach((record, index) => {
      const server = sent[index + 1]!;
      // The server's own timers fire late on a busy machine: the comparison is with what it really did.
      const serverWaiting = server.headersAt - server.arrivedAt;
      const serverReceiving = server.endAt - server.headersAt;
      // The client cannot see the headers before the server sent them, nor sent its request after it arrived.
      expect(record.waitingMs!).toBeGreaterThanOrEqual(Math.max(HEADERS_DELAY_MS, serverWaiting) - 0.5);
      // Receiving starts when the client read the headers: a stalled event loop reads them late, and the
      // receiving it measures is shorter by as much (measured: 176 ms of 180 beside two busy loops).
      expect(record.receivingMs!, `event loop late by up to ${lateMs} ms`).toBeGreaterThanOrEqual(BODY_DELAY_MS - 1 - lateMs);
      waitingErrors.push(Math.abs(record.waitingMs! - serverWaiting));
      receivingErrors.push(Math.abs(record.receivingMs! - serverReceiving));
      // Latency holds the phases: t0 is taken before the connection, so connect + waiting + receiving ≤ latency.
      expect((record.connectMs ?? 0) + record.waitingMs! + record.receivingMs!).toBeLessThanOrEqual(record.latencyMs + 0.01);
    });
    // Within 2 ms at the median: one request may lose a few ms to the scheduler of a loaded machine
    // (client and server share this process), five rarely do.
    expect(median(waitingErrors), `waiting errors ${waitingErrors.join(", ")}`).toBeLessThanOrEqual(2);
    expect(median(receivingErrors), `receiving errors ${receivingErrors.join(", ")}`).toBeLessThanOrEqual(2);
  });

  it("reports connectMs on a connection's first request and connectionReused on the next ones, one socket at the server", async () => {
    const server = await serve((_, response) => json(response, chatCompletionBody("m", "ok", 1)));
    const records = await run(scenario({ targets: [{ id: "one", endpointUrl: `${server.url}/v1`, model: "m" }], run: { repetitions: 4, concurrency: 1 } }), transport(1).fetch);
    expect(records.map((record) => record.connectionReused)).toEqual([false, true, true, true]);
    expect(records[0]!.connectMs).toBeGreaterThanOrEqual(0);
    expect(records.slice(1).map((record) => record.connectMs)).toEqual([null, null, null]);
    expect(records.map((record) => record.tlsMs)).toEqual([null, null, null, null]);
    expect(server.connections).toBe(1);
  });

  it("never has more requests in flight at the server than the run's concurrency, nor more connections", async () => {
    const server = await serve((_, response) => setTimeout(() => json(response, chatCompletionBody("m", "ok", 1)), 15));
    const records = await run(
      scenario({ targets: [{ id: "a", endpointUrl: `${server.url}/a/v1`, model: "m" }, { id: "b", endpointUrl: `${server.url}/b/v1`, model: "m" }], inputs: ["x", "y", "z", "w"], run: { repetitions: 6, concurrency: 4 } }),
      transport(4).fetch,
    );
    expect(records).toHaveLength(48);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(server.maxInFlight).toBeLessThanOrEqual(4);
    expect(server.maxInFlight).toBeGreaterThan(1);
    expect(server.connections).toBeLessThanOrEqual(4);
    expect(records.filter((record) => record.connectionReused === false)).toHaveLength(server.connections);
  });
});

describe("TLS and HTTP/2 on the undici transport", () => {
  const cert = readFileSync(new URL("../fixtures/tls/cert.pem", import.meta.url), "utf8");
  const key = readFileSync(new URL("../fixtures/tls/key.pem", import.meta.url), "utf8");

  /** An https server on loopback speaking HTTP/2 and HTTP/1.1 (ALPN decides), counting connections and protocol versions. */
  async function startTlsServer(): Promise<{ url: string; connections: () => number; versions: string[]; close(): Promise<void> }> {
    const versions: string[] = [];
    let connections = 0;
    const server: Http2SecureServer = createSecureServer({ cert, key, allowHTTP1: true }, (request, response) => {
      versions.push(request.httpVersion);
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(chatCompletionBody("m", "secure", 1)));
      });
    });
    server.on("secureConnection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const sessions = new Set<{ destroy(): void }>();
    server.on("session", (session) => sessions.add(session));
    server.on("connection", (socket: Socket) => sessions.add(socket));
    return {
      url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
      connections: () => connections,
      versions,
      close: () =>
        new Promise<void>((resolve) => {
          for (const session of sessions) session.destroy();
          server.close(() => resolve());
        }),
    };
  }

  it("reports the TLS handshake of a new https connection, and neither connect nor TLS once it is reused", async () => {
    const server = await startTlsServer();
    try {
      const secure = createWireTransport({ connectionsPerOrigin: 1, ca: cert });
      transports.push(secure);
      const records = await run(scenario({ targets: [{ id: "tls", endpointUrl: `${server.url}/v1`, model: "m" }], run: { repetitions: 3, concurrency: 1 } }), secure.fetch);
      expect(records.map((record) => record.status)).toEqual(["ok", "ok", "ok"]);
      expect(records.map((record) => record.connectionReused)).toEqual([false, true, true]);
      expect(records[0]!.tlsMs).toBeGreaterThan(0);
      expect(records[0]!.connectMs).toBeGreaterThanOrEqual(0);
      expect(records.slice(1).map((record) => [record.connectMs, record.tlsMs])).toEqual([[null, null], [null, null]]);
      expect(server.versions).toEqual(["1.1", "1.1", "1.1"]);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("speaks HTTP/2 when asked, waiting and receiving still measured", async () => {
    const server = await startTlsServer();
    try {
      const h2 = createWireTransport({ connectionsPerOrigin: 2, allowH2: true, ca: cert });
      transports.push(h2);
      const records = await run(scenario({ targets: [{ id: "h2", endpointUrl: `${server.url}/v1`, model: "m" }], run: { repetitions: 4, concurrency: 2 } }), h2.fetch);
      expect(records.map((record) => record.status)).toEqual(["ok", "ok", "ok", "ok"]);
      expect(server.versions).toEqual(["2.0", "2.0", "2.0", "2.0"]);
      // undici publishes no sendHeaders message for an HTTP/2 stream: which session carried it is not known.
      expect(records.map((record) => record.connectionReused)).toEqual([null, null, null, null]);
      for (const record of records) {
        expect(record.waitingMs).toBeGreaterThanOrEqual(0);
        expect(record.receivingMs).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await server.close();
    }
  });
});

describe("hostile providers on the undici transport", () => {
  it("refuses a redirect to another origin: the token and the prompt never reach it", async () => {
    const elsewhere = await serve((_, response) => json(response, chatCompletionBody("m", "stolen", 1)));
    const router = await serve((arrival, response) => {
      if (answerHubMapping(arrival, response)) return;
      response.writeHead(307, { location: `${elsewhere.url}/v1/chat/completions` }).end();
    });
    const records = await run(scenario({ targets: [{ id: "groq", provider: "groq", model: MODEL }] }), toLoopback(transport(2).fetch, router.url));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(records[0]!.errorMessage).toContain("redirected (HTTP 307) to another origin");
    expect(elsewhere.arrivals).toEqual([]);
    expect(router.arrivals.find((arrival) => arrival.path.startsWith("/router/"))?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(records)).not.toContain(TOKEN);
  });

  it("follows a redirect within the same origin, with the same method and body", async () => {
    const router = await serve((arrival, response) => {
      if (answerHubMapping(arrival, response)) return;
      if (arrival.path.endsWith("/moved")) return json(response, chatCompletionBody("m", "here", 1));
      response.writeHead(308, { location: `${arrival.path}/moved` }).end();
    });
    const records = await run(scenario({ targets: [{ id: "groq", provider: "groq", model: MODEL }] }), toLoopback(transport(2).fetch, router.url));
    expect(records[0]).toMatchObject({ status: "ok", output: "here" });
    const [first, moved] = router.arrivals.filter((arrival) => arrival.path.startsWith("/router/"));
    expect(moved!.path).toBe(`${first!.path}/moved`);
    expect(moved!.body).toBe(first!.body);
  });

  it("ends a request at its timeout and closes its socket", async () => {
    const server = await serve(() => undefined);
    const records = await run(scenario({ targets: [{ id: "hang", endpointUrl: `${server.url}/v1`, model: "m" }], run: { timeoutMs: 200 } }), transport(1).fetch);
    expect(records[0]).toMatchObject({ status: "error", errorKind: "timeout" });
    await expect.poll(() => server.closedSockets).toBe(1);
  });

  it("ends each request at its own timeout on the run's one timer, wave after wave, and closes each socket", async () => {
    const server = await serve(() => undefined);
    const timeoutMs = 150;
    const { result: records, lateMs } = await withTimerLateness(() =>
      run(scenario({ targets: [{ id: "hang", endpointUrl: `${server.url}/v1`, model: "m" }], run: { timeoutMs, repetitions: 4, concurrency: 2 } }), transport(2).fetch),
    );
    expect(records.map((record) => record.errorKind)).toEqual(["timeout", "timeout", "timeout", "timeout"]);
    for (const record of records) {
      // The deadline runs from the attempt's start; latency from t0, when the request reached the socket. A
      // busy event loop puts t0 later than the start by as much as it stalls, so the floor gives that back.
      expect(record.latencyMs).toBeGreaterThanOrEqual(timeoutMs - 1 - lateMs);
      expect(record.latencyMs).toBeLessThan(timeoutMs + 100 + lateMs);
    }
    // The second wave started when the first timed out, not before: with two at once, the third request
    // starts only once one of the first two has ended. Compared with the first wave's own recorded ends,
    // not with its starts plus the timeout: a stalled event loop records a start (t0) later than its
    // deadline's start, and the gap between the starts shrinks by as much. startedAt is whole epoch
    // milliseconds and the latency monotonic: a millisecond either side.
    const byStart = [...records].sort((a, b) => a.startedAt - b.startedAt);
    const firstWaveEnd = Math.min(...byStart.slice(0, 2).map((record) => record.startedAt + record.latencyMs));
    for (const record of byStart.slice(2)) expect(record.startedAt).toBeGreaterThanOrEqual(firstWaveEnd - 2);
    await expect.poll(() => server.closedSockets).toBe(4);
  });

  it("stops reading at the response byte limit", async () => {
    const server = await serve((_, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Buffer.alloc(300_000, 0x20));
    });
    const records = await run(scenario({ targets: [{ id: "big", endpointUrl: `${server.url}/v1`, model: "m" }], run: { maxResponseBytes: 100_000 } }), transport(1).fetch);
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(records[0]!.errorMessage).toContain("run.maxResponseBytes");
    expect(records[0]!.outputBytes).toBeLessThan(300_000);
  });
});

describe("Hugging Face provider requests on the undici transport", () => {
  let router: TestServer;
  beforeAll(async () => {
    router = await startServer((arrival, response) => {
      if (answerHubMapping(arrival, response)) return;
      const body = JSON.parse(arrival.body) as { model: string; stream?: boolean };
      if (body.stream) sse(response, body.model, ["Two", "."]);
      else json(response, chatCompletionBody(body.model, "Two.", 2));
    });
  });
  afterAll(() => router.close());

  it.each([false, true])("sends the same bodies and headers as Node's fetch to two providers (stream: %s)", async (stream) => {
    const providers = scenario({
      targets: [
        { id: "groq", provider: "groq", model: MODEL },
        { id: "together", provider: "together", model: MODEL },
      ],
      inputs: ["What is 1+1?", { messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Name a colour." }] }],
      parameters: { max_tokens: 16, temperature: 0 },
      run: { stream },
    });
    const sentThrough = async (baseFetch: typeof fetch) => {
      router.arrivals.length = 0;
      const records = await run(providers, toLoopback(baseFetch, router.url));
      expect(records.map((record) => record.status)).toEqual(["ok", "ok", "ok", "ok"]);
      return router.arrivals
        .filter((arrival) => arrival.path.startsWith("/router/"))
        .map((arrival) => ({ path: arrival.path, body: arrival.body, authorization: arrival.headers.authorization, contentType: arrival.headers["content-type"] }))
        .sort((a, b) => `${a.path}${a.body}`.localeCompare(`${b.path}${b.body}`));
    };
    const viaFetch = await sentThrough(globalThis.fetch.bind(globalThis));
    const viaUndici = await sentThrough(transport(4).fetch);
    expect(viaUndici).toEqual(viaFetch);
    expect(viaUndici.map((request) => request.path)).toEqual(expect.arrayContaining(["/router/groq/openai/v1/chat/completions", "/router/together/v1/chat/completions"]));
    expect(viaUndici.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(viaUndici.map((request) => JSON.parse(request.body) as { model: string }).map((body) => body.model)).toEqual(
      expect.arrayContaining([PROVIDER_MODEL_IDS.groq, PROVIDER_MODEL_IDS.together]),
    );
  });

  it("sends every repetition the same bytes the library built, reused, for an endpoint and two providers", async () => {
    const repeated = scenario({
      targets: [
        { id: "endpoint", endpointUrl: `${router.url}/endpoint/v1`, model: "m" },
        { id: "groq", provider: "groq", model: MODEL },
        { id: "together", provider: "together", model: MODEL },
      ],
      // Characters of one, two, three and four UTF-8 bytes: the bytes, not only the text, must match.
      inputs: ["Größe → 🌍?", { messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Name a colour." }] }],
      parameters: { max_tokens: 16 },
      run: { repetitions: 3 },
    });
    const bodiesThrough = async (baseFetch: typeof fetch): Promise<Map<string, string[]>> => {
      router.arrivals.length = 0;
      const records = await run(repeated, toLoopback(baseFetch, router.url));
      expect(records).toHaveLength(18);
      expect(records.every((record) => record.status === "ok")).toBe(true);
      const byRequest = new Map<string, string[]>();
      for (const arrival of router.arrivals.filter((candidate) => !candidate.path.startsWith("/hub/"))) {
        const key = `${arrival.path} ${JSON.stringify((JSON.parse(arrival.body) as { messages: unknown }).messages)}`;
        byRequest.set(key, [...(byRequest.get(key) ?? []), Buffer.from(arrival.body, "utf8").toString("base64")]);
      }
      return byRequest;
    };
    // Node's fetch encodes the library's text afresh for every request; the undici transport reuses the bytes.
    const fresh = await bodiesThrough(globalThis.fetch.bind(globalThis));
    const reused = await bodiesThrough(transport(4).fetch);
    expect(reused.size).toBe(6);
    expect([...reused.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [key, bodies] of reused) {
      expect(bodies).toHaveLength(3);
      expect(bodies).toEqual(fresh.get(key));
    }
  });

  it("keeps one encoding of each body, and encodes a body too large to keep afresh", () => {
    const bytesOf = createBodyBytes();
    const text = JSON.stringify({ messages: [{ role: "user", content: "Größe 🌍" }] });
    const first = bytesOf(text);
    expect(first.equals(Buffer.from(text, "utf8"))).toBe(true);
    expect(bytesOf(`${text}`.slice(0))).toBe(first);
    const large = "x".repeat(REUSED_BODY_MAX_CHARS + 1);
    expect(bytesOf(large)).not.toBe(bytesOf(large));
    expect(bytesOf(large).equals(Buffer.from(large, "utf8"))).toBe(true);
  });
});
