// The runner against a provider that misbehaves on purpose (tests/hostile/hostile-server.ts): every
// misbehaviour ends as a record that says what happened, every wait and every body has a bound, and no
// single answer can end the run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario, type RunOptions, DEFAULT_MAX_OUTPUT_CHARS } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";
import { DEFAULT_MAX_RESPONSE_BYTES, MAX_EVENT_LINE_BYTES } from "../../src/core/measure";
import { createRunTransport } from "../../src/cli/transport/run-transport";
import {
  ECHO_ERROR_PADDING_CHARS,
  HUGE_ANSWER_CHARS,
  PROVIDER_ERROR_MESSAGE,
  SMALL_PNG_BYTES,
  STREAM_ERROR_MESSAGE,
  startHostileServer,
  type HostileModeName,
  type HostileServer,
} from "../hostile/hostile-server";

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

function scenario(modes: HostileModeName[], run: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({
    version: 1,
    name: "hostile",
    task: "chat-completion",
    targets: modes.map((mode) => ({ id: mode, endpointUrl: server.endpoint(mode), model: "m" })),
    inputs: ["Say something."],
    parameters: { max_tokens: 12 },
    run: { timeoutMs: 10_000, ...run },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function run(testScenario: Scenario, options: Partial<RunOptions> = {}) {
  const records: RequestRecord[] = [];
  const waits: number[] = [];
  const result = await runScenario({
    runId: "hostile-run",
    scenario: testScenario,
    onRecord: (record) => records.push(record),
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });
  return { records, waits, result, byTarget: (id: string) => records.filter((record) => record.targetId === id) };
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`still waiting for ${what}`);
}

describe("a stream is judged by its events", () => {
  it("is incomplete without a `data: [DONE]` event or a finish reason, whatever text the body holds", async () => {
    const { byTarget } = await run(scenario(["ok", "done-in-comment", "no-done-clean-end"], { stream: true }));
    expect(byTarget("ok")[0]).toMatchObject({ status: "ok", errorKind: null });
    for (const mode of ["done-in-comment", "no-done-clean-end"]) {
      expect(byTarget(mode)[0], mode).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200 });
      expect(byTarget(mode)[0]!.errorMessage).toContain("without [DONE] or a finish reason");
    }
  });

  it("records an `event: error` as an error with the provider's message, without waiting for the held connection", async () => {
    const { byTarget } = await run(scenario(["event-error"], { stream: true }));
    const [record] = byTarget("event-error");
    // Not a timeout: the error event ended the attempt.
    expect(record).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200 });
    expect(record!.errorMessage).toContain(STREAM_ERROR_MESSAGE);
  });
});

describe("after [DONE]", () => {
  it("records success at once and lets go of a connection the server holds open", async () => {
    const { records, result } = await run(scenario(["hold-after-done"], { stream: true, repetitions: 3 }));
    expect(result.status).toBe("completed");
    expect(records.map((record) => record.status)).toEqual(["ok", "ok", "ok"]);
    expect(records.every((record) => record.output === "The weather is mild." && record.latencyMs < 10_000)).toBe(true);
    // The drain's grace ends in a cancel: the server sees every held connection close.
    await waitFor(() => server.inFlight("hold-after-done") === 0, "the held answers to be let go");
  });
});

describe("Retry-After has a ceiling", () => {
  const retry = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 30_000, retryOn: ["rate_limited"] };

  it.each([
    ["retry-after-huge", "asked to retry after 86400 s, over the policy's 30 s"],
    ["retry-after-overflow", "asked to retry after 1.00e+9 s, over the policy's 30 s"],
    ["retry-after-date", "asked to retry after 3"],
  ] as const)("%s ends the request as rate_limited without waiting, saying what was asked", async (mode, said) => {
    const { records, waits } = await run(scenario([mode], { retry }));
    expect(waits).toEqual([]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: "error", errorKind: "rate_limited", httpStatus: 429 });
    expect(records[0]!.errorMessage).toContain(said);
    expect(records[0]!.errorMessage).toContain("Rate limit reached");
  });

  it("ignores a meaningless Retry-After and retries on the policy's own backoff", async () => {
    const { records, waits } = await run(scenario(["retry-after-garbage"], { retry }));
    expect(records.map((record) => [record.attempt, record.errorKind])).toEqual([[1, "rate_limited"], [2, "rate_limited"], [3, "rate_limited"]]);
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms >= 0 && ms <= 200)).toBe(true);
  });
});

