// The Hugging Face token stays home: a scenario cannot route a provider target's request elsewhere, and a
// server that echoes the token finds it redacted in every record and in IndexedDB. An endpoint address
// the library would not recognise never turns into a model id sent to the router.
import "fake-indexeddb/auto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { REDACTED } from "../../src/core/measure";
import { ProviderBenchDb } from "../../src/store/db";
import { recordsOfRun } from "../../src/store/queries";
import { createRecordSink, recordStoreTable } from "../../src/store/record-sink";
import { startEchoServer, type EchoServer } from "../mocks/echo-server";
import { echoingRouterHandlers, type RouterSeen } from "../mocks/hf-echo-router";
import { PROVIDER_MODEL_IDS, ROUTER_URL } from "../mocks/hf-router";

const TOKEN = "hf_SENTINEL_routing_token_0123456789";
const MODEL = "meta-llama/Llama-3.1-8B-Instruct";

const routerSeen: RouterSeen[] = [];
/** Every request msw saw for a Hugging Face host, answered or not. */
const huggingFaceRequests: string[] = [];
const server = setupServer();
let echo: EchoServer;

beforeAll(async () => {
  echo = await startEchoServer();
  server.events.on("request:start", ({ request }) => {
    if (new URL(request.url).hostname.endsWith("huggingface.co")) huggingFaceRequests.push(request.url);
  });
  // Loopback goes to the real echo server; anything else unanswered is a test failure.
  server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname === "127.0.0.1" ? undefined : print.error()) });
});
beforeEach(() => {
  server.use(...echoingRouterHandlers(routerSeen));
});
afterEach(() => {
  server.resetHandlers();
  routerSeen.length = 0;
  huggingFaceRequests.length = 0;
  echo.arrived.length = 0;
});
afterAll(async () => {
  server.close();
  await echo.close();
});

function validScenario(spec: Record<string, unknown>): Scenario {
  const result = validateScenario({ version: 1, name: "routing", task: "chat-completion", inputs: ["Hello"], ...spec });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function run(scenario: Scenario): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await runScenario({ runId: "run-1", scenario, accessToken: TOKEN, onRecord: (record) => records.push(record), sleep: async () => {} });
  return records;
}

