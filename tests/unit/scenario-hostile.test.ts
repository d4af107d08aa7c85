// Hostile scenario files: parameters that would route or authenticate, parameters nested without end,
// endpoint addresses the library would not recognise as URLs, and credentials in an address.
import { describe, expect, it } from "vitest";
import { type Scenario, type ScenarioError, validateScenario, MAX_PARAMETERS_CHARACTERS, MAX_PARAMETERS_DEPTH, requestParametersOf } from "../../src/core/scenario";
import { mulberry32 } from "../../src/core/random";

const base = {
  version: 1,
  name: "hostile",
  task: "chat-completion",
  targets: [
    { id: "groq-llama", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" },
    { id: "local", endpointUrl: "http://127.0.0.1:8000/v1", model: "llama" },
  ],
  inputs: ["Hello"],
};

function errorsOf(input: unknown): ScenarioError[] {
  const result = validateScenario(input);
  if (result.ok) throw new Error("expected the scenario to be rejected");
  return result.errors;
}

function accepted(input: unknown): Scenario {
  const result = validateScenario(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe("scenario parameters", () => {
  const routingKeys = ["endpointUrl", "provider", "model", "accessToken", "billTo", "includeCredentials", "headers", "urlTransform", "fetch", "signal", "retry_on_error", "data", "stream", "stream_options", "messages", "inputs"];

  it("refuses every key that routes, authenticates or is set by the runner, naming its path", () => {
    const parameters = Object.fromEntries(routingKeys.map((key) => [key, key === "provider" ? null : "http://attacker.invalid/v1"]));
    const errors = errorsOf({ ...base, parameters: { ...parameters, max_tokens: 16 } });
    expect(errors.map((error) => error.path).sort()).toEqual(routingKeys.map((key) => `parameters.${key}`).sort());
    for (const error of errors) expect(error.message).toMatch(/^not a request parameter: /);
    expect(errors.find((error) => error.path === "parameters.endpointUrl")!.message).toContain("set endpointUrl on a target");
    expect(errors.find((error) => error.path === "parameters.accessToken")!.message).toContain("never from a scenario");
  });

  it("refuses them for every task", () => {
    // together serves both tasks (a provider that does not is refused for that, at targets[0].provider).
    const targets = [{ id: "together-llama", provider: "together", model: "meta-llama/Llama-3.1-8B-Instruct" }];
    for (const task of ["text-generation", "feature-extraction"]) {
      expect(errorsOf({ ...base, task, targets, parameters: { endpointUrl: "http://attacker.invalid/v1" } })).toEqual([
        { path: "parameters.endpointUrl", message: "not a request parameter: endpointUrl routes the request: set endpointUrl on a target" },
      ]);
    }
  });

  it("keeps ordinary request parameters as they are, nested ones included", () => {
    const tools = [{ type: "function", function: { name: "lookup", parameters: { type: "object", properties: { query: { type: "string" } } } } }];
    const parameters = { max_tokens: 16, temperature: 0.2, response_format: { type: "json_schema", json_schema: { schema: nested(20) } }, tools };
    expect(accepted({ ...base, parameters }).parameters).toEqual(parameters);
  });

  it("refuses parameters nested deeper than the limit with the path down to the value too deep", () => {
    expect(accepted({ ...base, parameters: nested(MAX_PARAMETERS_DEPTH) }).parameters).toEqual(nested(MAX_PARAMETERS_DEPTH));
    const errors = errorsOf({ ...base, parameters: nested(MAX_PARAMETERS_DEPTH + 1) });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(`parameters${".a".repeat(MAX_PARAMETERS_DEPTH + 1)}`);
    expect(errors[0]!.message).toBe(`nested more than ${MAX_PARAMETERS_DEPTH} levels deep`);
  });

  it("refuses parameters nested a hundred thousand deep, arrays too, without overflowing the stack", () => {
    let deepArray: unknown = [1];
    for (let level = 0; level < 100_000; level++) deepArray = [deepArray];
    const errors = errorsOf({ ...base, parameters: { stop: deepArray } });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(`parameters.stop${"[0]".repeat(MAX_PARAMETERS_DEPTH)}`);
  });

  it("refuses parameters larger than the size limit", () => {
    const errors = errorsOf({ ...base, parameters: { stop: ["x".repeat(MAX_PARAMETERS_CHARACTERS)] } });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe("parameters");
    expect(errors[0]!.message).toMatch(/characters of JSON, more than the 262144 allowed$/);
  });

  it("are accepted only without reserved keys and within the depth limit, rejected by path otherwise (500 seeded fuzz cases)", () => {
    const random = mulberry32(8);
    // Ordinary keys whose values are free-form ("tools" has a schema of its own: tool-calls.test.ts).
    const keys = [...routingKeys, "max_tokens", "temperature", "stop", "response_format", "__proto__", "constructor", "ENDPOINTURL"];
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    const randomValue = (depth: number): unknown => {
      if (depth === 0) return random() < 0.5 ? Math.floor(random() * 100) : "x";
      // One nested child per level (and a leaf beside it now and then): depth grows, size stays linear.
      const children: Record<string, unknown> = { [keys[Math.floor(random() * keys.length)]!]: randomValue(depth - 1) };
      if (random() < 0.5) children[keys[Math.floor(random() * keys.length)]!] = randomValue(0);
      return random() < 0.3 ? Object.values(children) : children;
    };
    const outcomes = { accepted: 0, routing: 0, other: 0 };
    for (let round = 0; round < 500; round++) {
      const parameters = JSON.parse(JSON.stringify(randomValue(1 + Math.floor(random() * 60)))) as unknown;
      const result = validateScenario({ ...base, parameters });
      const isObject = parameters !== null && typeof parameters === "object" && !Array.isArray(parameters);
      // The schema's record drops a top-level "__proto__" key (and all below it) before any check.
      const kept = isObject ? Object.fromEntries(Object.entries(parameters).filter(([key]) => key !== "__proto__")) : {};
      const routes = Object.keys(kept).some((key) => routingKeys.includes(key));
      const tooDeep = depthOf(kept) > MAX_PARAMETERS_DEPTH + 1;
      expect(result.ok, JSON.stringify(parameters).slice(0, 200)).toBe(isObject && !routes && !tooDeep);
      if (!result.ok) for (const error of result.errors) expect(error.path).toMatch(/^parameters/);
      outcomes[result.ok ? "accepted" : routes ? "routing" : "other"]++;
    }
    // The cases cover all three outcomes, not one of them 500 times.
    expect(Math.min(outcomes.accepted, outcomes.routing, outcomes.other)).toBeGreaterThan(20);
  });

  it("drops reserved keys from a scenario that skipped validation", () => {
    expect(requestParametersOf({ endpointUrl: "http://attacker.invalid", accessToken: "hf_x", model: "m", stream: true, max_tokens: 4 })).toEqual({ max_tokens: 4 });
  });
});

describe("endpoint addresses", () => {
  const endpointOf = (endpointUrl: string): string | undefined => accepted({ ...base, targets: [{ id: "local", endpointUrl, model: "m" }] }).targets[0]!.endpointUrl;

  it("hands on an upper-case scheme or host, or surrounding spaces, in the lower-case form the library recognises", () => {
    expect(endpointOf("HTTP://127.0.0.1:8000/v1")).toBe("http://127.0.0.1:8000/v1");
    expect(endpointOf("  https://Example.COM/v1 \n")).toBe("https://example.com/v1");
    expect(endpointOf("HtTpS://example.com")).toBe("https://example.com/");
    expect(endpointOf(" SANDBOX:/fast/v1 ")).toBe("sandbox:/fast/v1");
  });

  it("normalises once: the parsed scenario validates to itself", () => {
    const scenario = accepted({ ...base, targets: [{ id: "local", endpointUrl: " HTTP://127.0.0.1:8000/v1", model: "m" }] });
    expect(accepted(scenario)).toEqual(scenario);
  });

  it("accepts only http and https", () => {
    for (const endpointUrl of ["ftp://example.com/v1", "javascript:alert(1)", "file:///etc/passwd", "example.com/v1", "//example.com/v1"]) {
      expect(errorsOf({ ...base, targets: [{ id: "local", endpointUrl, model: "m" }] })).toEqual([
        { path: "targets[0].endpointUrl", message: "must be an http(s) URL or a sandbox:/<profile>/v1 URL" },
      ]);
    }
  });

  it("refuses a user name or password in the address, which would be written into every record", () => {
    for (const endpointUrl of ["http://user:secret@127.0.0.1:8000/v1", "https://user@example.com/v1", "HTTP://:secret@example.com/v1"]) {
      const errors = errorsOf({ ...base, targets: [{ id: "local", endpointUrl, model: "m" }] });
      expect(errors).toHaveLength(1);
      expect(errors[0]!.path).toBe("targets[0].endpointUrl");
      expect(errors[0]!.message).toMatch(/^must not contain a user name or password/);
      expect(errors[0]!.message).not.toContain("secret");
    }
  });
});