describe("response bodies have a size limit", () => {
  // Decoding tens of MiB takes seconds on a busy machine: the product's own time bound (60 s), so the size
  // limit is what stops each body, as on a quiet one.
  const UNHURRIED = { timeoutMs: 60_000 };

  it("stops a gzip bomb at the default decoded limit", async () => {
    const { records } = await run(scenario(["gzip-bomb"], UNHURRIED));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200, output: null });
    expect(records[0]!.errorMessage).toContain("64 MiB (run.maxResponseBytes)");
    expect(records[0]!.outputBytes).toBeGreaterThan(DEFAULT_MAX_RESPONSE_BYTES);
    // Reading stops at the first chunk past the limit.
    expect(records[0]!.outputBytes).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES + 4 * 1024 * 1024);
  });

  it("stops a streamed gzip bomb sooner: an event line without end is not an event stream", async () => {
    const { records } = await run(scenario(["gzip-bomb"], { ...UNHURRIED, stream: true }));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200 });
    expect(records[0]!.errorMessage).toContain(`line went over 2 MiB`);
    expect(records[0]!.outputBytes).toBeLessThan(MAX_EVENT_LINE_BYTES + 1024 * 1024);
  });

  it.each([false, true])("stops an endless body at the scenario's limit (stream=%s)", async (stream) => {
    const { records } = await run(scenario(["endless-body"], { ...UNHURRIED, stream, maxResponseBytes: 4 * 1024 * 1024 }));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(records[0]!.errorMessage).toContain("4 MiB (run.maxResponseBytes)");
    expect(records[0]!.outputBytes).toBeLessThan(5 * 1024 * 1024);
  });

  it.each([false, true])("keeps the start of a huge answer, flagged truncated, and counts all of it (stream=%s)", async (stream) => {
    const { records } = await run(scenario(["huge-answer"], { stream, timeoutMs: 30_000 }));
    expect(records[0]).toMatchObject({ status: "ok", truncated: true });
    expect(records[0]!.output).toHaveLength(DEFAULT_MAX_OUTPUT_CHARS);
    expect(records[0]!.outputBytes).toBeGreaterThan(HUGE_ANSWER_CHARS);
  });

  it("keeps a scenario's own output limit, and flags nothing under it", async () => {
    const { byTarget } = await run(scenario(["ok", "huge-answer"], { maxOutputChars: 10, timeoutMs: 30_000 }));
    expect(byTarget("ok")[0]).toMatchObject({ status: "ok", truncated: true, output: "The weathe" });
    const whole = await run(scenario(["ok"]));
    expect(whole.records[0]).toMatchObject({ status: "ok", truncated: false, output: "The weather is mild." });
  });
});

describe("no single record can end a run", () => {
  it("turns a record the sink cannot take into an error record without its output, and goes on", async () => {
    const seen: RequestRecord[] = [];
    const { result, records } = await run(scenario(["huge-answer", "ok"], { repetitions: 2, timeoutMs: 30_000, maxOutputChars: 50_000_000 }), {
      onRecord: (record) => {
        // What JSON.stringify throws past V8's longest string, standing for any sink failure on one record.
        if ((record.output?.length ?? 0) > 1_000_000) throw new RangeError("Invalid string length");
        seen.push(record);
      },
    });
    expect(records).toEqual([]);
    expect(result.status).toBe("completed");
    expect(seen.filter((record) => record.targetId === "ok").map((record) => record.status)).toEqual(["ok", "ok"]);
    const huge = seen.filter((record) => record.targetId === "huge-answer");
    expect(huge).toHaveLength(2);
    for (const record of huge) {
      expect(record).toMatchObject({ status: "error", errorKind: "bad_response", output: null, truncated: true });
      expect(record.errorMessage).toContain("Invalid string length");
    }
  });

  it("turns a throw while measuring one request into that request's error record", async () => {
    const { records, result } = await run(scenario(["ok"], { repetitions: 2 }), {
      // A call whose result breaks the measurement code (no output string at all).
      createCall: () => async () => ({ output: undefined as unknown as string, outputKind: "text", usage: null, chunkCount: 0, contentChunkCount: 0 }),
    });
    expect(result.status).toBe("completed");
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toMatchObject({ status: "error", errorKind: "bad_response" });
      expect(record.errorMessage).toContain("could not measure this request");
    }
  });
});

