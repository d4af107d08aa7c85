// The wire bench's server, in its own process: an OpenAI-compatible chat endpoint on 127.0.0.1 that logs
// when it really did things, by its own clock — when each request had arrived whole, when it wrote the
// first content chunk, when it wrote the last byte — so every client's TTFT and latency can be compared
// with what happened on the server, request by request. Each answer carries its request's number in its
// first content token ("#17 ") and in an `x-wire-id` header, which is how a record finds its log entry.
//   POST /stream/v1/chat/completions   headers at once, the first content chunk 100 ms after arrival, then
//                                      19 more 10 ms apart, a finish reason and [DONE]
//   POST /instant/v1/chat/completions  a non-streaming answer at once
//   GET /log                           the entries since the last reset, as JSON; POST /reset clears them
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FIRST_TOKEN_DELAY_MS = 100;
export const STREAM_CHUNKS = 20;
export const CHUNK_INTERVAL_MS = 10;

interface LogEntry {
  id: number;
  arrivedAt: number;
  firstSentAt: number | null;
  lastSentAt: number;
}

let log: LogEntry[] = [];
let nextId = 1;

function chunk(delta: Record<string, unknown>, finishReason: string | null): string {
  return `data: ${JSON.stringify({ id: "wire", object: "chat.completion.chunk", created: 1714873384, model: "wire", choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

function stream(id: number, arrivedAt: number, response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream", "x-wire-id": String(id) });
  response.flushHeaders();
  const entry: LogEntry = { id, arrivedAt, firstSentAt: null, lastSentAt: 0 };
  let sent = 0;
  const sendNext = (): void => {
    response.write(chunk(sent === 0 ? { role: "assistant", content: `#${id} ` } : { content: ` t${sent}` }, null));
    if (sent === 0) entry.firstSentAt = performance.now();
    sent++;
    if (sent < STREAM_CHUNKS) {
      // Each chunk is due at a fixed offset from arrival, so lateness does not accumulate.
      setTimeout(sendNext, Math.max(0, arrivedAt + FIRST_TOKEN_DELAY_MS + sent * CHUNK_INTERVAL_MS - performance.now()));
      return;
    }
    response.end(`${chunk({}, "stop")}data: [DONE]\n\n`);
    entry.lastSentAt = performance.now();
    log.push(entry);
  };
  setTimeout(sendNext, Math.max(0, arrivedAt + FIRST_TOKEN_DELAY_MS - performance.now()));
}

function instant(id: number, arrivedAt: number, response: ServerResponse): void {
  const body = JSON.stringify({
    id: "wire",
    object: "chat.completion",
    created: 1714873384,
    model: "wire",
    choices: [{ index: 0, message: { role: "assistant", content: `#${id} ok` }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
  });
  response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-wire-id": String(id) });
  response.end(body);
  log.push({ id, arrivedAt, firstSentAt: null, lastSentAt: performance.now() });
}

const server = createServer((request, response) => {
  if (request.method === "GET" && request.url === "/log") {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(log));
    return;
  }
  if (request.method === "POST" && request.url === "/reset") {
    log = [];
    response.writeHead(204).end();
    return;
  }
  request.resume();
  request.on("end", () => {
    const arrivedAt = performance.now();
    const id = nextId++;
    if (request.url?.startsWith("/stream/")) stream(id, arrivedAt, response);
    else instant(id, arrivedAt, response);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`wire server on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
