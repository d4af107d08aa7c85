// The plain HTTP of every route: JSON answers, CORS and its preflight, 404 and 405, the bounded body read.
import type { IncomingMessage, ServerResponse } from "node:http";
import { SANDBOX_REQUEST_HEADER } from "../core/endpoints";
import { errorBody } from "./openai-responses";

export const MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEFAULT_ALLOWED_HEADERS = `authorization, content-type, user-agent, x-hf-bill-to, x-request-id, ${SANDBOX_REQUEST_HEADER}`;

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export function setCorsHeaders(response: ServerResponse): void {
  response.setHeader("access-control-allow-origin", "*");
  response.setHeader("access-control-expose-headers", "x-request-id, retry-after");
  // Lets a browser run read each request's connect, waiting and receiving times (Resource Timing).
  response.setHeader("timing-allow-origin", "*");
}

export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
  response.setHeader("access-control-allow-headers", request.headers["access-control-request-headers"] ?? DEFAULT_ALLOWED_HEADERS);
  response.setHeader("access-control-max-age", "600");
  response.setHeader("vary", "Access-Control-Request-Headers");
  // Chromium asks before a public page may call a loopback address.
  if (request.headers["access-control-request-private-network"] === "true") {
    response.setHeader("access-control-allow-private-network", "true");
  }
  response.writeHead(204);
  response.end();
}

export function notFound(response: ServerResponse, message: string): void {
  sendJson(response, 404, errorBody(message, "not_found"));
}

export function methodNotAllowed(response: ServerResponse, method: string, path: string, allowed: string): void {
  sendJson(
    response,
    405,
    errorBody(`Method ${method} is not allowed on ${path}; use ${allowed}.`, "invalid_request_error", "method_not_allowed"),
    { allow: allowed },
  );
}

/** Reads the whole body; past the limit it keeps draining (so the 413 can be read) but keeps nothing. */
export async function readBody(request: IncomingMessage): Promise<Buffer | "too-large"> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? "too-large" : Buffer.concat(chunks);
}
