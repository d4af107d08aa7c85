// The sandbox HTTP server: routing, CORS, request ids, and the wiring from a plan to the wire.
// Routes per profile: the OpenAI ones under `/v1/`, and the Hugging Face task routes under
// `/pipeline/<task>` (task-route.ts, with their own notes on faults).
//
// Fault profiles on the wire (every inference route; `GET /v1/models` and `/health` always answer normally):
//   err503 / err500  JSON error `{ error: { message, type, param, code } }` with that status.
//   err429           the same with status 429 and `Retry-After: 1`.
//   reset            headers, then part of the body (stream: role chunk + 2 tokens; JSON: half of the
//                    bytes announced by Content-Length), then a TCP reset (RST).
//   hang             reads the request and never answers; close() destroys the socket.
//   trickle          the normal answer, headers at once, then one body byte every ~200 ms (× timeScale).
//   malformed        200 application/json, body = the first 60% of a valid JSON answer (any request).
//   cut              stream: role + half of the tokens, then a clean end, no finish_reason, no [DONE];
//                    JSON: a complete body with finish_reason null; embeddings answer normally.
//   sse-error        stream: 200, role + 2 tokens, then `data: {"error":{"message","type":"server_error"}}`
//                    and the end (no [DONE]); JSON routes: 200 with that error object as the body.
//   huge             a valid answer of about 50 MB (JSON with Content-Length, or an event stream),
//                    ignoring max_tokens; embeddings get very long vectors.
//   wrongtype        200 text/html with an HTML page.
//   nocors           normal answers without any CORS header; OPTIONS gets 405 without CORS headers.
//   evil             normal answers whose tokens include HTML/script payloads.
//
// timeScale multiplies every sampled delay (TTFT, token gaps, trickle's byte interval). Profiles with
// fixed timing (`exact`, and `instant`, which has none) ignore it, so `exact` keeps its 100/300 ms.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { embeddingAnswer, generationAnswer, httpErrorAnswer } from "./answers";
import { driftFactor, type Drift } from "./drift";
import { hugeEmbeddings, hugeGeneration, htmlAnswer, malformed, trickled, type HugeAnswer } from "./faults";
import { errorBody, modelList, type ResponseContext } from "./openai-responses";
import { createProfileRandom, drawIdentifiedRequest, drawRequest, planResponse, type RequestDraw } from "./plan";
import { parseSandboxRequest, SANDBOX_REQUEST_HEADER } from "../core/endpoints";
import { playAnswer, RequestLifetime, writeRepeatedParts } from "./playback";
import {
  isProfileName,
  PROFILE_NAMES,
  PROFILES,
  type Profile,
  type ProfileName,
} from "./profiles";
import type { Random } from "./random";
import { decodeTaskBody, parseTaskRequest, type TaskRequest } from "./task-requests";
import { pipelineTaskOf, playTask, unknownPipelineMessage } from "./task-route";
import {
  parseChatRequest,
  parseCompletionRequest,
  parseEmbeddingRequest,
  type InferenceRequest,
  type Parsed,
} from "./requests";

export { FAULT_PROFILE_NAMES, PERFORMANCE_PROFILE_NAMES, PROFILE_NAMES, PROFILES } from "./profiles";
export type { Profile, ProfileName } from "./profiles";

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seeds every profile's generator; default 42. */
  seed?: number;
  /** Multiplies sampled delays; default 1. Fixed-timing profiles (`exact`, `instant`) ignore it. */
  timeScale?: number;
  /** Profiles slowed (or sped up) from a given run on (drift.ts); none by default. */
  drift?: readonly Drift[];
  /** Which run this sandbox serves, counted from 1 (default 1): what a drift's `@run` is compared with. */
  runNumber?: number;
}

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

export const DEFAULT_SEED = 42;

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEFAULT_ALLOWED_HEADERS = `authorization, content-type, user-agent, x-hf-bill-to, x-request-id, ${SANDBOX_REQUEST_HEADER}`;
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

type Endpoint = "chat" | "completions" | "embeddings" | "models";

const ROUTES: Record<string, Endpoint> = {
  "/v1/chat/completions": "chat",
  "/v1/completions": "completions",
  "/v1/embeddings": "embeddings",
  "/v1/models": "models",
};