describe("records that do not lie", () => {
  it.each(["negative-usage", "fractional-usage", "infinite-usage"] as const)("takes %s counts as unreported: estimated and flagged", async (mode) => {
    const { records } = await run(scenario([mode]));
    // infinite-usage reports a valid prompt count (9): only the broken count is dropped.
    expect(records[0]).toMatchObject({ status: "ok", inputTokens: mode === "infinite-usage" ? 9 : null, tokensEstimated: true });
    // "Mild and sunny." is 15 characters: about 4 tokens.
    expect(records[0]!.outputTokens).toBe(4);
  });

  it("records `choices: []` as a bad response", async () => {
    const { records } = await run(scenario(["empty-choices"]));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200 });
    expect(records[0]!.errorMessage).toContain("no choice");
  });

  const networkRetry = { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, retryOn: ["network"] };

  // Whatever says the body ends at the close (HTTP/1.0's default, `connection: close`, or only the missing
  // length), through both command-line transports: Node's fetch and undici's dispatcher.
  const closeDelimitedModes = ["reset-close-delimited", "reset-close-delimited-http10", "reset-close-delimited-keep-alive"] as const;
  const cases = closeDelimitedModes.flatMap((mode) => [false, true].flatMap((stream) => (["fetch", "undici"] as const).map((transport) => [mode, stream, transport] as const)));
  it.each(cases)("records a reset inside a close-delimited body as network, so a network policy retries it (%s, stream=%s, %s)", async (mode, stream, transport) => {
    const testScenario = scenario([mode], { stream, retry: networkRetry });
    const wire = createRunTransport({ transport, http2: false }, testScenario);
    try {
      const { records } = await run(testScenario, { fetch: wire.fetch });
      expect(records.map((record) => [record.attempt, record.status, record.errorKind])).toEqual([
        [1, "error", "network"],
        [2, "error", "network"],
      ]);
      expect(records[0]!.errorMessage).toContain("the connection ended before the body was complete");
    } finally {
      await wire.close();
    }
  });

  it.each(["fetch", "undici"] as const)("keeps a cut inside a chunked body the provider's bad response (%s)", async (transport) => {
    const testScenario = scenario(["cut-chunked"], { retry: networkRetry });
    const wire = createRunTransport({ transport, http2: false }, testScenario);
    try {
      const { records } = await run(testScenario, { fetch: wire.fetch });
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200 });
      expect(records[0]!.errorMessage).toContain("malformed response");
    } finally {
      await wire.close();
    }
  });

  it.each([false, true])("takes a visible `connection: close` for a close-delimited body with a fetch that does not say its HTTP version (stream=%s)", async (stream) => {
    const { records } = await run(scenario(["reset-close-delimited"], { stream, retry: networkRetry }));
    expect(records.map((record) => [record.attempt, record.status, record.errorKind])).toEqual([
      [1, "error", "network"],
      [2, "error", "network"],
    ]);
  });
});

describe("errors say what happened", () => {
  it("puts the provider's status and own message in one line", async () => {
    const { byTarget } = await run(scenario(["provider-error-json", "provider-error-html"]));
    expect(byTarget("provider-error-json")[0]).toMatchObject({ errorKind: "http_5xx", httpStatus: 503, errorMessage: `HTTP 503: ${PROVIDER_ERROR_MESSAGE}` });
    const html = byTarget("provider-error-html")[0]!;
    expect(html).toMatchObject({ errorKind: "http_5xx", httpStatus: 502 });
    expect(html.errorMessage).toMatch(/^HTTP 502: <html> <head><title>502 Bad Gateway/);
    expect(html.errorMessage).not.toMatch(/\n/);
  });

  it("says a server sent an unasked 100 Continue before its answer, not that it closed the connection", async () => {
    const { records } = await run(scenario(["continue-then-ok"]));
    expect(records[0]).toMatchObject({ status: "error", httpStatus: null });
    expect(records[0]!.errorMessage).toContain("the server sent 100 Continue, which the request did not ask for (no Expect: 100-continue), so its answer was not read");
    expect(records[0]!.errorMessage).not.toContain("connection closed by the server");
  });

  it("names a refused connection", async () => {
    const closed = await startHostileServer();
    const url = closed.endpoint("ok");
    await closed.close();
    const refused = validateScenario({ version: 1, name: "refused", task: "chat-completion", targets: [{ id: "gone", endpointUrl: url, model: "m" }], inputs: ["x"] });
    if (!refused.ok) throw new Error("invalid");
    const { records } = await run(refused.scenario);
    expect(records[0]).toMatchObject({ errorKind: "network", httpStatus: null });
    expect(records[0]!.errorMessage).toContain("connection refused (ECONNREFUSED)");
  });
});

