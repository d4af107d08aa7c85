// The runner against @huggingface/inference's real routing for Hugging Face providers, with msw
// answering the Hub mapping lookup and the router: records, timings, errors, retries and abort.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { http, HttpResponse, delay } from "msw";
import { runScenario, type RunResult } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";
import {
  CHAT_ROUTES,
  PROVIDER_MODEL_IDS,
  chatCompletionBody,
  hubMappingHandler,
  openAiError,
  sseResponse,
} from "../mocks/hf-router";

const TOKEN = "hf_test_sentinel_token_123";
const MODEL = "meta-llama/Llama-3.1-8B-Instruct";

const server = setupServer(hubMappingHandler());
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function scenario(overrides: { run?: Record<string, unknown>; inputs?: unknown; targets?: unknown } = {}): Scenario {
  const result = validateScenario({
    version: 1,
    name: "msw chat",
    task: "chat-completion",
    targets: overrides.targets ?? [
      { id: "groq-llama", provider: "groq", model: MODEL },
      { id: "together-llama", provider: "together", model: MODEL },
    ],
    inputs: overrides.inputs ?? ["What is 1+1?", "Name a colour."],
    parameters: { max_tokens: 16 },
    run: overrides.run ?? {},
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function run(
  testScenario: Scenario,
  extra: Partial<Parameters<typeof runScenario>[0]> = {},
): Promise<{ records: RequestRecord[]; result: RunResult }> {
  const records: RequestRecord[] = [];
  const result = await runScenario({
    runId: "run-1",
    scenario: testScenario,
    accessToken: TOKEN,
    onRecord: (record) => records.push(record),
    sleep: async () => {},
    ...extra,
  });
  return { records, result };
}

function answerChat(provider: string, respond: (body: { model: string; stream?: boolean }) => Response | Promise<Response>) {
  return http.post(CHAT_ROUTES[provider]!, async ({ request }) => respond((await request.json()) as { model: string; stream?: boolean }));
}

describe("runner through @huggingface/inference routing", () => {
  it("sends every input and repetition to every provider through the router, interleaved", async () => {
    const seen: { provider: string; model: string; auth: string | null }[] = [];
    for (const provider of ["groq", "together"]) {
      server.use(
        http.post(CHAT_ROUTES[provider]!, async ({ request }) => {
          const body = (await request.json()) as { model: string };
          seen.push({ provider, model: body.model, auth: request.headers.get("authorization") });
          return HttpResponse.json(chatCompletionBody(body.model, "Two.", 3));
        }),
      );
    }
    const { records, result } = await run(scenario({ run: { repetitions: 2 } }));
    expect(result.status).toBe("completed");
    expect(records).toHaveLength(8);
    expect(records.every((record) => record.status === "ok" && record.httpStatus === 200)).toBe(true);
    expect(records.map((record) => record.targetId)).toEqual([
      "groq-llama", "together-llama", "groq-llama", "together-llama", "groq-llama", "together-llama", "groq-llama", "together-llama",
    ]);
    expect(records.map((record) => [record.inputIndex, record.repetition])).toEqual([
      [0, 0], [0, 0], [1, 0], [1, 0], [0, 1], [0, 1], [1, 1], [1, 1],
    ]);
    expect(seen.map((request) => request.model)).toContain(PROVIDER_MODEL_IDS.groq);
    expect(seen.map((request) => request.model)).toContain(PROVIDER_MODEL_IDS.together);
    expect(seen.every((request) => request.auth === `Bearer ${TOKEN}`)).toBe(true);
    const first = records[0]!;
    expect(first.outputTokens).toBe(3);
    expect(first.tokensEstimated).toBe(false);
    expect(first.inputTokens).toBe(21);
    expect(first.output).toBe("Two.");
    expect(first.ttftMs).toBeNull();
    expect(first.outputBytes).toBeGreaterThan(100);
  });

  it("measures TTFT at the first content chunk and latency at the last byte of a stream", async () => {
    server.use(
      answerChat("groq", (body) => sseResponse({ model: body.model, tokens: [" one", " two", " three"], firstTokenDelayMs: 120, interTokenDelayMs: 40 })),
      answerChat("together", (body) => sseResponse({ model: body.model, tokens: [" a", " b"], firstTokenDelayMs: 20, interTokenDelayMs: 10 })),
    );
    const { records } = await run(scenario({ inputs: ["Count"], run: { stream: true } }));
    const groq = records.find((record) => record.targetId === "groq-llama")!;
    const together = records.find((record) => record.targetId === "together-llama")!;
    expect(groq.status).toBe("ok");
    expect(groq.ttftMs).toBeGreaterThanOrEqual(110);
    expect(groq.latencyMs).toBeGreaterThanOrEqual(groq.ttftMs! + 70);
    expect(groq.output).toBe(" one two three");
    expect(groq.outputTokens).toBe(3);
    expect(groq.tokensEstimated).toBe(false);
    // role event + 3 content + finish + usage
    expect(groq.chunkCount).toBe(6);
    expect(together.ttftMs).toBeLessThan(groq.ttftMs!);
  });

  it("counts tokens from the stream and flags them estimated when the provider reports no usage", async () => {
    server.use(
      answerChat("groq", (body) => sseResponse({ model: body.model, tokens: [" x", " y", " z", " w"], includeUsage: false })),
      answerChat("together", (body) => sseResponse({ model: body.model, tokens: [" x"], includeUsage: false })),
    );
    const { records } = await run(scenario({ inputs: ["Go"], run: { stream: true } }));
    const groq = records.find((record) => record.targetId === "groq-llama")!;
    expect(groq.outputTokens).toBe(4);
    expect(groq.tokensEstimated).toBe(true);
  });

  it("records a 503 once: the library's endless retry is off", async () => {
    let calls = 0;
    server.use(
      answerChat("groq", () => {
        calls++;
        return openAiError(503, "Service Unavailable");
      }),
      answerChat("together", (body) => HttpResponse.json(chatCompletionBody(body.model, "ok", 1))),
    );
    const { records } = await run(scenario({ inputs: ["x"] }));
    expect(calls).toBe(1);
    const groq = records.find((record) => record.targetId === "groq-llama")!;
    expect(groq).toMatchObject({ status: "error", errorKind: "http_5xx", httpStatus: 503, attempt: 1 });
    expect(records).toHaveLength(2);
  });

  it("retries a 429 with backoff that honours Retry-After, recording every attempt", async () => {
    let calls = 0;
    server.use(
      answerChat("groq", (body) => {
        calls++;
        return calls <= 2 ? openAiError(429, "Too many requests", { "retry-after": "2" }) : HttpResponse.json(chatCompletionBody(body.model, "ok", 1));
      }),
      answerChat("together", (body) => HttpResponse.json(chatCompletionBody(body.model, "ok", 1))),
    );
    const waits: number[] = [];
    const { records, result } = await run(scenario({ inputs: ["x"], run: { retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 5000 } } }), {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const groq = records.filter((record) => record.targetId === "groq-llama");
    expect(groq.map((record) => [record.attempt, record.errorKind])).toEqual([
      [1, "rate_limited"],
      [2, "rate_limited"],
      [3, null],
    ]);
    expect(waits).toEqual([2000, 2000]);
    expect(result.progress).toMatchObject({ planned: 2, done: 2, attempts: 4, outcomes: { retries: 2, failedRequests: 0, failedAttempts: 2, recoveredRequests: 1 } });
  });

  it("classifies 500, 404, malformed JSON, an error event inside a 200 stream, and a stream cut before [DONE]", async () => {
    const cases: { respond: (model: string) => Response; stream?: boolean; kind: string; status: number | null }[] = [
      { respond: () => openAiError(500, "boom"), kind: "http_5xx", status: 500 },
      { respond: () => HttpResponse.json({ error: "Model does not exist" }, { status: 404 }), kind: "http_4xx", status: 404 },
      { respond: () => new HttpResponse("{not json", { headers: { "content-type": "application/json" } }), kind: "bad_response", status: 200 },
      { respond: (model) => sseResponse({ model, tokens: [" a", " b"], errorAfterTokens: 1 }), stream: true, kind: "bad_response", status: 200 },
      { respond: (model) => sseResponse({ model, tokens: [" a", " b"], cutBeforeDone: true }), stream: true, kind: "bad_response", status: 200 },
      { respond: () => HttpResponse.error(), kind: "network", status: null },
    ];
    for (const testCase of cases) {
      server.use(answerChat("groq", (body) => testCase.respond(body.model)));
      const { records } = await run(
        scenario({ inputs: ["x"], targets: [{ id: "groq-llama", provider: "groq", model: MODEL }], run: { stream: testCase.stream ?? false } }),
      );
      expect(records, testCase.kind).toHaveLength(1);
      expect(records[0], testCase.kind).toMatchObject({ status: "error", errorKind: testCase.kind, httpStatus: testCase.status });
      expect(records[0]!.errorMessage).toBeTruthy();
      expect(records[0]!.errorMessage).not.toContain(TOKEN);
    }
  });

  it("times out a request that never answers and still completes the run", async () => {
    server.use(
      answerChat("groq", async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
      answerChat("together", (body) => HttpResponse.json(chatCompletionBody(body.model, "ok", 1))),
    );
    const { records, result } = await run(scenario({ inputs: ["x"], run: { timeoutMs: 150 } }));
    expect(result.status).toBe("completed");
    const groq = records.find((record) => record.targetId === "groq-llama")!;
    expect(groq).toMatchObject({ status: "error", errorKind: "timeout" });
    expect(groq.latencyMs).toBeGreaterThanOrEqual(140);
  });

  it("aborts at once, keeping every record measured so far and marking in-flight requests aborted", async () => {
    server.use(
      answerChat("groq", async (body) => {
        await delay(30);
        return HttpResponse.json(chatCompletionBody(body.model, "ok", 1));
      }),
      answerChat("together", async (body) => {
        await delay(30);
        return HttpResponse.json(chatCompletionBody(body.model, "ok", 1));
      }),
    );
    const controller = new AbortController();
    const records: RequestRecord[] = [];
    const started = performance.now();
    const result = await runScenario({
      runId: "run-abort",
      scenario: scenario({ inputs: ["x"], run: { repetitions: 50, concurrency: 2 } }),
      accessToken: TOKEN,
      signal: controller.signal,
      onRecord: (record) => {
        records.push(record);
        if (records.length === 6) controller.abort();
      },
    });
    const elapsedAfterAbort = performance.now() - started;
    expect(result.status).toBe("aborted");
    expect(records.length).toBeGreaterThanOrEqual(6);
    expect(records.length).toBeLessThan(100);
    expect(records.slice(0, 6).every((record) => record.status === "ok")).toBe(true);
    expect(records.slice(6).every((record) => record.errorKind === "aborted")).toBe(true);
    expect(result.progress.attempts).toBe(records.length);
    expect(elapsedAfterAbort).toBeLessThan(5000);
  });

  it("keeps records equal to planned requests plus retries under random failures", async () => {
    let calls = 0;
    const statuses = [200, 503, 200, 429, 500, 200, 200, 503];
    for (const provider of ["groq", "together"]) {
      server.use(
        answerChat(provider, (body) => {
          const status = statuses[calls++ % statuses.length]!;
          return status === 200 ? HttpResponse.json(chatCompletionBody(body.model, "ok", 1)) : openAiError(status, "flaky");
        }),
      );
    }
    const { records, result } = await run(
      scenario({ inputs: ["a", "b", "c"], run: { repetitions: 4, concurrency: 3, warmup: 1, retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 } } }),
    );
    expect(result.progress.planned).toBe(2 * 3 * 4 + 2);
    expect(records).toHaveLength(result.progress.planned + records.filter((record) => record.attempt > 1).length);
    expect(result.progress.attempts).toBe(records.length);
    expect(result.progress.outcomes.retries).toBe(records.filter((record) => !record.warmup && record.attempt > 1).length);
    expect(records.filter((record) => record.warmup)).toHaveLength(2 + records.filter((record) => record.warmup && record.attempt > 1).length);
    const keys = new Set(records.map((record) => `${record.targetId}/${record.inputIndex}/${record.repetition}/${record.warmup}/${record.attempt}`));
    expect(keys.size).toBe(records.length);
  });
});
