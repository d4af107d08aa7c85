// The sandbox provider server over real HTTP on 127.0.0.1: shapes, streams, CORS, faults, determinism, timing.

import { InferenceClient, InferenceClientProviderApiError } from "@huggingface/inference";
import { once } from "node:events";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FAULT_PROFILE_NAMES, PROFILE_NAMES, startSandbox, type Sandbox } from "../../src/sandbox/server";
import { withTimerLateness } from "./timer-lateness";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, timeScale: 0.2 });
});

afterAll(async () => {
  await sandbox.close();
});

const USER_PROMPT = "Say something about the weather in Paris today";
const CHAT = { model: "test/model-1", messages: [{ role: "user", content: USER_PROMPT }] };

function post(server: Sandbox, profile: string, route: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/${profile}/v1/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sandbox" },
    body: JSON.stringify(body),
    ...init,
  });
}

function words(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** Splits an event stream by hand: every event must be a single `data: ` line. */
function sseData(text: string): string[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      expect(block.startsWith("data: ")).toBe(true);
      return block.slice("data: ".length);
    });
}

interface TimedEvent {
  data: string;
  atMs: number;
}

/** Reads a stream, stamping each event with its arrival time after `t0`. */
async function readTimedEvents(response: Response, t0: number): Promise<{ events: TimedEvent[]; endMs: number }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: TimedEvent[] = [];
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    const atMs = performance.now() - t0;
    if (done) return { events, endMs: atMs };
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      if (block.startsWith("data: ")) events.push({ data: block.slice(6), atMs });
      boundary = buffer.indexOf("\n\n");
    }
  }
}

