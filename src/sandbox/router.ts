// Which answer a request gets: the request id, `GET /` (health), `GET /metrics` and `/<profile>/metrics`
// (metrics-page.ts), each profile's CORS and preflight, then
// its Hugging Face task routes (`/pipeline/<task>`, task-route.ts) or its OpenAI routes (`/v1/…`,
// openai-route.ts). A request body is read and checked here; only a valid one draws from the profile's
// sequence and waits for its capacity.
import type { IncomingMessage, ServerResponse } from "node:http";
import { admitToCapacity } from "./capacity";
import { answerPreflight, MAX_BODY_BYTES, methodNotAllowed, notFound, readBody, sendJson, setCorsHeaders } from "./http-replies";
import { playInference } from "./openai-route";
import { metricsPage } from "./metrics-page";
import { errorBody, modelList } from "./openai-responses";
import { RequestLifetime } from "./playback";
import { isProfileName, PROFILE_NAMES, PROFILES, type Profile } from "./profiles";
import { parseChatRequest, parseCompletionRequest, parseEmbeddingRequest, parseTeiEmbedRequest, type InferenceRequest, type Parsed } from "./requests";
import { drawFor, runtimeOf, timeScaleOf, type SandboxState } from "./sandbox-state";
import { decodeTaskBody, parseTaskRequest, type PipelineTask } from "./task-requests";
import { pipelineTaskOf, playTask, unknownPipelineMessage } from "./task-route";
import { isMultipartForm, readTranscriptionForm } from "./transcription-form";
import { asTaskRouteBody, ownApiRouteOf, toolkitTaskOf, unknownToolkitMessage, type OwnApiRoute } from "./own-api-answers";

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

type Endpoint = "chat" | "completions" | "embeddings" | "tei-embed" | "models";

const ROUTES: Record<string, Endpoint> = {
  "/v1/chat/completions": "chat",
  "/v1/completions": "completions",
  "/v1/embeddings": "embeddings",
  "/v1/models": "models",
  // Text Embeddings Inference's own route, beside its OpenAI one (docs/endpoint-apis.md).
  "/embed": "tei-embed",
};

/** One request as the routes see it: `routePath` is what follows the profile's name. */
interface Routed {
  state: SandboxState;
  request: IncomingMessage;
  response: ServerResponse;
  method: string;
  path: string;
  profile: Profile;
  routePath: string;
  /** When the request arrived (performance.now()): its timeline starts there unless it waits for capacity. */
  arrivedAtMs: number;
}

export async function route(state: SandboxState, request: IncomingMessage, response: ServerResponse, arrivedAtMs: number): Promise<void> {
  response.setHeader("x-request-id", requestIdFor(state, request));
  const method = request.method ?? "GET";
  const path = new URL(request.url ?? "/", "http://sandbox").pathname.replace(/\/+$/, "") || "/";

  if (path === "/" || path === "/health") {
    setCorsHeaders(response);
    if (method === "OPTIONS") return answerPreflight(request, response);
    if (method !== "GET") return methodNotAllowed(response, method, path, "GET");
    return sendJson(response, 200, health(state));
  }

  if (path === "/metrics") {
    setCorsHeaders(response);
    if (method === "OPTIONS") return answerPreflight(request, response);
    if (method !== "GET") return methodNotAllowed(response, method, path, "GET");
    return sendMetrics(response, metricsPage(state, PROFILE_NAMES));
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

  if (match?.[2] === "/metrics") {
    if (method !== "GET") return methodNotAllowed(response, method, path, "GET");
    return sendMetrics(response, metricsPage(state, [profileName]));
  }

  const routed: Routed = { state, request, response, method, path, profile, routePath: match?.[2] ?? "", arrivedAtMs };
  const pipelineTask = pipelineTaskOf(routed.routePath);
  if (pipelineTask === "unknown") return notFound(response, unknownPipelineMessage(profileName, path));
  if (pipelineTask !== null) return routeTask(routed, pipelineTask);
  return routeOpenAi(routed);
}

/** A Prometheus page, text format 0.0.4 (what vLLM's prometheus_client answers). */
function sendMetrics(response: ServerResponse, page: string): void {
  response.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "content-length": Buffer.byteLength(page) });
  response.end(page);
}

function requestIdFor(state: SandboxState, request: IncomingMessage): string {
  state.requestCount++;
  const sent = request.headers["x-request-id"];
  // Echo the caller's id when it is sane, as gateways do; otherwise a per-server counter.
  if (typeof sent === "string" && SAFE_REQUEST_ID.test(sent)) return sent;
  return `sbx-${state.requestCount.toString(16).padStart(8, "0")}`;
}