interface ProfileRuntime {
  random: Random;
  requestCount: number;
  /** Inference requests open (waiting or served), and the most at once. */
  open: number;
  peakOpen: number;
  /** Requests being served, and those waiting for the profile's capacity, first come first served. */
  serving: number;
  waiting: (() => void)[];
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function setCorsHeaders(response: ServerResponse): void {
  response.setHeader("access-control-allow-origin", "*");
  response.setHeader("access-control-expose-headers", "x-request-id, retry-after");
  // Lets a browser run read each request's connect, waiting and receiving times (Resource Timing).
  response.setHeader("timing-allow-origin", "*");
}

function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
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

function notFound(response: ServerResponse, message: string): void {
  sendJson(response, 404, errorBody(message, "not_found"));
}

function methodNotAllowed(response: ServerResponse, method: string, path: string, allowed: string): void {
  sendJson(
    response,
    405,
    errorBody(`Method ${method} is not allowed on ${path}; use ${allowed}.`, "invalid_request_error", "method_not_allowed"),
    { allow: allowed },
  );
}

/** Reads the whole body; past the limit it keeps draining (so the 413 can be read) but keeps nothing. */
async function readBody(request: IncomingMessage): Promise<Buffer | "too-large"> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? "too-large" : Buffer.concat(chunks);
}

function parseFor(endpoint: Exclude<Endpoint, "models">, body: unknown): Parsed<InferenceRequest> {
  switch (endpoint) {
    case "chat":
      return parseChatRequest(body);
    case "completions":
      return parseCompletionRequest(body);
    case "embeddings":
      return parseEmbeddingRequest(body);
  }
}