describe("chat completions", () => {
  it("answers the OpenAI JSON shape with usage that matches the text and honours max_tokens", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await post(sandbox, "fast", "chat/completions", { ...CHAT, max_tokens: 7 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const body = await response.json();
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(body.object).toBe("chat.completion");
    expect(typeof body.created).toBe("number");
    expect(body.created).toBeGreaterThanOrEqual(before);
    expect(body.model).toBe("test/model-1");
    expect(body.choices).toHaveLength(1);
    const [choice] = body.choices;
    expect(choice.index).toBe(0);
    expect(choice.message.role).toBe("assistant");
    expect(choice.finish_reason).toBe("length");
    expect(words(choice.message.content)).toBe(7);
    expect(body.usage).toEqual({
      prompt_tokens: words(USER_PROMPT),
      completion_tokens: 7,
      total_tokens: words(USER_PROMPT) + 7,
    });
  });

  it("stops on its own with finish_reason stop when max_tokens does not bind", async () => {
    const body = await (await post(sandbox, "instant", "chat/completions", CHAT)).json();
    expect(body.choices[0].finish_reason).toBe("stop");
    expect(body.usage.completion_tokens).toBeGreaterThanOrEqual(40);
    expect(body.usage.completion_tokens).toBeLessThanOrEqual(120);
    expect(words(body.choices[0].message.content)).toBe(body.usage.completion_tokens);
  });

  it("streams a role chunk, one chunk per token, finish_reason, usage when asked, then [DONE]", async () => {
    const response = await post(sandbox, "fast", "chat/completions", {
      ...CHAT,
      max_tokens: 6,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const data = sseData(await response.text());
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((item) => JSON.parse(item));
    for (const chunk of chunks) {
      expect(chunk.object).toBe("chat.completion.chunk");
      expect(chunk.id).toMatch(/^chatcmpl-/);
      expect(chunk.model).toBe("test/model-1");
      expect(typeof chunk.created).toBe("number");
    }
    const [roleChunk, ...rest] = chunks;
    expect(roleChunk.choices[0].delta).toEqual({ role: "assistant", content: "" });
    const contentChunks = rest.slice(0, -2);
    const [finishChunk, usageChunk] = rest.slice(-2);
    expect(contentChunks).toHaveLength(6);
    for (const chunk of contentChunks) {
      expect(chunk.choices[0].finish_reason).toBeNull();
      expect(words(chunk.choices[0].delta.content)).toBe(1);
    }
    expect(finishChunk.choices[0].finish_reason).toBe("length");
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({ prompt_tokens: words(USER_PROMPT), completion_tokens: 6, total_tokens: words(USER_PROMPT) + 6 });
  });

  it("sends no usage chunk without stream_options.include_usage", async () => {
    const response = await post(sandbox, "fast", "chat/completions", { ...CHAT, max_tokens: 3, stream: true });
    const data = sseData(await response.text());
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((item) => JSON.parse(item));
    expect(chunks.some((chunk) => "usage" in chunk || chunk.choices.length === 0)).toBe(false);
    expect(chunks.at(-1).choices[0].finish_reason).toBe("length");
  });

  it("works through @huggingface/inference with an endpointUrl, streaming and not", async () => {
    const client = new InferenceClient("sandbox-key", { endpointUrl: `${sandbox.url}/fast/v1` });
    const answer = await client.chatCompletion({ ...CHAT, max_tokens: 4 }, { retry_on_error: false });
    expect(words(answer.choices[0]?.message.content ?? "")).toBe(4);
    let streamed = "";
    let usageTokens = 0;
    for await (const chunk of client.chatCompletionStream(
      { ...CHAT, max_tokens: 5, stream_options: { include_usage: true } },
      { retry_on_error: false },
    )) {
      streamed += chunk.choices[0]?.delta.content ?? "";
      usageTokens = chunk.usage?.completion_tokens ?? usageTokens;
    }
    expect(words(streamed)).toBe(5);
    expect(usageTokens).toBe(5);
  });
});

describe("completions, embeddings, models, health", () => {
  it("answers text completions, one choice per prompt, and streams choices[0].text", async () => {
    const body = await (await post(sandbox, "fast", "completions", { model: "m", prompt: "Once upon a time", max_tokens: 5 })).json();
    expect(body.id).toMatch(/^cmpl-/);
    expect(body.object).toBe("text_completion");
    expect(body.choices[0]).toMatchObject({ index: 0, finish_reason: "length" });
    expect(words(body.choices[0].text)).toBe(5);
    expect(body.usage).toEqual({ prompt_tokens: 4, completion_tokens: 5, total_tokens: 9 });

    const two = await (await post(sandbox, "instant", "completions", { prompt: ["a b", "c"], max_tokens: 2 })).json();
    expect(two.choices.map((choice: { index: number }) => choice.index)).toEqual([0, 1]);
    expect(two.usage).toEqual({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });

    const stream = await post(sandbox, "fast", "completions", { prompt: "Once", max_tokens: 3, stream: true });
    const data = sseData(await stream.text());
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((item) => JSON.parse(item));
    expect(chunks.map((chunk) => chunk.object)).toEqual(Array(4).fill("text_completion"));
    expect(chunks.slice(0, 3).every((chunk) => words(chunk.choices[0].text) === 1)).toBe(true);
    expect(chunks[3].choices[0]).toMatchObject({ text: "", finish_reason: "length" });
  });

  it("textGeneration through @huggingface/inference reaches /v1/completions", async () => {
    const client = new InferenceClient("sandbox-key", { endpointUrl: `${sandbox.url}/instant/v1` });
    const output = await client.textGeneration({ inputs: "Hello there", parameters: { max_new_tokens: 3 } });
    expect(words(output.generated_text)).toBe(3);
  });

  it("embeds both the OpenAI and the TEI forms with deterministic unit vectors of 384 dimensions", async () => {
    const openai = await (await post(sandbox, "instant", "embeddings", { model: "e", input: ["alpha beta", "gamma"] })).json();
    expect(openai.object).toBe("list");
    expect(openai.model).toBe("e");
    expect(openai.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    expect(openai.data.map((item: { index: number; object: string }) => [item.index, item.object])).toEqual([
      [0, "embedding"],
      [1, "embedding"],
    ]);
    const [first, second] = openai.data.map((item: { embedding: number[] }) => item.embedding);
    expect(first).toHaveLength(384);
    expect(Math.hypot(...first)).toBeCloseTo(1, 5);
    expect(first).not.toEqual(second);

    const single = await (await post(sandbox, "fast", "embeddings", { input: "alpha beta" })).json();
    expect(single.data).toHaveLength(1);
    expect(single.data[0].embedding).toEqual(first);

    const teiOne = await (await post(sandbox, "steady", "embeddings", { inputs: "alpha beta" })).json();
    expect(teiOne).toEqual(first);
    const teiMany = await (await post(sandbox, "instant", "embeddings", { inputs: ["alpha beta", "gamma"] })).json();
    expect(teiMany).toEqual([first, second]);

    const client = new InferenceClient(undefined, { endpointUrl: `${sandbox.url}/instant/v1/embeddings` });
    expect(await client.featureExtraction({ inputs: "alpha beta" })).toEqual(first);
  });

  it("lists one model per profile and every profile with its base URL", async () => {
    const models = await (await fetch(`${sandbox.url}/steady/v1/models`)).json();
    expect(models).toMatchObject({ object: "list", data: [{ id: "sandbox-steady", object: "model", owned_by: "sandbox" }] });
    const health = await (await fetch(`${sandbox.url}/health`)).json();
    expect(health.profiles.map((profile: { name: string }) => profile.name)).toEqual([...PROFILE_NAMES]);
    expect(health.profiles[0].baseUrl).toBe(`${sandbox.url}/fast/v1`);
    expect((await (await fetch(`${sandbox.url}/`)).json()).profiles).toHaveLength(PROFILE_NAMES.length);
  });
});

describe("request errors", () => {
  it("answers 404 for unknown paths, 400 for bad JSON and for missing or invalid fields, with a request id", async () => {
    const unknown = await fetch(`${sandbox.url}/nope/v1/chat/completions`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.type).toBe("not_found");
    expect(unknown.headers.get("x-request-id")).toBeTruthy();
    const unknownRoute = await fetch(`${sandbox.url}/fast/v2/things`);
    expect(unknownRoute.status).toBe(404);

    const badJson = await fetch(`${sandbox.url}/fast/v1/chat/completions`, { method: "POST", body: "{not json" });
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).error.type).toBe("invalid_request_error");
    expect(badJson.headers.get("x-request-id")).toBeTruthy();

    const noMessages = await post(sandbox, "fast", "chat/completions", { model: "m" });
    expect(noMessages.status).toBe(400);
    const problem = (await noMessages.json()).error;
    expect(problem.type).toBe("invalid_request_error");
    expect(problem.message).toContain("messages");

    const zeroTokens = await post(sandbox, "fast", "chat/completions", { ...CHAT, max_tokens: 0 });
    expect(zeroTokens.status).toBe(400);
    expect((await zeroTokens.json()).error.param).toBe("max_tokens");
  });

  it("echoes a caller's x-request-id", async () => {
    const response = await post(sandbox, "instant", "chat/completions", CHAT, {
      headers: { "content-type": "application/json", "x-request-id": "trace-123" },
    });
    expect(response.headers.get("x-request-id")).toBe("trace-123");
    await response.arrayBuffer();
  });
});

describe("CORS", () => {
  it("answers the preflight with 204 and exposes x-request-id and retry-after", async () => {
    const preflight = await fetch(`${sandbox.url}/fast/v1/chat/completions`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    const answer = await post(sandbox, "err429", "chat/completions", CHAT, { headers: { origin: "http://localhost:5173" } });
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-expose-headers")).toMatch(/x-request-id.*retry-after/);
    await answer.arrayBuffer();
  });

  it("nocors answers normally but without any CORS header, and refuses the preflight", async () => {
    const preflight = await fetch(`${sandbox.url}/nocors/v1/chat/completions`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
    });
    expect(preflight.status).not.toBe(204);
    const answer = await post(sandbox, "nocors", "chat/completions", { ...CHAT, max_tokens: 2 });
    expect(answer.status).toBe(200);
    expect((await answer.json()).choices[0].message.content).toBeTruthy();
    for (const response of [preflight, answer]) {
      expect([...response.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    }
  });
});

describe("fault profiles", () => {
  it.each([
    [503, "err503"],
    [429, "err429"],
    [500, "err500"],
  ])("answers %i with an OpenAI-style JSON error on %s", async (status, profile) => {
    const response = await post(sandbox, profile, "chat/completions", CHAT);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(typeof body.error.message).toBe("string");
    expect(typeof body.error.type).toBe("string");
    expect("code" in body.error).toBe(true);
    expect(response.headers.get("retry-after")).toBe(status === 429 ? "1" : null);
  });

  it("reset: headers arrive, then reading the body fails", async () => {
    const plain = await post(sandbox, "reset", "chat/completions", CHAT);
    expect(plain.status).toBe(200);
    await expect(plain.text()).rejects.toThrow();
    const stream = await post(sandbox, "reset", "chat/completions", { ...CHAT, stream: true });
    expect(stream.status).toBe(200);
    await expect(stream.text()).rejects.toThrow();
  });

  it("hang: never answers, so a 300 ms timeout fires", async () => {
    const started = performance.now();
    await expect(post(sandbox, "hang", "chat/completions", CHAT, { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      /timeout|aborted/i,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("trickle: one byte at a time, never sooner than 200 ms × timeScale apart", async () => {
    const byteIntervalMs = 200 * 0.2;
    const controller = new AbortController();
    const sentAt = performance.now();
    const response = await post(sandbox, "trickle", "chat/completions", CHAT, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // Byte i leaves the sandbox at i × interval after the request arrived, or later on a busy machine, when
    // it may catch up and send several at once; so at any moment the bytes read are bounded by the time since
    // the request was sent, however late they came. A body sent at once breaks the bound on the first read.
    let bytes = 0;
    while (bytes < 4) {
      const { done, value } = await reader.read();
      expect(done).toBe(false);
      bytes += value?.length ?? 0;
      const elapsedMs = performance.now() - sentAt;
      expect(bytes, `${bytes} bytes ${elapsedMs.toFixed(1)} ms after sending`).toBeLessThanOrEqual(Math.floor((elapsedMs + 1) / byteIntervalMs) + 1);
    }
    controller.abort();
  });

  it("malformed: 200 application/json whose body is not JSON", async () => {
    const response = await post(sandbox, "malformed", "chat/completions", CHAT);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text.length).toBeGreaterThan(10);
    expect(() => JSON.parse(text)).toThrow();
  });

  it("cut: the stream ends cleanly without finish_reason or [DONE]", async () => {
    const response = await post(sandbox, "cut", "chat/completions", { ...CHAT, stream: true });
    const data = sseData(await response.text());
    expect(data).not.toContain("[DONE]");
    const chunks = data.map((item) => JSON.parse(item));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((chunk) => chunk.choices[0].finish_reason === null)).toBe(true);
  });

  it("sse-error: a 200 event stream that carries an error event after a couple of chunks", async () => {
    const response = await post(sandbox, "sse-error", "chat/completions", { ...CHAT, stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const chunks = sseData(await response.text()).map((item) => JSON.parse(item));
    expect(chunks.at(-1).error).toMatchObject({ type: "server_error" });
    expect(typeof chunks.at(-1).error.message).toBe("string");
    expect(chunks.filter((chunk) => chunk.choices?.[0]?.delta?.content).length).toBe(2);

    const client = new InferenceClient("sandbox-key", { endpointUrl: `${sandbox.url}/sse-error/v1` });
    const consume = async () => {
      for await (const chunk of client.chatCompletionStream(CHAT, { retry_on_error: false })) void chunk;
    };
    await expect(consume()).rejects.toBeInstanceOf(InferenceClientProviderApiError);
  });

  it("huge: a valid JSON answer of about 50 MB", async () => {
    const response = await post(sandbox, "huge", "chat/completions", { ...CHAT, max_tokens: 5 });
    const length = Number(response.headers.get("content-length"));
    expect(length).toBeGreaterThan(49_000_000);
    expect(length).toBeLessThan(51_000_000);
    const buffer = await response.arrayBuffer();
    expect(buffer.byteLength).toBe(length);
    const body = JSON.parse(new TextDecoder().decode(buffer));
    expect(body.choices[0].message.content.length).toBeGreaterThan(49_000_000);
    expect(body.usage.completion_tokens).toBeGreaterThan(1_000_000);
  });

  it("wrongtype: 200 text/html", async () => {
    const response = await post(sandbox, "wrongtype", "chat/completions", CHAT);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it("evil: normal answers whose text carries HTML and script payloads", async () => {
    const body = await (await post(sandbox, "evil", "chat/completions", CHAT)).json();
    const content: string = body.choices[0].message.content;
    expect(content).toContain(`<img src=x onerror="window.__evil=1">`);
    expect(content).toContain("<script>window.__evil=1</script>");
    expect(body.choices[0].finish_reason).toBe("stop");
  });

  it("every fault profile is reachable", () => {
    expect(FAULT_PROFILE_NAMES).toEqual(
      expect.arrayContaining(["err503", "err429", "err500", "reset", "hang", "trickle", "malformed", "cut", "sse-error", "huge", "wrongtype", "nocors", "evil"]),
    );
  });
});

describe("determinism", () => {
  async function flakyStatuses(seed: number): Promise<number[]> {
    const server = await startSandbox({ seed, timeScale: 0.02 });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 40; index++) {
        const response = await post(server, "flaky", "chat/completions", { ...CHAT, max_tokens: 1 });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    } finally {
      await server.close();
    }
  }

  it("the same seed replays the same error sequence on flaky; another seed does not", async () => {
    const first = await flakyStatuses(1);
    const again = await flakyStatuses(1);
    const other = await flakyStatuses(2);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first).toContain(200);
    expect(first.some((status) => status !== 200)).toBe(true);
    expect(first.every((status) => [200, 429, 500, 503].includes(status))).toBe(true);
  });

  it("the same seed gives the same text; another seed different text", async () => {
    const texts = async (seed: number) => {
      const server = await startSandbox({ seed, timeScale: 0 });
      try {
        const result: string[] = [];
        for (let index = 0; index < 3; index++) {
          const body = await (await post(server, "fast", "chat/completions", { ...CHAT, max_tokens: 8 })).json();
          result.push(body.choices[0].message.content);
        }
        return result;
      } finally {
        await server.close();
      }
    };
    const first = await texts(11);
    expect(await texts(11)).toEqual(first);
    expect(await texts(12)).not.toEqual(first);
    expect(new Set(first).size).toBe(3);
  });
});

describe("timing", () => {
  it("slow is measurably slower than fast", async () => {
    const latencies = async (profile: string) => {
      const result: number[] = [];
      for (let index = 0; index < 3; index++) {
        const t0 = performance.now();
        await (await post(sandbox, profile, "chat/completions", { ...CHAT, max_tokens: 5 })).arrayBuffer();
        result.push(performance.now() - t0);
      }
      // The fastest of a few: a busy machine only ever adds delay, so the minimum is the profile's own pace.
      return Math.min(...result);
    };
    const fast = await latencies("fast");
    const slow = await latencies("slow");
    // Expected at timeScale 0.2: fast ≈ (60 + 5 × 8.3) × 0.2 ≈ 20 ms, slow ≈ (400 + 5 × 40) × 0.2 ≈ 120 ms.
    expect(slow).toBeGreaterThan(fast * 2);
    expect(slow).toBeGreaterThan(60);
  });

  it("exact: first content chunk at 100 ms and last byte at 300 ms, whatever the timeScale", async () => {
    // Early is impossible for a correct server, and scaling by timeScale (0.2) would make it early. Late bounds
    // allow 150 ms plus however late this process's timers fired meanwhile: the sandbox runs here, so a busy
    // machine delays its answers by that much (precision is the benchmark's job).
    const { result: streamed, lateMs: streamLateMs } = await withTimerLateness(async () => {
      const t0 = performance.now();
      const response = await post(sandbox, "exact", "chat/completions", { ...CHAT, stream: true });
      return readTimedEvents(response, t0);
    });
    const { events, endMs } = streamed;
    const firstContent = events.find((event) => event.data !== "[DONE]" && JSON.parse(event.data).choices[0]?.delta?.content);
    const late = `timers up to ${streamLateMs.toFixed(0)} ms late`;
    expect(events[0]?.atMs, late).toBeLessThan(60 + streamLateMs);
    expect(firstContent?.atMs).toBeGreaterThan(100 - 10);
    expect(firstContent?.atMs, late).toBeLessThan(100 + 150 + streamLateMs);
    expect(endMs).toBeGreaterThan(300 - 10);
    expect(endMs, late).toBeLessThan(300 + 150 + streamLateMs);
    expect(endMs - firstContent!.atMs).toBeGreaterThan(200 - 10);

    const { result: plainMs, lateMs: plainLateMs } = await withTimerLateness(async () => {
      const t1 = performance.now();
      const plain = await post(sandbox, "exact", "chat/completions", CHAT);
      await plain.arrayBuffer();
      return performance.now() - t1;
    });
    expect(plainMs).toBeGreaterThan(300 - 10);
    expect(plainMs, `timers up to ${plainLateMs.toFixed(0)} ms late`).toBeLessThan(300 + 150 + plainLateMs);
  });
});

describe("lifecycle", () => {
  it("an aborted stream releases its request and clears its timers at once", async () => {
    const server = await startSandbox({ seed: 5 });
    const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    try {
      // A bare node:http client without an agent: unlike fetch it keeps no timers of its own to blur the count.
      const baseline = pendingTimers();
      const request = httpRequest(`${server.url}/slow/v1/chat/completions`, {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json" },
      });
      request.on("error", () => {});
      request.end(JSON.stringify({ ...CHAT, stream: true }));
      const [response] = (await once(request, "response")) as [IncomingMessage];
      response.on("error", () => {});
      await once(response, "data");
      // The role chunk is out; the first token is due ~400 ms later, so its timer is pending now.
      expect(server.inFlightRequests()).toBe(1);
      const whileStreaming = pendingTimers();
      request.destroy();
      const deadline = performance.now() + 200;
      while (server.inFlightRequests() > 0 && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
      expect(server.inFlightRequests()).toBe(0);
      // Other timers in the process can only expire meanwhile, so these hold whatever else is running.
      expect(pendingTimers()).toBeLessThan(whileStreaming);
      expect(pendingTimers()).toBeLessThanOrEqual(baseline);
    } finally {
      await server.close();
    }
  });

  it("close() resolves within a second with a hang request and a stream in flight", async () => {
    const server = await startSandbox({ seed: 3 });
    const hanging = post(server, "hang", "chat/completions", CHAT).then(
      () => "answered",
      () => "failed",
    );
    const streaming = post(server, "slow", "chat/completions", { ...CHAT, stream: true }).then(
      async (response) => response.text().then(() => "complete", () => "failed"),
      () => "failed",
    );
    await vi.waitFor(() => expect(server.inFlightRequests()).toBe(2), { timeout: 30_000 });
    const closed = await Promise.race([
      server.close().then(() => "closed"),
      // The bound under test, not a pause: close() must win this race.
      new Promise((resolve) => setTimeout(resolve, 1000, "still open")),
    ]);
    expect(closed).toBe("closed");
    expect(await hanging).toBe("failed");
    expect(await streaming).toBe("failed");
  });

  it("rejects bad options and a port already in use", async () => {
    await expect(startSandbox({ timeScale: -1 })).rejects.toThrow(/timeScale/);
    await expect(startSandbox({ port: sandbox.port })).rejects.toMatchObject({ code: "EADDRINUSE" });
  });
});
