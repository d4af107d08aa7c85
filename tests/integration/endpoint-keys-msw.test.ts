// Which Authorization header each host receives, through fetch (msw): the Hugging Face token at the router
// only, endpoint A's own key at A only, nothing at endpoint B, and nothing at the origin A redirects to.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EndpointKeys, runScenario } from "../../src/core/run";
import type { RequestRecord } from "../../src/core/record";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { echoingRouterHandlers, type RouterSeen } from "../mocks/hf-echo-router";
import { chatCompletionBody } from "../mocks/hf-router";

const HF_TOKEN = "hf_SENTINEL_keys_token_0123456789";
const KEY_A = "sk-endpoint-A-key-0123456789";
const A = "https://a.example";
const B = "https://b.example";
const ELSEWHERE = "https://elsewhere.example";

/** Every request msw saw, with the Authorization header it carried. */
const seen: { url: string; authorization: string | null }[] = [];
const routerSeen: RouterSeen[] = [];
const server = setupServer();

const answer = () => HttpResponse.json(chatCompletionBody("m", "ok", 1));

beforeAll(() => {
  server.events.on("request:start", ({ request }) => seen.push({ url: request.url, authorization: request.headers.get("authorization") }));
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  routerSeen.length = 0;
});
afterAll(() => server.close());

function scenario(targets: unknown[]): Scenario {
  const result = validateScenario({ version: 1, name: "keys", task: "chat-completion", inputs: ["Hello"], parameters: { max_tokens: 8 }, targets });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function run(testScenario: Scenario, endpointKeys: EndpointKeys): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await runScenario({ runId: "keys", scenario: testScenario, accessToken: HF_TOKEN, endpointKeys, onRecord: (record) => records.push(record), sleep: async () => {} });
  return records;
}

const authorizationAt = (origin: string): (string | null)[] => seen.filter((request) => request.url.startsWith(origin)).map((request) => request.authorization);

describe("Authorization per host (fetch)", () => {
  const targets = [
    { id: "groq", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" },
    { id: "a", endpointUrl: `${A}/v1`, model: "m", apiKeyEnv: "A_KEY" },
    { id: "b", endpointUrl: `${B}/v1`, model: "m" },
  ];

  for (const [how, keys] of [
    ["by target (command line)", { byTarget: { a: KEY_A } }],
    ["by origin (browser Settings)", { byOrigin: { [A]: KEY_A } }],
  ] as const) {
    it(`sends the HF token to the router, A's key to A, nothing to B: keys ${how}`, async () => {
      server.use(...echoingRouterHandlers(routerSeen), http.post(`${A}/v1/chat/completions`, answer), http.post(`${B}/v1/chat/completions`, answer));
      const records = await run(scenario(targets), keys);
      expect(records.map((record) => [record.targetId, record.status])).toEqual([
        ["groq", "ok"],
        ["a", "ok"],
        ["b", "ok"],
      ]);
      expect(routerSeen.map((request) => request.authorization)).toEqual([`Bearer ${HF_TOKEN}`]);
      expect(authorizationAt("https://huggingface.co").every((value) => value === `Bearer ${HF_TOKEN}` || value === null)).toBe(true);
      expect(authorizationAt(A)).toEqual([`Bearer ${KEY_A}`]);
      expect(authorizationAt(B)).toEqual([null]);
    });
  }

  it("never sends A's key to B, even when A's key is saved for another origin than B's", async () => {
    server.use(http.post(`${B}/v1/chat/completions`, answer));
    await run(scenario([{ id: "b", endpointUrl: `${B}/v1`, model: "m" }]), { byOrigin: { [A]: KEY_A }, byTarget: { a: KEY_A } });
    expect(authorizationAt(B)).toEqual([null]);
  });

  it("does not follow A's redirect to another origin: the key stays with A", async () => {
    server.use(
      http.post(`${A}/v1/chat/completions`, () => new HttpResponse(null, { status: 307, headers: { location: `${ELSEWHERE}/v1/chat/completions` } })),
      http.post(`${ELSEWHERE}/v1/chat/completions`, answer),
    );
    const records = await run(scenario([{ id: "a", endpointUrl: `${A}/v1`, model: "m" }]), { byTarget: { a: KEY_A } });
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(records[0]!.errorMessage).toContain(`redirected (HTTP 307) to another origin, ${ELSEWHERE}`);
    expect(authorizationAt(A)).toEqual([`Bearer ${KEY_A}`]);
    expect(authorizationAt(ELSEWHERE)).toEqual([]);
    // The key never lands in a record either.
    expect(JSON.stringify(records)).not.toContain(KEY_A);
  });

  it("follows A's redirect within A, with the key, the method and the body", async () => {
    const bodies: string[] = [];
    server.use(
      http.post(`${A}/v1/chat/completions`, async ({ request }) => {
        bodies.push(await request.text());
        return new HttpResponse(null, { status: 308, headers: { location: "/moved/v1/chat/completions" } });
      }),
      http.post(`${A}/moved/v1/chat/completions`, async ({ request }) => {
        bodies.push(await request.text());
        return answer();
      }),
    );
    const records = await run(scenario([{ id: "a", endpointUrl: `${A}/v1`, model: "m" }]), { byTarget: { a: KEY_A } });
    expect(records[0]).toMatchObject({ status: "ok", output: "ok" });
    expect(authorizationAt(A)).toEqual([`Bearer ${KEY_A}`, `Bearer ${KEY_A}`]);
    expect(bodies[1]).toBe(bodies[0]);
  });

  it("strips a header a provider target's request would carry to a host that is not Hugging Face's", async () => {
    // A call override that sends the HF token to B through the target's fetch: the scope strips it.
    server.use(http.post(`${B}/anything`, answer));
    const testScenario = scenario([{ id: "groq", provider: "groq", model: "m/m" }]);
    const records: RequestRecord[] = [];
    await runScenario({
      runId: "strip",
      scenario: testScenario,
      accessToken: HF_TOKEN,
      onRecord: (record) => records.push(record),
      sleep: async () => {},
      createCall: () => async (_input, hooks) => {
        const response = await hooks.fetch(`${B}/anything`, { method: "POST", headers: { Authorization: `Bearer ${HF_TOKEN}` }, body: "{}", signal: hooks.signal });
        await response.text();
        return { output: "sent", outputKind: "text", usage: null, chunkCount: 0, contentChunkCount: 0 };
      },
    });
    expect(records[0]).toMatchObject({ status: "ok" });
    expect(authorizationAt(B)).toEqual([null]);
  });
});
