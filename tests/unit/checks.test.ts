// Each check kind passing and failing, hostile patterns refused at their field's path, and a verdict
// judged on the whole answer even when the record keeps only its beginning.
import { describe, expect, it } from "vitest";
import { compileChecks, judgeOutput, normalizeAnswer, type CompiledCheck, type Expectation, formatScenarioErrors, type Scenario, validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";

const base = {
  version: 1,
  name: "checks",
  task: "chat-completion",
  targets: [{ id: "a", endpointUrl: "http://a.provider.test/v1", model: "m" }],
  inputs: ["What is the capital of France?", "Answer in JSON."],
};

/** Validates the way the CLI and the dashboard do, then compiles the checks as the runner does. */
function checksFor(expectations: unknown[]): CompiledCheck[] {
  const result = validateScenario({ ...base, expectations });
  if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
  const compiled = compileChecks(result.scenario.expectations);
  if (!compiled.ok) throw new Error(formatScenarioErrors(compiled.errors));
  return compiled.checks;
}

function verdict(expectation: Record<string, unknown>, output: string) {
  return judgeOutput(checksFor([expectation]), 0, output);
}

function errorsOf(expectations: unknown[]): string {
  const result = validateScenario({ ...base, expectations });
  if (result.ok) throw new Error("expected the scenario to be rejected");
  return formatScenarioErrors(result.errors);
}

describe("check kinds", () => {
  it.each([
    ["equals, exact", { type: "equals", value: "Paris" }, "Paris", "Paris."],
    ["equals, normalised", { type: "equals", value: "Paris", normalize: true }, "  PARIS. ", "Paris, France"],
    ["contains", { type: "contains", value: "Paris" }, "It is Paris.", "It is paris."],
    ["contains, ignoring case", { type: "contains", value: "Paris", ignoreCase: true }, "it is PARIS", "it is Lyon"],
    ["regex", { type: "regex", value: "^[A-Z][a-z]+\\.?$" }, "Paris.", "paris"],
    ["regex, ignoring case", { type: "regex", value: "^paris", ignoreCase: true }, "PARIS it is", "It is Paris"],
    ["json", { type: "json" }, ' {"answer": "Paris"}\n', "```json\n{}\n```"],
    ["jsonSchema", { type: "jsonSchema", value: { type: "object", required: ["answer"], properties: { answer: { type: "string" } } } }, '{"answer":"Paris"}', '{"answer":7}'],
    ["jsonSchema on text that is not JSON", { type: "jsonSchema", value: { type: "object" } }, "{}", "Paris"],
    ["maxLength", { type: "maxLength", value: 5 }, "Paris", "Parisx"],
    // Five code points, ten UTF-16 units: the length is in characters a reader counts.
    ["maxLength counts code points", { type: "maxLength", value: 5 }, "😀😀😀😀😀", "😀😀😀😀😀😀"],
  ])("%s: passes and fails", (_kind, expectation, passing, failing) => {
    expect(verdict(expectation, passing)).toEqual({ checksPassed: true, failedChecks: null });
    expect(verdict(expectation, failing)).toEqual({ checksPassed: false, failedChecks: `${expectation.type}#0` });
  });

  it("normalises both sides alike: NFKC, lower case, one space, no trailing . ! or ?", () => {
    expect(normalizeAnswer("  Ｐaris\t\nis   big! ")).toBe("paris is big");
    expect(normalizeAnswer("Paris?")).toBe(normalizeAnswer("paris"));
  });

  it("applies a check only to the inputs it names, and names every check that failed", () => {
    const checks = checksFor([
      { type: "contains", value: "Paris", input: 0, name: "capital" },
      { type: "json", input: [1] },
      { type: "maxLength", value: 10 },
    ]);
    expect(judgeOutput(checks, 0, "Paris")).toEqual({ checksPassed: true, failedChecks: null });
    expect(judgeOutput(checks, 0, "Lyon is the answer")).toEqual({ checksPassed: false, failedChecks: "capital,maxLength#2" });
    expect(judgeOutput(checks, 1, "Paris")).toEqual({ checksPassed: false, failedChecks: "json#1" });
    // An input no check names has no verdict, rather than a pass.
    expect(judgeOutput(checksFor([{ type: "json", input: 1 }]), 0, "x")).toEqual({ checksPassed: null, failedChecks: null });
  });
});

describe("hostile and wrong expectations", () => {
  it("refuses a pattern that needs backtracking, naming the field", () => {
    expect(errorsOf([{ type: "contains", value: "x" }, { type: "regex", value: "(a)\\1" }])).toMatch(/^expectations\[1\]\.value: not a pattern ProviderBench can run in linear time/);
    expect(errorsOf([{ type: "regex", value: "(?<=a)b" }])).toMatch(/^expectations\[0\]\.value: not a pattern/);
    expect(errorsOf([{ type: "regex", value: "(" }])).toMatch(/^expectations\[0\]\.value: not a pattern/);
  });

  it("refuses a pattern longer than 500 characters", () => {
    expect(errorsOf([{ type: "regex", value: "a".repeat(501) }])).toBe("expectations[0].value: must be at most 500 characters");
  });

  it("runs a classic catastrophic pattern in linear time on a long output", () => {
    // (a+)+$ against "aaa…ab" backtracks 2^n times in a backtracking engine; RE2 does not backtrack.
    const checks = checksFor([{ type: "regex", value: "(a+)+$" }]);
    const output = `${"a".repeat(100_000)}b`;
    expect(judgeOutput(checks, 0, output)).toEqual({ checksPassed: false, failedChecks: "regex#0" });
  });

  it("refuses a JSON Schema holding a pattern, which would run on the backtracking engine", () => {
    const schema = { type: "object", properties: { answer: { type: "string", pattern: "^(a+)+$" } } };
    expect(errorsOf([{ type: "jsonSchema", value: schema }])).toBe(
      'expectations[0].value: "pattern" at /properties/answer is not allowed: schema patterns run on a backtracking regex engine; use a regex check instead',
    );
  });

  it.each([
    ["format", { type: "object", properties: { site: { type: "string", format: "uri" } } }, '"format" at /properties/site is not allowed: formats are checked'],
    ["uniqueItems", { type: "array", items: { anyOf: [{ type: "number" }, { uniqueItems: true }] } }, '"uniqueItems" at /items/anyOf/1 is not allowed: it compares every pair'],
    ["patternProperties", { $defs: { x: { patternProperties: { "^a": {} } } } }, '"patternProperties" at /$defs/x is not allowed'],
  ])("refuses %s in a JSON Schema, naming where", (_keyword, schema, message) => {
    expect(errorsOf([{ type: "jsonSchema", value: schema }])).toContain(`expectations[0].value: ${message}`);
  });

  it("accepts properties and values that only share a forbidden keyword's name", () => {
    const schema = { type: "object", properties: { pattern: { type: "string" }, format: { enum: ["pattern", "format"] } }, required: ["pattern"], uniqueItems: false };
    expect(judgeOutput(checksFor([{ type: "jsonSchema", value: schema }]), 0, '{"pattern":"x","format":"format"}')).toEqual({ checksPassed: true, failedChecks: null });
  });

  it("refuses a JSON Schema whose $ref loops back to itself", () => {
    expect(errorsOf([{ type: "jsonSchema", value: { allOf: [{ $ref: "#" }] } }])).toBe(
      "expectations[0].value: not a usable JSON Schema: it refers to itself without end (a $ref loop)",
    );
  });

  it("fails, rather than throws, on an answer too deeply nested to validate", () => {
    // A recursive schema is fine; an answer nested 100,000 deep exhausts the stack while being checked.
    const checks = checksFor([{ type: "jsonSchema", value: { items: { $ref: "#" } } }, { type: "maxLength", value: 10 }]);
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(judgeOutput(checks, 0, deep)).toEqual({ checksPassed: false, failedChecks: "jsonSchema#0,maxLength#1" });
  });

  it.each([
    ["an unknown type", [{ type: "similar", value: "x" }], "expectations[0].type: must be one of equals, contains, regex, json, jsonSchema, maxLength, toolCall"],
    ["a missing value", [{ type: "contains" }], "expectations[0].value: required"],
    ["an input past the end", [{ type: "json", input: 2 }], "expectations[0].input: no input 2: the scenario has 2 inputs (numbered from 0)"],
    ["an input past the end in a list", [{ type: "json", input: [0, 5] }], "expectations[0].input[1]: no input 5: the scenario has 2 inputs (numbered from 0)"],
    ["a duplicate name", [{ type: "json", name: "x" }, { type: "json", name: "x" }], 'expectations[1].name: duplicate name "x" (also expectations[0])'],
    ["a negative maxLength", [{ type: "maxLength", value: -1 }], "expectations[0].value: must be 0 or more"],
    ["an unknown field", [{ type: "json", strict: true }], "expectations[0].strict: unknown field"],
  ])("names the path of %s", (_case, expectations, message) => {
    expect(errorsOf(expectations)).toBe(message);
  });

  it("refuses checks for a task whose outputs are vectors", () => {
    const result = validateScenario({ ...base, task: "feature-extraction", inputs: ["a"], expectations: [{ type: "json" }] });
    expect(result.ok ? "" : formatScenarioErrors(result.errors)).toBe("expectations: feature-extraction outputs are not text: no check applies");
  });
});

describe("checks in a run", () => {
  function scenarioWith(expectations: Expectation[] | unknown[], maxOutputChars: number): Scenario {
    const result = validateScenario({ ...base, inputs: ["q"], expectations, run: { maxOutputChars } });
    if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
    return result.scenario;
  }

  async function recordsOf(scenario: Scenario, output: string, fail = false): Promise<RequestRecord[]> {
    const records: RequestRecord[] = [];
    await runScenario({
      runId: "r",
      scenario,
      onRecord: (record) => records.push(record),
      createCall: () => async () => {
        if (fail) throw new Error("no answer");
        return { output, outputKind: "text", usage: null, chunkCount: 0, contentChunkCount: 0 };
      },
    });
    return records;
  }

  it("judges the whole answer when the record keeps only its beginning", async () => {
    const answer = `${"x".repeat(100)} the answer is Paris`;
    const scenario = scenarioWith([{ type: "contains", value: "Paris" }, { type: "maxLength", value: 110 }], 20);
    const [record] = await recordsOf(scenario, answer);
    // The kept output is 20 characters: it has no "Paris" and is short, yet the whole answer has and is not.
    expect(record).toMatchObject({ truncated: true, output: "x".repeat(20), checksPassed: false, failedChecks: "maxLength#1" });
  });

  it("gives a failed request no verdict: it has no output to judge", async () => {
    const [record] = await recordsOf(scenarioWith([{ type: "json" }], 1000), "", true);
    expect(record).toMatchObject({ status: "error", checksPassed: null, failedChecks: null });
  });
});