describe("a key echoed back", () => {
  const KEY = "sk-ENDPOINTKEY-0123456789abcdef";
  /** Any start of the key long enough to mean something: what a cut before redaction leaves behind. */
  const KEY_START = KEY.slice(0, 8);
  const keyed = (task: string, modes: HostileModeName[], run: Record<string, unknown> = {}): Scenario => {
    const result = validateScenario({
      version: 1,
      name: "echo",
      task,
      targets: modes.map((mode) => ({ id: mode, endpointUrl: server.endpoint(mode), model: "m" })),
      inputs: ["Hugging Face is in Paris."],
      run: { timeoutMs: 10_000, ...run },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.scenario;
  };
  const runKeyed = (testScenario: Scenario) => run(testScenario, { endpointKeys: { byTarget: Object.fromEntries(testScenario.targets.map((target) => [target.id, KEY])) } });

  it("is redacted from every string of a structured answer: an entity's word, its label, nested keys and values", async () => {
    const { records } = await runKeyed(keyed("token-classification", ["echo-authorization"]));
    expect(records[0]).toMatchObject({ status: "ok" });
    const [entity] = records[0]!.outputValue as Record<string, unknown>[];
    expect(entity).toMatchObject({ word: "Bearer [redacted]", entity_group: "ORG Bearer [redacted]", detail: [{ "Bearer [redacted]": { note: "Bearer [redacted]" } }] });
    expect(records[0]!.output).toContain("[redacted]");
    expect(JSON.stringify(records)).not.toContain(KEY_START);
  });

  it.each([false, true])("is redacted before the output is cut, so no start of it is kept (stream=%s)", async (stream) => {
    // "Your header was Bearer " is 23 characters: a cut at 32 falls inside the key.
    const { records } = await runKeyed(keyed("chat-completion", ["echo-authorization"], { stream, maxOutputChars: 32 }));
    expect(records[0]).toMatchObject({ status: "ok", truncated: true, output: "Your header was Bearer [redacted" });
    expect(JSON.stringify(records)).not.toContain(KEY_START);
  });

  it("is redacted before the provider's message is cut to its excerpt", async () => {
    const { records } = await runKeyed(keyed("chat-completion", ["echo-authorization-error"]));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "http_5xx", httpStatus: 500 });
    expect(records[0]!.errorMessage).toContain(`${"x".repeat(ECHO_ERROR_PADDING_CHARS)} Bearer [redacted]`);
    expect(JSON.stringify(records)).not.toContain(KEY_START);
  });
});

