import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatScenarioErrors, type ScenarioError, parseScenarioText, validateScenario, expandInputs } from "../../src/core/scenario";

const valid = {
  version: 1,
  name: "minimal",
  task: "chat-completion",
  targets: [
    { id: "groq-llama", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" },
    { id: "local-vllm", endpointUrl: "http://127.0.0.1:8000/v1", model: "llama" },
  ],
  inputs: ["Hello"],
};

function errorsOf(input: unknown): ScenarioError[] {
  const result = validateScenario(input);
  if (result.ok) throw new Error("expected the scenario to be rejected");
  return result.errors;
}

function withTarget(target: Record<string, unknown>) {
  return { ...valid, targets: [valid.targets[0], target] };
}

describe("scenario validation", () => {
  it("accepts a minimal file and fills run defaults", () => {
    const result = validateScenario(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.run).toEqual({
      repetitions: 1,
      warmup: 0,
      concurrency: 1,
      timeoutMs: 60_000,
      stream: false,
      retry: { maxAttempts: 1, baseDelayMs: 500, maxDelayMs: 20_000, retryOn: ["rate_limited", "http_5xx", "network"] },
    });
    expect(result.scenario.parameters).toEqual({});
  });

  it("accepts every bundled scenario file", () => {
    const folder = new URL("../../scenarios/", import.meta.url);
    const files = readdirSync(folder).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const result = parseScenarioText(readFileSync(new URL(file, folder), "utf8"));
      expect(result.ok ? "ok" : formatScenarioErrors(result.errors), file).toBe("ok");
    }
  });

  it.each([
    ["a missing model", withTarget({ id: "x", endpointUrl: "http://h/v1" }), "targets[1].model", "required"],
    ["an unknown provider", withTarget({ id: "x", provider: "acme", model: "m" }), "targets[1].provider", 'unknown provider "acme"'],
    ["a target with neither provider nor endpoint", withTarget({ id: "x", model: "m" }), "targets[1]", "needs provider"],
    ["a target with both provider and endpoint", withTarget({ id: "x", provider: "groq", endpointUrl: "http://h/v1", model: "m" }), "targets[1].endpointUrl", "cannot be combined"],
    ["a non-http endpoint", withTarget({ id: "x", endpointUrl: "ftp://h", model: "m" }), "targets[1].endpointUrl", "http(s) URL"],
    ["a duplicate target id", withTarget({ id: "groq-llama", endpointUrl: "http://h/v1", model: "m" }), "targets[1].id", "duplicate id"],
    ["a bad target id", withTarget({ id: "has space", endpointUrl: "http://h/v1", model: "m" }), "targets[1].id", "letters, digits"],
    ["an answer URL origin with a path", withTarget({ id: "x", endpointUrl: "http://h/v1", model: "m", answerUrlOrigins: ["https://files.example/out"] }), "targets[1].answerUrlOrigins[0]", "origin, scheme and host only"],
    ["an answer URL origin that is not http(s)", withTarget({ id: "x", endpointUrl: "http://h/v1", model: "m", answerUrlOrigins: ["https://a.example", "file:///etc"] }), "targets[1].answerUrlOrigins[1]", "http(s) origin"],
    ["an unknown target field", withTarget({ id: "x", endpointUrl: "http://h/v1", model: "m", temprature: 1 }), "targets[1].temprature", "unknown field"],
    ["an unknown top-level field", { ...valid, inptus: [] }, "inptus", "unknown field"],
    ["zero concurrency", { ...valid, run: { concurrency: 0 } }, "run.concurrency", "at least 1"],
    ["negative per-target concurrency", { ...valid, run: { perTargetConcurrency: -2 } }, "run.perTargetConcurrency", "at least 1"],
    ["a fractional repetition count", { ...valid, run: { repetitions: 1.5 } }, "run.repetitions", ""],
    ["a zero timeout", { ...valid, run: { timeoutMs: 0 } }, "run.timeoutMs", "positive"],
    ["an unknown run field", { ...valid, run: { concurency: 2 } }, "run.concurency", "unknown field"],
    ["a retry delay cap below the base", { ...valid, run: { retry: { baseDelayMs: 1000, maxDelayMs: 10 } } }, "run.retry.maxDelayMs", "baseDelayMs"],
    ["an unknown retry error kind", { ...valid, run: { retry: { retryOn: ["teapot"] } } }, "run.retry.retryOn[0]", ""],
    ["streaming embeddings", { ...valid, task: "feature-extraction", run: { stream: true } }, "run.stream", "cannot stream"],
    ["an unsupported task", { ...valid, task: "text-to-video" }, "task", "not supported yet"],
    ["a wrong version", { ...valid, version: 2 }, "version", "must be 1"],
    ["no targets", { ...valid, targets: [] }, "targets", "at least one target"],
    ["no inputs", { ...valid, inputs: [] }, "inputs", "at least one input"],
    ["a message without content", { ...valid, inputs: [{ messages: [{ role: "user" }] }] }, "inputs[0].messages[0].content", "required"],
    ["messages for a text task", { ...valid, task: "text-generation", inputs: [{ messages: [{ role: "user", content: "x" }] }] }, "inputs[0]", "prompt string"],
    ["a template with no rows", { ...valid, inputs: { template: "{{ x }}", variables: [] } }, "inputs.variables", "at least one row"],
    ["a template that does not parse", { ...valid, inputs: { template: "{% if %}", variables: [{ x: 1 }] } }, "inputs.template", "bad template"],
  ])("rejects %s, naming the path", (_name, input, path, message) => {
    const errors = errorsOf(input);
    const match = errors.find((error) => error.path === path);
    expect(match, formatScenarioErrors(errors)).toBeDefined();
    expect(match!.message).toContain(message);
  });

  it("accepts answer URL origins given as bare origins", () => {
    const result = validateScenario(withTarget({ id: "x", provider: "groq", model: "m", answerUrlOrigins: ["https://replicate.delivery", "http://127.0.0.1:9000"] }));
    expect(result.ok ? result.scenario.targets[1]?.answerUrlOrigins : result.errors).toEqual(["https://replicate.delivery", "http://127.0.0.1:9000"]);
  });

  it("reports every problem of a file at once", () => {
    const errors = errorsOf({ ...valid, name: "", run: { concurrency: 0, repetitions: 0 } });
    expect(errors.map((error) => error.path).sort()).toEqual(["name", "run.concurrency", "run.repetitions"]);
  });

  it("reports JSON syntax errors instead of throwing", () => {
    const result = parseScenarioText("{ not json");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]!.message).toMatch(/not valid JSON/);
  });

  it("rejects a non-object file", () => {
    expect(errorsOf([])[0]!.path).toBe("");
    expect(errorsOf("scenario")).toHaveLength(1);
  });
});

describe("input expansion", () => {
  it("renders a Jinja template once per variables row, with the system message for chat", () => {
    const result = expandInputs({
      inputs: { template: "Explain {{ topic }} in {{ n }} words.", system: "Be brief.", variables: [{ topic: "TTFT", n: 10 }, { topic: "p99", n: 20 }] },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.inputs.map((input) => input.prompt)).toEqual(["Explain TTFT in 10 words.", "Explain p99 in 20 words."]);
    expect(result.inputs[1]!.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Explain p99 in 20 words." },
    ]);
  });

  it("keeps literal message lists as they are and takes the last user message as the prompt", () => {
    const messages = [
      { role: "system" as const, content: "s" },
      { role: "user" as const, content: "first" },
      { role: "assistant" as const, content: "a" },
      { role: "user" as const, content: "second" },
    ];
    const result = expandInputs({ inputs: ["plain", { messages }] });
    expect(result.ok && result.inputs.map((input) => input.prompt)).toEqual(["plain", "second"]);
    expect(result.ok && result.inputs[1]!.messages).toEqual(messages);
  });
});
