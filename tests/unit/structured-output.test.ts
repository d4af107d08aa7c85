// Structured output in core, without a network: answers judged against a response format (json_schema,
// json_object) on fixtures, the judge's refusals, the record field read back, the summary's rates and
// the verdict's row; and the sandbox's structured answers, seeded apart from everything else it draws.
import { describe, expect, it } from "vitest";
import { compileStructuredOutputJudge, validateScenario } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import { measuredFigures } from "../../src/core/metrics";
import { objectiveVerdicts } from "../../src/core/verdict";
import { parseRecordLine } from "../../src/core/record";
import { structuredAnswerText } from "../../src/sandbox/structured-answers";
import { requestRecord } from "./request-record";

const CONTACT = {
  type: "object",
  properties: { name: { type: "string" }, age: { type: "integer" }, email: { type: "string", pattern: "^(a+)+$", format: "email" } },
  required: ["name", "age"],
  additionalProperties: false,
};
const asJsonSchema = (schema: unknown) => ({ response_format: { type: "json_schema", json_schema: { name: "contact", strict: true, schema } } });

function judgeOf(parameters: Record<string, unknown>) {
  const compiled = compileStructuredOutputJudge(parameters);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return compiled.judge;
}

describe("judging answers against response_format", () => {
  const judge = judgeOf(asJsonSchema(CONTACT))!;

  it.each([
    ['{"name":"Ada","age":36}', "valid"],
    // The schema's backtracking pattern and format were written for the provider: left unchecked, not refused.
    ['{"name":"Ada","age":36,"email":"not an address"}', "valid"],
    ['{"name":"Ada"}', "schema-mismatch"],
    ['{"name":"Ada","age":"36"}', "schema-mismatch"],
    ['{"name":"Ada","age":36,"city":"London"}', "schema-mismatch"],
    ["[1,2]", "schema-mismatch"],
    ['```json\n{"name":"Ada","age":36}\n```', "invalid-json"],
    ['{"name":"Ada","ag', "invalid-json"],
    ["", "invalid-json"],
  ])("%j is %s", (answer, verdict) => {
    expect(judge(answer)).toBe(verdict);
  });

  it("survives an answer nested past the stack", () => {
    const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    expect(["schema-mismatch", "invalid-json"]).toContain(judge(deep));
  });

  it("asks json_object (and a json_schema without a schema) for any JSON object", () => {
    for (const parameters of [{ response_format: { type: "json_object" } }, { response_format: { type: "json_schema", json_schema: { name: "x" } } }]) {
      const objectJudge = judgeOf(parameters)!;
      expect([objectJudge('{"a":1}'), objectJudge("[1]"), objectJudge('"text"'), objectJudge("{a:1}")]).toEqual(["valid", "schema-mismatch", "schema-mismatch", "invalid-json"]);
    }
  });

  it("judges nothing without a JSON response format", () => {
    expect(judgeOf({})).toBeNull();
    expect(judgeOf({ response_format: { type: "text" } })).toBeNull();
    expect(judgeOf({ response_format: "json" })).toBeNull();
  });

  it("names a schema the validator cannot use, at validation too", () => {
    const loop = asJsonSchema({ $ref: "#" });
    const compiled = compileStructuredOutputJudge(loop);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.errors[0]!.path).toBe("parameters.response_format.json_schema.schema");
    const scenario = { version: 1, name: "s", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/structured/v1", model: "m" }], inputs: ["hi"], parameters: loop };
    const validated = validateScenario(scenario);
    expect(!validated.ok && validated.errors.map((error) => error.path)).toEqual(["parameters.response_format.json_schema.schema"]);
    expect(validateScenario({ ...scenario, parameters: asJsonSchema(CONTACT) }).ok).toBe(true);
  });
});