describe("a file an answer points to goes through the run's transport", () => {
  // Another loopback origin (another port): a third host as far as the target is concerned.
  let elsewhere: HostileServer;
  beforeAll(async () => {
    elsewhere = await startHostileServer();
  });
  afterAll(async () => {
    await elsewhere.close();
  });

  const ENDPOINT_KEY = "sk-ANSWERURLKEY-0123456789";
  const textToImage = (mode: HostileModeName, imageUrl: string | null, target: Record<string, unknown> = {}, run: Record<string, unknown> = {}): Scenario => {
    const result = validateScenario({
      version: 1,
      name: "answer-urls",
      task: "text-to-image",
      targets: [{ id: mode, endpointUrl: server.endpoint(mode), model: "m", ...target }],
      inputs: ["a red fox"],
      parameters: imageUrl === null ? {} : { image_url: imageUrl },
      run: { timeoutMs: 10_000, ...run },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.scenario;
  };
  const runKeyed = (testScenario: Scenario) => run(testScenario, { endpointKeys: { byTarget: { [testScenario.targets[0]!.id]: ENDPOINT_KEY } } });

  it("refuses an image URL on another origin without fetching it, naming its host", async () => {
    const { records } = await runKeyed(textToImage("image-url", elsewhere.fileUrl("endless.png")));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(records[0]!.errorMessage).toContain(`a file at ${new URL(elsewhere.url).host}, another host than ${new URL(server.url).host}`);
    expect(elsewhere.fileRequests).toEqual([]);
  });

  it("fetches an image URL on the target's own origin, with the target's own key", async () => {
    const before = server.fileRequests.length;
    const { records } = await runKeyed(textToImage("image-url", server.fileUrl("small.png")));
    expect(records[0]).toMatchObject({ status: "ok", outputValue: { mime: "image/png", bytes: SMALL_PNG_BYTES.length }, output: "image/png 64×32" });
    expect(server.fileRequests.slice(before)).toEqual([{ file: "small.png", authorization: `Bearer ${ENDPOINT_KEY}` }]);
  });

  it("follows a redirect of an image URL within its origin, and refuses one to another origin", async () => {
    const before = server.fileRequests.length;
    const within = await runKeyed(textToImage("image-url", server.fileUrl("redirect.png", "/files/small.png")));
    expect(within.records[0]).toMatchObject({ status: "ok", outputValue: { mime: "image/png", bytes: SMALL_PNG_BYTES.length } });
    // Unkeyed: no key rule follows this redirect for it, only the answer URL rule.
    const across = await run(textToImage("image-url", server.fileUrl("redirect.png", elsewhere.fileUrl("small.png"))));
    expect(across.records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(across.records[0]!.errorMessage).toContain("redirected (HTTP 302) to another origin");
    expect(server.fileRequests.slice(before).map((request) => request.file)).toEqual(["redirect.png", "small.png", "redirect.png"]);
    expect(elsewhere.fileRequests).toEqual([]);
  });

  it("stops an endless image on the target's own origin at run.maxResponseBytes and lets go of it", async () => {
    const { records } = await run(textToImage("image-url", server.fileUrl("endless.png"), {}, { maxResponseBytes: 64 * 1024 }));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(records[0]!.errorMessage).toContain("64 KiB (run.maxResponseBytes)");
    await waitFor(() => server.inFlight("files/endless.png") === 0, "the endless image to be let go");
  });

  it("fetches from another origin the target allows (answerUrlOrigins), without the target's key", async () => {
    const { records } = await runKeyed(textToImage("image-url", elsewhere.fileUrl("small.png"), { answerUrlOrigins: [elsewhere.url] }));
    expect(records[0]).toMatchObject({ status: "ok", outputValue: { mime: "image/png", bytes: SMALL_PNG_BYTES.length } });
    expect(elsewhere.fileRequests).toEqual([{ file: "small.png", authorization: null }]);
  });

  it.each(["fetch", "undici"] as const)("keeps an answer that is the image's own bytes as it came, and stops an endless one at run.maxResponseBytes (%s)", async (transport) => {
    const bytes = textToImage("image-bytes", null);
    const wire = createRunTransport({ transport, http2: false }, bytes);
    try {
      const { records } = await run(bytes, { fetch: wire.fetch });
      expect(records[0]).toMatchObject({ status: "ok", outputValue: { mime: "image/png", bytes: SMALL_PNG_BYTES.length }, output: "image/png 64×32" });
      const endless = await run(textToImage("image-bytes-endless", null, {}, { maxResponseBytes: 64 * 1024 }), { fetch: wire.fetch });
      expect(endless.records[0]).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200 });
      expect(endless.records[0]!.errorMessage).toContain("64 KiB (run.maxResponseBytes)");
    } finally {
      await wire.close();
    }
  });

  it("keeps an image given in base64 in the answer (b64_json), typed by its header, fetching nothing", async () => {
    const before = server.fileRequests.length;
    const { records } = await run(textToImage("image-b64", null));
    expect(records[0]).toMatchObject({ status: "ok", outputValue: { mime: "image/png", bytes: SMALL_PNG_BYTES.length }, output: "image/png 64×32" });
    expect(server.fileRequests.length).toBe(before);
  });
});
