// The sandbox HTTP server: its lifecycle (listen, the sockets it keeps, close) around the stages of a
// request: the options checked (server-options.ts), the state kept between requests (sandbox-state.ts),
// the routing (router.ts), each profile's capacity (capacity.ts), and the answers with their faults
// (openai-route.ts for the OpenAI routes, task-route.ts for the Hugging Face task routes), put on the wire
// on their timelines (playback.ts).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { sendJson } from "./http-replies";
import { errorBody } from "./openai-responses";
import type { ProfileName } from "./profiles";
import { route } from "./router";
import { createSandboxState, runtimeOf } from "./sandbox-state";
import { sandboxSettings, type SandboxOptions } from "./server-options";

export { CACHE_PROFILE_NAMES, FAULT_PROFILE_NAMES, PERFORMANCE_PROFILE_NAMES, PROFILE_NAMES, PROFILES } from "./profiles";
export type { Profile, ProfileName } from "./profiles";
export { DEFAULT_SEED, type SandboxOptions } from "./server-options";

export interface Sandbox {
  /** e.g. `http://127.0.0.1:8787`, no trailing slash; a profile's base URL is `${url}/${profile}/v1`. */
  url: string;
  port: number;
  /** Stops listening, destroys every open socket (streams, `hang` requests, idle keep-alives). */
  close(): Promise<void>;
  /** Responses not yet finished or closed: lets tests check that aborted requests release everything. */
  inFlightRequests(): number;
  /** The most inference requests of one profile open at once (queued for its capacity or served) since the start: what a client's cap is checked against. */
  peakOpenRequests(profile: ProfileName): number;
  /** Inference requests one profile received since the start: what a test of "sends exactly these" counts. */
  inferenceRequests(profile: ProfileName): number;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const settings = sandboxSettings(options);
  const state = createSandboxState(settings);
  const inFlight = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const arrivedAtMs = performance.now();
    // Writes racing a client that just left raise errors on the response: expected, nothing to do.
    response.on("error", () => {});
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
    route(state, request, response, arrivedAtMs).catch((error: unknown) => answerFailure(request, response, error));
  });
  const sockets = trackSockets(server);
  const port = await listen(server, settings.port, settings.host);
  const urlHost = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  state.baseUrl = `http://${urlHost}:${port}`;
  return {
    url: state.baseUrl,
    port,
    close: closer(server, sockets),
    inFlightRequests: () => inFlight.size,
    peakOpenRequests: (profile: ProfileName) => runtimeOf(state, profile).peakOpen,
    inferenceRequests: (profile: ProfileName) => runtimeOf(state, profile).requestCount,
  };
}

/** A route that threw: a 500 while nothing was sent, else the connection dropped (the answer is cut). */
function answerFailure(request: IncomingMessage, response: ServerResponse, error: unknown): void {
  if (response.destroyed || request.destroyed) return;
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  sendJson(response, 500, errorBody(`Sandbox bug: ${message}`, "server_error", "internal_error"));
}

/** Every open socket, so close() can end streams, `hang` requests and idle keep-alives at once. */
function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    // Token events must leave when written, not when Nagle's algorithm decides.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return sockets;
}

/** Listens, and resolves with the port (the one picked when 0 was asked for). */
async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };
}