/** `GET /`: the sandbox's settings and every profile's base URL. */
function health(state: SandboxState): unknown {
  const { seed, timeScale, runNumber, drift } = state.settings;
  return {
    name: "ProviderBench sandbox",
    seed,
    timeScale,
    runNumber,
    drift: drift.map((item) => ({ ...item })),
    profiles: PROFILE_NAMES.map((name) => ({
      name,
      category: PROFILES[name].category,
      description: PROFILES[name].description,
      baseUrl: `${state.baseUrl}/${name}/v1`,
    })),
  };
}

/**
 * `POST /<profile>/pipeline/<task>` (and the task routes under `/v1/`): hf-inference's error bodies; the
 * same under `/<profile>/toolkit/<task>` and servers' own routes for a task (TEI's `/predict` and `/rerank`,
 * OpenAI's `/v1/images/generations`, `/v1/audio/speech`, `/v1/rerank`, `/v1/score`), taking and answering their shapes
 * (own-api-answers.ts).
 */
async function routeTask({ state, request, response, method, path, profile, arrivedAtMs }: Routed, task: PipelineTask, ownApi?: OwnApiRoute): Promise<void> {
  if (method !== "POST") return methodNotAllowed(response, method, path, "POST");
  const body = await readBody(request);
  if (body === "too-large") return sendJson(response, 413, { error: `Request body larger than ${MAX_BODY_BYTES} bytes.` }, { connection: "close" });
  const contentType = request.headers["content-type"];
  const decoded = isMultipartForm(contentType) ? await readTranscriptionForm(body, contentType!) : decodeTaskBody(body, contentType);
  if ("error" in decoded) return sendJson(response, 400, { error: decoded.error });
  if ("json" in decoded) decoded.json = asTaskRouteBody(ownApi, decoded.json);
  const parsed = parseTaskRequest(task, decoded);
  if (!parsed.ok) return sendJson(response, 400, { error: parsed.message });
  const draw = drawFor(state, profile, request);
  admitToCapacity(profile, runtimeOf(state, profile.name), response, arrivedAtMs, (startedAtMs) =>
    playTask({ profile, draw, seed: state.settings.seed, timeScale: timeScaleOf(state, profile.name), convention: ownApi?.convention }, parsed.request, response, new RequestLifetime(response, startedAtMs)),
  );
}

/** The OpenAI routes: the models list, and the inference requests with OpenAI's error bodies. */
async function routeOpenAi(routed: Routed): Promise<void> {
  const { state, request, response, method, path, profile, routePath, arrivedAtMs } = routed;
  const endpoint = ROUTES[routePath];
  if (!endpoint) {
    // Servers' own routes for the task routes' tasks, looked up only here: a chat request never pays for them.
    const ownApi = routeOwnApi(routed);
    if (ownApi !== null) return ownApi;
    return notFound(
      response,
      `Unknown path ${path}. Routes: POST /${profile.name}/v1/chat/completions, /v1/completions, /v1/embeddings, /v1/audio/transcriptions, /v1/audio/speech, /v1/images/generations, /v1/rerank, /v1/score, /v1/<task>, /pipeline/<task>, /toolkit/<task>, /embed, /predict, /rerank; GET /${profile.name}/v1/models.`,
    );
  }
  if (endpoint === "models") {
    if (method !== "GET") return methodNotAllowed(response, method, path, "GET");
    return sendJson(response, 200, modelList([`sandbox-${profile.name}`], state.startedAtSeconds));
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
  const draw = drawFor(state, profile, request);
  admitToCapacity(profile, runtimeOf(state, profile.name), response, arrivedAtMs, (startedAtMs) => playInference(state, profile, inference, draw, response, startedAtMs, arrivedAtMs));
}

/** The inference toolkit's `/toolkit/<task>` and servers' own task routes (own-api-answers.ts); null for another path. */
function routeOwnApi(routed: Routed): Promise<void> | null {
  const toolkitTask = toolkitTaskOf(routed.routePath);
  if (toolkitTask === "unknown") {
    notFound(routed.response, unknownToolkitMessage(routed.profile.name, routed.path));
    return Promise.resolve();
  }
  if (toolkitTask !== null) return routeTask(routed, toolkitTask, { task: toolkitTask, convention: "hf-toolkit" });
  const ownApiRoute = ownApiRouteOf(routed.routePath);
  return ownApiRoute === null ? null : routeTask(routed, ownApiRoute.task, ownApiRoute);
}

function parseFor(endpoint: Exclude<Endpoint, "models">, body: unknown): Parsed<InferenceRequest> {
  switch (endpoint) {
    case "chat":
      return parseChatRequest(body);
    case "completions":
      return parseCompletionRequest(body);
    case "embeddings":
      return parseEmbeddingRequest(body);
    case "tei-embed":
      return parseTeiEmbedRequest(body);
  }
}
