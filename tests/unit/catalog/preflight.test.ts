// The preflight: one request per target as a scenario the runner can run, and each answer classified as a
// refusal to drop (with its reason) or kept.
import { describe, expect, it } from "vitest";
import { applyPreflight, classifyPreflight, preflightPlan, type PreflightVerdict } from "../../../src/core/catalog";
import type { RequestRecord } from "../../../src/core/record";
import { validateScenario, type Scenario } from "../../../src/core/scenario";

const LLAMA = "meta-llama/Llama-3.1-8B-Instruct";

function scenario(fields: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({
    version: 1,
    name: "every provider",
    task: "chat-completion",
    targets: ["cerebras", "groq", "novita", "featherless-ai"].map((provider) => ({ id: provider, provider, model: LLAMA })),
    inputs: ["one", "two", "three"],
    run: { repetitions: 5, warmup: 2, concurrency: 2, perTargetConcurrency: 1, stream: true, retry: { maxAttempts: 3 }, load: { mode: "open", rate: 2 } },
    expectations: [{ name: "says two", input: 1, type: "contains", value: "two" }],
    slo: { maxLatencyMs: 2000 },
    ...fields,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

type Answer = Pick<RequestRecord, "status" | "httpStatus" | "errorKind" | "errorMessage">;
const failed = (httpStatus: number | null, errorMessage: string, errorKind: Answer["errorKind"] = "http_4xx"): Answer => ({ status: "error", httpStatus, errorKind, errorMessage });

describe("the preflight plan", () => {
  it("is one request per target: the first input, no warm-up, no retry, no load model, nothing checked", () => {
    const plan = preflightPlan(scenario());
    expect(plan.requests).toEqual(["cerebras", "groq", "novita", "featherless-ai"].map((targetId) => ({ targetId, provider: targetId, model: LLAMA, inputIndex: 0 })));
    expect(plan.scenario.inputs).toEqual(["one"]);
    expect(plan.scenario.run).toMatchObject({ repetitions: 1, warmup: 0, concurrency: 4, perTargetConcurrency: 1, stream: true, retry: { maxAttempts: 1 } });
    expect(plan.scenario.run.load).toBeUndefined();
    expect([plan.scenario.expectations, plan.scenario.slo]).toEqual([undefined, undefined]);
    expect(plan.scenario.name).toBe("every provider (preflight)");
  });

  it("keeps a template's first row only", () => {
    const plan = preflightPlan(scenario({ inputs: { template: "Say {{ word }}", variables: [{ word: "a" }, { word: "b" }] }, expectations: undefined }));
    expect(plan.scenario.inputs).toEqual({ template: "Say {{ word }}", variables: [{ word: "a" }] });
  });
});

describe("an answer to the preflight", () => {
  it.each([
    ["402", failed(402, "You have exceeded your monthly included credits for Inference Providers. Subscribe to PRO to get 20x more monthly included credits."), "needs-subscription"],
    ["401", failed(401, "Invalid credentials in Authorization header"), "unauthorised"],
    ["403", failed(403, "This authentication method does not have sufficient permissions to call Inference Providers on behalf of user x"), "unauthorised"],
    ["404", failed(404, "Not Found"), "not-served"],
    ["400 naming the model", failed(400, "The requested model 'meta-llama/Llama-3.1-8B-Instruct' is not supported by provider 'novita'."), "not-served"],
    ["the library's no mapping", failed(null, `We have not been able to find inference provider information for model ${LLAMA}.`, "input"), "not-served"],
    ["the library's task mismatch", failed(null, `Model ${LLAMA} is not supported for task conversational and provider groq. Supported task: text-generation.`, "input"), "not-served"],
  ] as const)("drops on %s, with the reason", (_name, answer, refusal) => {
    const verdict = classifyPreflight(answer);
    expect(verdict).toMatchObject({ keep: false, refusal });
    expect(!verdict.keep && verdict.reason).toContain(answer.errorMessage);
  });

  it.each([
    ["an answer", { status: "ok", httpStatus: 200, errorKind: null, errorMessage: null } as Answer],
    ["a 429", failed(429, "rate limited", "rate_limited")],
    ["a 503", failed(503, "Service Unavailable", "http_5xx")],
    ["a timeout", failed(null, "timed out after 60000 ms", "timeout")],
    ["a 400 about the request", failed(400, "max_tokens must be at least 1")],
  ])("keeps the target on %s: only a refusal drops it", (_name, answer) => {
    expect(classifyPreflight(answer).keep).toBe(true);
  });

  it("takes the refusing targets out, and says which and why", () => {
    const verdicts = new Map<string, PreflightVerdict>([
      ["cerebras", classifyPreflight({ status: "ok", httpStatus: 200, errorKind: null, errorMessage: null })],
      ["novita", classifyPreflight(failed(402, "Subscribe to PRO"))],
      ["featherless-ai", classifyPreflight(failed(503, "busy", "http_5xx"))],
    ]);
    const outcome = applyPreflight(scenario(), verdicts);
    expect(outcome.scenario?.targets.map((target) => target.id)).toEqual(["cerebras", "groq", "featherless-ai"]);
    expect(outcome.dropped).toEqual([{ targetId: "novita", refusal: "needs-subscription", reason: "needs a subscription or credits (HTTP 402): Subscribe to PRO" }]);
    expect(outcome.notes.map((note) => note.targetId)).toEqual(["featherless-ai"]);
    const none = applyPreflight(scenario(), new Map(["cerebras", "groq", "novita", "featherless-ai"].map((id) => [id, classifyPreflight(failed(401, "no"))])));
    expect(none.scenario).toBeNull();
    expect(none.dropped).toHaveLength(4);
  });
});