describe("routing keys in parameters", () => {
  it("are refused at validation, so a file cannot send the token to its own host", () => {
    const result = validateScenario({
      version: 1,
      name: "steal",
      task: "chat-completion",
      targets: [{ id: "groq", provider: "groq", model: MODEL }],
      inputs: ["Hello"],
      parameters: { provider: null, endpointUrl: `${echo.url}/v1` },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((error) => error.path)).toEqual(["parameters.provider", "parameters.endpointUrl"]);
  });

  it("cannot reroute a scenario that skipped validation: the token goes to the router only, the target's routing wins", async () => {
    const scenario = validScenario({ targets: [{ id: "groq", provider: "groq", model: MODEL }], parameters: { max_tokens: 8 } });
    const hostile: Scenario = {
      ...scenario,
      parameters: { provider: null, endpointUrl: `${echo.url}/v1`, accessToken: "hf_attackers_own_token_000", model: "attacker/model", stream: true, max_tokens: 8 },
    };
    for (const stream of [false, true]) {
      const records = await run({ ...hostile, run: { ...hostile.run, stream } });
      expect(records.map((record) => record.status)).toEqual(["ok"]);
    }
    expect(echo.arrived).toEqual([]);
    expect(routerSeen.map((seen) => seen.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    expect(routerSeen.map((seen) => [seen.body.model, seen.body.stream ?? false, seen.body.max_tokens])).toEqual([
      [PROVIDER_MODEL_IDS.groq, false, 8],
      [PROVIDER_MODEL_IDS.groq, true, 8],
    ]);
  });

  it("cannot reroute text generation or feature extraction either", async () => {
    for (const task of ["text-generation", "feature-extraction"]) {
      const scenario = validScenario({ task, targets: [{ id: "local", endpointUrl: `${echo.url}/v1`, model: "m" }] });
      await run({ ...scenario, parameters: { model: "attacker/model", endpointUrl: "http://attacker.invalid/v1", accessToken: TOKEN } });
    }
    expect(echo.arrived).toHaveLength(2);
    for (const arrived of echo.arrived) {
      expect(arrived.headers.authorization).toBeUndefined();
      expect(arrived.body).not.toContain(TOKEN);
      expect(arrived.body).not.toContain("attacker");
    }
    expect(huggingFaceRequests).toEqual([]);
  });
});

describe("a token echoed back by a server", () => {
  let db: ProviderBenchDb;
  beforeEach(async () => {
    db = new ProviderBenchDb(`routing-${crypto.randomUUID()}`);
    await db.open();
  });
  afterEach(async () => {
    await db.delete();
  });

  it("is redacted from output and error text in every record, and never reaches IndexedDB", async () => {
    const scenario = validScenario({
      targets: [
        { id: "groq", provider: "groq", model: MODEL },
        { id: "together", provider: "together", model: MODEL },
        { id: "local", endpointUrl: `${echo.url}/v1`, model: "m" },
      ],
      parameters: { max_tokens: 8 },
    });
    const sink = createRecordSink(recordStoreTable(db), {
      onError: (error) => {
        throw error;
      },
    });
    for (const stream of [false, true]) {
      await runScenario({ runId: `run-${stream}`, scenario: { ...scenario, run: { ...scenario.run, stream } }, accessToken: TOKEN, onRecord: (record) => sink.write(record), sleep: async () => {} });
    }
    await sink.close();
    const stored = [...(await recordsOfRun(db, "run-false")), ...(await recordsOfRun(db, "run-true"))];
    expect(stored).toHaveLength(6);
    // The servers did echo it: without redaction the records would hold it.
    expect(routerSeen.map((seen) => seen.authorization)).toEqual(Array(4).fill(`Bearer ${TOKEN}`));
    const groq = stored.filter((record) => record.targetId === "groq");
    expect(groq.map((record) => record.output)).toEqual([`authorization=Bearer ${REDACTED}`, `echo authorization=Bearer ${REDACTED}`]);
    const together = stored.filter((record) => record.targetId === "together");
    expect(together.map((record) => record.httpStatus)).toEqual([401, 401]);
    // The streamed call's error text carries the server's message, echo included.
    expect(together[1]!.errorMessage).toContain(`Invalid credentials in Authorization header: Bearer ${REDACTED}`);
    // The endpoint was never given the token.
    expect(stored.filter((record) => record.targetId === "local").map((record) => record.output)).toEqual(["authorization=(none)", "authorization=(none)"]);
    expect(echo.arrived.map((arrived) => arrived.headers.authorization)).toEqual([undefined, undefined]);
    expect(JSON.stringify(await db.recordChunks.toArray())).not.toContain(TOKEN);
  });
});

describe("an endpoint address written in capitals or with spaces", () => {
  it("reaches the endpoint and sends nothing to the Hugging Face router", async () => {
    server.use(http.all(`${ROUTER_URL}/*`, () => HttpResponse.json({ error: "the prompt reached the router" }, { status: 400 })));
    const port = new URL(echo.url).port;
    for (const endpointUrl of [`HTTP://127.0.0.1:${port}/v1`, `  http://127.0.0.1:${port}/v1 `, `HTTP://LOCALHOST.:${port}/v1`.replace("LOCALHOST.", "127.0.0.1")]) {
      const records = await run(validScenario({ targets: [{ id: "local", endpointUrl, model: "m" }] }));
      expect(records.map((record) => [record.status, record.output])).toEqual([["ok", "authorization=(none)"]]);
    }
    expect(echo.arrived.map((arrived) => arrived.url)).toEqual(Array(3).fill("/v1/chat/completions"));
    expect(huggingFaceRequests).toEqual([]);
  });
});