describe("structured output in records, the summary and the verdict", () => {
  const records = [
    // a: 20 valid answers.
    ...Array.from({ length: 20 }, (_, index) => requestRecord({ targetId: "a", repetition: index, structuredOutput: "valid" })),
    // b: 20 answers: 8 valid, 7 JSON failing the schema, 5 not JSON.
    ...Array.from({ length: 20 }, (_, index) => requestRecord({ targetId: "b", repetition: index, structuredOutput: index < 8 ? "valid" : index < 15 ? "schema-mismatch" : "invalid-json" })),
    // A failed request is not judged, nor counted.
    requestRecord({ targetId: "b", repetition: 99, status: "error", errorKind: "http_5xx", structuredOutput: null }),
    // c: a target whose records carry no verdict (a run without response_format).
    requestRecord({ targetId: "c" }),
  ];
  const rows = summarize(records, ["a", "b", "c"]);

  it("computes the schema-valid and schema-mismatch rates with Wilson intervals", () => {
    const [a, b, c] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
    expect([a.structuredRequests, a.schemaValidRate, a.schemaMismatchRate]).toEqual([20, 1, 0]);
    expect([b.structuredRequests, b.schemaValidRate, b.schemaMismatchRate]).toEqual([20, 0.4, 0.35]);
    expect(b.schemaValidRateCi95![0]).toBeLessThan(0.4);
    expect(b.schemaValidRateCi95![1]).toBeGreaterThan(0.4);
    expect([c.structuredRequests, c.schemaValidRate, c.schemaValidRateCi95]).toEqual([0, null, null]);
  });

  it("names the most reliable structured output only in a run that asked for JSON", () => {
    const scenario = { task: "chat-completion", targets: [], run: { stream: true }, expectations: [], parameters: asJsonSchema(CONTACT) } as unknown as Parameters<typeof measuredFigures>[0];
    expect(measuredFigures(scenario).has("structuredOutput")).toBe(true);
    const verdict = objectiveVerdicts(rows, [], (id) => id, undefined, measuredFigures(scenario)).find((row) => row.objective === "structuredOutput");
    expect(verdict).toMatchObject({ state: "best", best: ["a"], title: "Most reliable structured output" });
    const without = objectiveVerdicts(rows, [], (id) => id, undefined, measuredFigures({ ...scenario, parameters: {} }));
    expect(without.some((row) => row.objective === "structuredOutput")).toBe(false);
  });

  it("reads the field back from a records file, refuses an unknown verdict, and reads a record without it", () => {
    const parsed = parseRecordLine(JSON.stringify(records[30]), 1);
    expect(parsed.ok && parsed.record.structuredOutput).toBe("schema-mismatch");
    const wrong = parseRecordLine(JSON.stringify({ ...records[30], structuredOutput: "maybe" }), 7);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.message).toContain("structuredOutput");
    const { structuredOutput: _verdict, ...older } = records[0]!;
    expect(parseRecordLine(JSON.stringify(older), 1).ok).toBe(true);
  });
});

describe("the sandbox's structured answers", () => {
  const asked = { schema: CONTACT, prompt: "Extract the contact: Ada Lovelace in London." };

  it("fills the schema when it honours it, the same for the same seed", () => {
    const text = structuredAnswerText({ invalidJsonRate: 0, missingFieldRate: 0 }, asked, 12345);
    expect(judgeOf(asJsonSchema(CONTACT))!(text)).toBe("valid");
    expect(structuredAnswerText({ invalidJsonRate: 0, missingFieldRate: 0 }, asked, 12345)).toBe(text);
  });

  it("cuts answers short and leaves out a required property at about the rates asked", () => {
    const judge = judgeOf(asJsonSchema(CONTACT))!;
    const counts = { valid: 0, "invalid-json": 0, "schema-mismatch": 0 };
    for (let seed = 1; seed <= 2000; seed++) counts[judge(structuredAnswerText({ invalidJsonRate: 0.125, missingFieldRate: 0.2 }, asked, Math.imul(seed, 0x9e3779b1) >>> 0))]++;
    expect(counts["invalid-json"] / 2000).toBeCloseTo(0.125, 1);
    expect(counts["schema-mismatch"] / 2000).toBeCloseTo(0.875 * 0.2, 1);
  });
});
