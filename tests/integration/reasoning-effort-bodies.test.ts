// `reasoning_effort` reaching the server in the body each family expects (workloads/reasoning-effort.ts),
// through @huggingface/inference and msw: a provider behind the router and an OpenAI-compatible endpoint
// get `reasoning_effort`, an endpoint of the object family `reasoning: { effort }`; a parameter sweep
// sends each stage's level, and every record says which level it asked for.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";
import { runScenario } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";

const ROUTER = "https://router.huggingface.co";
const ENDPOINT = "https://reasoning-endpoint.test";
const OBJECT_ENDPOINT = "https://reasoning-object.test";

const server = setupServer(
  http.get("https://huggingface.co/api/models/acme/thinker", () =>
    HttpResponse.json({ _id: "mock", id: "acme/thinker", inferenceProviderMapping: { together: { providerId: "acme/thinker-turbo", status: "live", task: "conversational" } } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const COMPLETION = {
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "42", reasoning_content: "six times seven" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14, completion_tokens_details: { reasoning_tokens: 7 } },
};

/** Every body posted to `url`, parsed. */
function bodiesAt(url: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(COMPLETION);
    }),
  );
  return bodies;
}

async function run(scenario: Record<string, unknown>): Promise<RequestRecord[]> {
  const validated = validateScenario({ version: 1, name: "effort", task: "chat-completion", inputs: ["What is 6 * 7?"], ...scenario });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const records: RequestRecord[] = [];
  const result = await runScenario({ runId: "r", scenario: validated.scenario, accessToken: "hf_test", onRecord: (record) => records.push(record), sleep: async () => {} });
  expect(result.status).toBe("completed");
  return records;
}

const TARGETS = [
  { id: "provider", provider: "together", model: "acme/thinker" },
  { id: "endpoint", endpointUrl: `${ENDPOINT}/v1`, model: "thinker" },
  { id: "object", endpointUrl: `${OBJECT_ENDPOINT}/v1`, model: "thinker", reasoningEffortFamily: "reasoning-object" },
];

describe("reasoning effort in each family's body", () => {
  it("sends reasoning_effort to the router's provider and an OpenAI-compatible endpoint, reasoning.effort to the object family", async () => {
    const [provider, endpoint, object] = [bodiesAt(`${ROUTER}/together/v1/chat/completions`), bodiesAt(`${ENDPOINT}/v1/chat/completions`), bodiesAt(`${OBJECT_ENDPOINT}/v1/chat/completions`)];
    const records = await run({ targets: TARGETS, parameters: { reasoning_effort: "high", max_tokens: 64 } });
    expect(provider).toHaveLength(1);
    expect(provider[0]).toMatchObject({ model: "acme/thinker-turbo", reasoning_effort: "high", max_tokens: 64 });
    expect(endpoint[0]).toMatchObject({ reasoning_effort: "high", max_tokens: 64 });
    expect(object[0]).toMatchObject({ reasoning: { effort: "high" }, max_tokens: 64 });
    expect(object[0]).not.toHaveProperty("reasoning_effort");
    expect(records.map((record) => [record.targetId, record.reasoningEffort, record.reasoningTokens])).toEqual([
      ["provider", "high", 7],
      ["endpoint", "high", 7],
      ["object", "high", 7],
    ]);
  });

  it("a parameter sweep sends each stage its own level, in turn, and records it", async () => {
    const [endpoint, object] = [bodiesAt(`${ENDPOINT}/v1/chat/completions`), bodiesAt(`${OBJECT_ENDPOINT}/v1/chat/completions`)];
    const records = await run({
      targets: TARGETS.slice(1),
      parameters: { max_tokens: 64 },
      run: { repetitions: 2, parameterSweep: { parameter: "reasoning_effort", levels: ["low", "high"] } },
    });
    expect(endpoint.map((body) => body.reasoning_effort)).toEqual(["low", "low", "high", "high"]);
    expect(object.map((body) => body.reasoning)).toEqual([{ effort: "low" }, { effort: "low" }, { effort: "high" }, { effort: "high" }]);
    expect(records.map((record) => `${record.targetId} ${record.stage} ${record.reasoningEffort}`)).toEqual([
      "endpoint 0 low",
      "object 0 low",
      "endpoint 0 low",
      "object 0 low",
      "endpoint 1 high",
      "object 1 high",
      "endpoint 1 high",
      "object 1 high",
    ]);
  });

  it("leaves the body and the records of a run that asks for no effort as they were", async () => {
    const endpoint = bodiesAt(`${ENDPOINT}/v1/chat/completions`);
    const records = await run({ targets: [TARGETS[1]], parameters: { max_tokens: 64 } });
    expect(Object.keys(endpoint[0]!).filter((key) => key.startsWith("reasoning"))).toEqual([]);
    expect(records[0]).not.toHaveProperty("reasoningEffort");
  });
});