function validateOptions(options: SandboxOptions): Required<SandboxOptions> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const timeScale = options.timeScale ?? 1;
  if (!Number.isFinite(timeScale) || timeScale < 0) throw new RangeError(`timeScale must be a finite number ≥ 0, got ${timeScale}`);
  const runNumber = options.runNumber ?? 1;
  if (!Number.isSafeInteger(runNumber) || runNumber < 1) throw new RangeError(`runNumber must be a whole number of at least 1, got ${runNumber}`);
  return { port, host: options.host ?? "127.0.0.1", seed, timeScale, drift: options.drift ?? [], runNumber };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { port, host, seed, timeScale: baseTimeScale, drift, runNumber } = validateOptions(options);
  // A drifted profile's delays are scaled once more, in this run and the ones after its start (drift.ts).
  const timeScaleOf = (profile: ProfileName): number => baseTimeScale * driftFactor(drift, profile, runNumber);
  const runtimes = new Map<ProfileName, ProfileRuntime>(
    PROFILE_NAMES.map((name) => [name, { random: createProfileRandom(seed, name), requestCount: 0, open: 0, peakOpen: 0, serving: 0, waiting: [] }]),
  );
  const sockets = new Set<Socket>();
  const inFlight = new Set<ServerResponse>();
  const startedAtSeconds = Math.floor(Date.now() / 1000);
  let requestCount = 0;
  let baseUrl = "";

  const requestIdFor = (request: IncomingMessage): string => {
    requestCount++;
    const sent = request.headers["x-request-id"];
    // Echo the caller's id when it is sane, as gateways do; otherwise a per-server counter.
    if (typeof sent === "string" && SAFE_REQUEST_ID.test(sent)) return sent;
    return `sbx-${requestCount.toString(16).padStart(8, "0")}`;
  };

  const health = () => ({
    name: "ProviderBench sandbox",
    seed,
    timeScale: baseTimeScale,
    runNumber,
    drift: drift.map((item) => ({ ...item })),
    profiles: PROFILE_NAMES.map((name) => ({
      name,
      category: PROFILES[name].category,
      description: PROFILES[name].description,
      baseUrl: `${baseUrl}/${name}/v1`,
    })),
  });

  /**
   * Everything random about a request: from the seed and the identity a run's request carries, or, for
   * a request that says nothing (curl, another tool), the profile's sequence since the server started.
   */
  const drawFor = (profile: Profile, request: IncomingMessage): RequestDraw => {
    const runtime = runtimes.get(profile.name) as ProfileRuntime;
    runtime.requestCount++;
    const sent = request.headers[SANDBOX_REQUEST_HEADER];
    const identity = parseSandboxRequest(typeof sent === "string" ? sent : undefined);
    return identity === null ? drawRequest(runtime.random, runtime.requestCount) : drawIdentifiedRequest(seed, profile.name, identity);
  };

  const runInference = (
    profile: Profile,
    request: InferenceRequest,
    draw: RequestDraw,
    response: ServerResponse,
    startedAtMs: number,
  ): void => {
    const runtime = runtimes.get(profile.name) as ProfileRuntime;
    const timeScale = timeScaleOf(profile.name);
    const generation = request.endpoint !== "embeddings";
    const plan = planResponse(
      profile,
      draw,
      {
        maxTokens: generation ? request.maxTokens : undefined,
        choiceCount: generation ? request.choiceCount : 1,
        generatesText: generation,
        jsonMode: generation && request.jsonMode === true,
      },
      timeScale,
    );
    const lifetime = new RequestLifetime(response, startedAtMs);
    if (plan.outcome.kind === "http-error") {
      playAnswer(response, httpErrorAnswer(plan.outcome, plan.ttftMs), lifetime);
      return;
    }
    const idPrefix = request.endpoint === "chat" ? "chatcmpl-" : request.endpoint === "completions" ? "cmpl-" : "embd-";
    const context: ResponseContext = {
      id: `${idPrefix}sbx${plan.requestSeed.toString(16).padStart(8, "0")}${runtime.requestCount.toString(36).padStart(4, "0")}`,
      created: Math.floor(Date.now() / 1000),
      model: request.model ?? `sandbox-${profile.name}`,
    };
    const fault = profile.fault;
    const errorMessage = fault?.kind === "sse-error" ? fault.message : "Internal error";
    const build = (asRequested: InferenceRequest) =>
      asRequested.endpoint === "embeddings"
        ? embeddingAnswer(plan, asRequested, context.model, errorMessage)
        : generationAnswer(plan, asRequested, context, errorMessage);

    switch (fault?.kind) {
      case "hang":
        // Nothing to schedule: the socket stays open until the client gives up or close() destroys it.
        return;
      case "huge": {
        const huge: HugeAnswer =
          request.endpoint === "embeddings"
            ? hugeEmbeddings(request, context.model, fault.bodyBytes)
            : hugeGeneration(request, context, fault.bodyBytes);
        lifetime.at(plan.ttftMs, () => {
          response.writeHead(200, huge.headers);
          void writeRepeatedParts(response, huge.parts, lifetime);
        });
        return;
      }
      case "wrongtype":
        playAnswer(response, htmlAnswer(plan.endMs), lifetime);
        return;
      case "malformed":
        playAnswer(response, malformed(build(request.endpoint === "embeddings" ? request : { ...request, stream: false })), lifetime);
        return;
      case "trickle":
        playAnswer(response, trickled(build(request), fault.byteIntervalMs * timeScale), lifetime);
        return;
      default:
        playAnswer(response, build(request), lifetime);
    }
  };

  const route = async (request: IncomingMessage, response: ServerResponse, startedAtMs: number): Promise<void> => {
    response.setHeader("x-request-id", requestIdFor(request));
    const method = request.method ?? "GET";
    const path = new URL(request.url ?? "/", "http://sandbox").pathname.replace(/\/+$/, "") || "/";

    if (path === "/" || path === "/health") {
      setCorsHeaders(response);
      if (method === "OPTIONS") return answerPreflight(request, response);
      if (method !== "GET") return methodNotAllowed(response, method, path, "GET");
      return sendJson(response, 200, health());
    }

    const match = /^\/([^/]+)(\/.*)?$/.exec(path);
    const profileName = match?.[1] ?? "";
    if (!isProfileName(profileName)) {
      setCorsHeaders(response);
      if (method === "OPTIONS") return answerPreflight(request, response);
      return notFound(response, `Unknown path ${path}. Profiles: ${PROFILE_NAMES.join(", ")}; see GET / for their URLs.`);
    }
    const profile = PROFILES[profileName];
    const cors = profile.fault?.kind !== "nocors";
    if (cors) setCorsHeaders(response);
    if (method === "OPTIONS") {
      if (cors) return answerPreflight(request, response);
      return methodNotAllowed(response, method, path, "GET, POST");
    }

    const pipelineTask = pipelineTaskOf(match?.[2] ?? "");
    if (pipelineTask === "unknown") return notFound(response, unknownPipelineMessage(profileName, path));
    if (pipelineTask !== null) {
      if (method !== "POST") return methodNotAllowed(response, method, path, "POST");
      const body = await readBody(request);
      if (body === "too-large") return sendJson(response, 413, { error: `Request body larger than ${MAX_BODY_BYTES} bytes.` }, { connection: "close" });
      const decoded = decodeTaskBody(body, request.headers["content-type"]);
      if ("error" in decoded) return sendJson(response, 400, { error: decoded.error });
      const parsedTask = parseTaskRequest(pipelineTask, decoded);
      if (!parsedTask.ok) return sendJson(response, 400, { error: parsedTask.message });
      const taskDraw = drawFor(profile, request);
      return admitToCapacity(profile, response, startedAtMs, (servedAtMs) => runTask(profile, parsedTask.request, taskDraw, response, servedAtMs));
    }

    const endpoint = ROUTES[match?.[2] ?? ""];
    if (!endpoint) {
      return notFound(
        response,
        `Unknown path ${path}. Routes: POST /${profileName}/v1/chat/completions, /v1/completions, /v1/embeddings, /v1/<task>, /pipeline/<task>; GET /${profileName}/v1/models.`,
      );
    }
    if (endpoint === "models") {
      if (method !== "GET") return methodNotAllowed(response, method, path, "GET");
      return sendJson(response, 200, modelList([`sandbox-${profileName}`], startedAtSeconds));
    }
    if (method !== "POST") return methodNotAllowed(response, method, path, "POST");

    const raw = await readBody(request);
    if (raw === "too-large") {
      return sendJson(
        response,
        413,
        errorBody(`Request body larger than ${MAX_BODY_BYTES} bytes.`, "invalid_request_error", "request_too_large"),
        { connection: "close" },
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return sendJson(
        response,
        400,
        errorBody(`We could not parse the JSON body of your request: ${detail}`, "invalid_request_error", "invalid_json"),
      );
    }
    const parsed = parseFor(endpoint, body);
    if (!parsed.ok) {
      const { message, code, param } = parsed.problem;
      return sendJson(response, 400, errorBody(message, "invalid_request_error", code, param));
    }
    const inference = parsed.request;
    const draw = drawFor(profile, request);
    admitToCapacity(profile, response, startedAtMs, (servedAtMs) => runInference(profile, inference, draw, response, servedAtMs));
  };

  const runTask = (profile: Profile, request: TaskRequest, draw: RequestDraw, response: ServerResponse, startedAtMs: number): void => {
    playTask({ profile, draw, seed, timeScale: timeScaleOf(profile.name) }, request, response, new RequestLifetime(response, startedAtMs));
  };

  /**
   * Counts the request open until its response closes, and holds it while the profile serves its
   * capacity: it starts (its timeline from then) when a served one ends.
   */
  const admitToCapacity = (profile: Profile, response: ServerResponse, arrivedAtMs: number, start: (startedAtMs: number) => void): void => {
    const runtime = runtimes.get(profile.name) as ProfileRuntime;
    runtime.open++;
    runtime.peakOpen = Math.max(runtime.peakOpen, runtime.open);
    let served = false;
    let waitingTurn: (() => void) | null = null;
    response.once("close", () => {
      runtime.open--;
      if (waitingTurn !== null) runtime.waiting.splice(runtime.waiting.indexOf(waitingTurn), 1);
      if (!served) return;
      runtime.serving--;
      runtime.waiting.shift()?.();
    });
    const serve = (startedAtMs: number): void => {
      served = true;
      waitingTurn = null;
      runtime.serving++;
      start(startedAtMs);
    };
    if (profile.capacity === undefined || runtime.serving < profile.capacity) return serve(arrivedAtMs);
    waitingTurn = () => serve(performance.now());
    runtime.waiting.push(waitingTurn);
  };

  const server = createServer((request, response) => {
    const startedAtMs = performance.now();
    // Writes racing a client that just left raise errors on the response: expected, nothing to do.
    response.on("error", () => {});
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
    route(request, response, startedAtMs).catch((error: unknown) => {
      if (response.destroyed || request.destroyed) return;
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendJson(response, 500, errorBody(`Sandbox bug: ${message}`, "server_error", "internal_error"));
    });
  });

  server.on("connection", (socket) => {
    // Token events must leave when written, not when Nagle's algorithm decides.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  baseUrl = `http://${urlHost}:${address.port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };

  return {
    url: baseUrl,
    port: address.port,
    close,
    inFlightRequests: () => inFlight.size,
    peakOpenRequests: (profile) => (runtimes.get(profile) as ProfileRuntime).peakOpen,
    inferenceRequests: (profile) => (runtimes.get(profile) as ProfileRuntime).requestCount,
  };
}
