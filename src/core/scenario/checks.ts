// The scenario's expectations, compiled once and judged on every output (docs/metrics.md, "Checks").
// Regex patterns run on RE2 (re2js): matching time grows linearly with the output, never exponentially,
// so a hostile pattern cannot stall a run. JSON Schemas run on an interpreting validator that needs no
// eval (the app's Content-Security-Policy forbids it), and may hold none of the keywords that would let
// one answer stall a run (FORBIDDEN_SCHEMA_KEYWORDS).
import { RE2JS } from "re2js";
import { Validator, type Schema } from "@cfworker/json-schema";
import { expectationInputs, expectationName, type Expectation } from "./expectations";
import type { ScenarioError } from "./types";
import type { ToolCallMade } from "../tasks";
import { argumentsMatch } from "./tool-arguments";

export interface CompiledCheck {
  name: string;
  /** The input indexes it applies to; null for every input. */
  inputs: ReadonlySet<number> | null;
  /** Judged on the whole output text and, when the request offered tools, the calls the answer made. */
  passes(output: string, toolCalls: readonly ToolCallMade[]): boolean;
  /** A toolCall check's tool: what the record's rightTool is judged by. */
  tool?: string;
}

export type CompileChecksResult = { ok: true; checks: CompiledCheck[] } | { ok: false; errors: ScenarioError[] };

export interface ChecksVerdict {
  checksPassed: boolean | null;
  failedChecks: string | null;
}

export const NO_CHECKS: ChecksVerdict = { checksPassed: null, failedChecks: null };

/** Compiles every expectation, or names each one that cannot be compiled (`expectations[2].value: …`). */
export function compileChecks(expectations: readonly Expectation[] | undefined): CompileChecksResult {
  const checks: CompiledCheck[] = [];
  const errors: ScenarioError[] = [];
  (expectations ?? []).forEach((expectation, index) => {
    const compiled = compileOne(expectation);
    if (typeof compiled === "string") {
      errors.push({ path: `expectations[${index}].${expectation.type === "toolCall" ? "argumentsSchema" : "value"}`, message: compiled });
      return;
    }
    const inputs = expectationInputs(expectation);
    const check: CompiledCheck = { name: expectationName(expectation, index), inputs: inputs === null ? null : new Set(inputs), passes: compiled };
    if (expectation.type === "toolCall") check.tool = expectation.tool;
    checks.push(check);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, checks };
}

/**
 * The checks of one input judged on its whole output. Never throws: a check that cannot finish on this
 * output (a schema that recurses past the stack on an answer nested 100,000 deep) has not passed, and
 * one hostile answer must not end the run.
 */
export function judgeOutput(checks: readonly CompiledCheck[], inputIndex: number, output: string, toolCalls: readonly ToolCallMade[] = []): ChecksVerdict {
  const failed: string[] = [];
  let applied = 0;
  for (const check of checks) {
    if (check.inputs !== null && !check.inputs.has(inputIndex)) continue;
    applied++;
    if (!passesSafely(check, output, toolCalls)) failed.push(check.name);
  }
  if (applied === 0) return NO_CHECKS;
  return { checksPassed: failed.length === 0, failedChecks: failed.length === 0 ? null : failed.join(",") };
}

function passesSafely(check: CompiledCheck, output: string, toolCalls: readonly ToolCallMade[]): boolean {
  try {
    return check.passes(output, toolCalls);
  } catch {
    return false;
  }
}

/** A check's test, or why the expectation cannot be one. */
function compileOne(expectation: Expectation): ((output: string, toolCalls: readonly ToolCallMade[]) => boolean) | string {
  switch (expectation.type) {
    case "equals": {
      if (!expectation.normalize) return (output) => output === expectation.value;
      const expected = normalizeAnswer(expectation.value);
      return (output) => normalizeAnswer(output) === expected;
    }
    case "contains": {
      if (!expectation.ignoreCase) return (output) => output.includes(expectation.value);
      const needle = expectation.value.toLowerCase();
      return (output) => output.toLowerCase().includes(needle);
    }
    case "regex":
      return compileRegex(expectation.value, expectation.ignoreCase);
    case "json":
      return (output) => parseJson(output).ok;
    case "jsonSchema":
      return compileJsonSchema(expectation.value);
    case "maxLength":
      return (output) => codePointLengthAtMost(output, expectation.value);
    case "toolCall":
      return compileToolCallCheck(expectation);
  }
}

/** Passes when one call names the tool and its arguments match what the expectation asks (any, these, a schema). */
function compileToolCallCheck(expectation: Extract<Expectation, { type: "toolCall" }>): ((output: string, toolCalls: readonly ToolCallMade[]) => boolean) | string {
  const schema = expectation.argumentsSchema === undefined ? null : compileJsonSchema(expectation.argumentsSchema);
  if (typeof schema === "string") return schema;
  const expected = expectation.arguments;
  return (_output, toolCalls) =>
    toolCalls.some((call) => {
      if (call.name !== expectation.tool) return false;
      if (schema !== null && !schema(call.arguments)) return false;
      if (expected === undefined) return true;
      const parsed = parseJson(call.arguments);
      return parsed.ok && argumentsMatch(parsed.value, expected, expectation.match);
    });
}

/**
 * What "normalised" means for an expected answer, on both sides: Unicode NFKC, lower case, every run of
 * whitespace one space, no space at either end, and one trailing `.`, `!` or `?` dropped. So "Paris."
 * matches "paris" and " PARIS ", but "Paris, France" does not.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]$/, "")
    .trimEnd();
}

function compileRegex(pattern: string, ignoreCase: boolean): ((output: string) => boolean) | string {
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    // RE2 refuses what needs backtracking (backreferences, lookaround) and says why.
    return `not a pattern ProviderBench can run in linear time (RE2 syntax, no backreferences or lookaround): ${(error as Error).message}`;
  }
  return (output) => regex.test(output);
}

function compileJsonSchema(schema: Record<string, unknown> | boolean): ((output: string) => boolean) | string {
  const forbidden = findForbiddenKeyword(schema, "");
  if (forbidden !== null) {
    return `"${forbidden.keyword}" at ${forbidden.pointer || "the root"} is not allowed: ${forbidden.reason}`;
  }
  let validator: Validator;
  try {
    validator = new Validator(schema as Schema, "2020-12", false);
    // A `$ref` that leads back to itself without descending into the value never ends; trying the
    // simplest values finds it now rather than on every answer.
    for (const sample of [null, 0, "", [], {}]) validator.validate(sample);
  } catch (error) {
    const reason = error instanceof RangeError ? "it refers to itself without end (a $ref loop)" : (error as Error).message;
    return `not a usable JSON Schema: ${reason}`;
  }
  return (output) => {
    const parsed = parseJson(output);
    return parsed.ok && validator.validate(parsed.value).valid;
  };
}

/**
 * A tool's `parameters` schema as a test of arguments text (and a response_format's schema as a test of
 * an answer: structured-output-checks.ts): it was written for the provider, so the keywords a check may
 * not use (FORBIDDEN_SCHEMA_KEYWORDS) are left unchecked rather than refused.
 */
export function compileToolArgumentsSchema(schema: Record<string, unknown>): ((argumentsText: string) => { json: boolean; valid: boolean }) | string {
  const validate = compileJsonSchema(withoutForbiddenKeywords(schema) as Record<string, unknown>);
  if (typeof validate === "string") return validate;
  return (argumentsText) => {
    const json = parseJson(argumentsText).ok;
    return { json, valid: json && validate(argumentsText) };
  };
}

/** A copy of a schema without the keywords a check refuses, walked as findForbiddenKeyword walks it. */
function withoutForbiddenKeywords(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutForbiddenKeywords);
  if (schema === null || typeof schema !== "object") return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (FORBIDDEN_SCHEMA_KEYWORDS.get(key)?.applies(value) === true) continue;
    if (DATA_KEYWORDS.has(key)) kept[key] = value;
    else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === "object" && !Array.isArray(value)) {
      kept[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, subschema]) => [name, withoutForbiddenKeywords(subschema)]));
    } else kept[key] = withoutForbiddenKeywords(value);
  }
  return kept;
}

/**
 * Keywords a schema may not use, with why: each would let one answer stall a run. Patterns run on the
 * backtracking regex engine (use a regex check, which runs on RE2); formats test strings with regexes
 * of their own; uniqueItems compares every pair of items, quadratic in the array's length.
 */
interface ForbiddenKeyword {
  applies(value: unknown): boolean;
  reason: string;
}

const FORBIDDEN_SCHEMA_KEYWORDS = new Map<string, ForbiddenKeyword>([
  ["pattern", { applies: () => true, reason: "schema patterns run on a backtracking regex engine; use a regex check instead" }],
  ["patternProperties", { applies: () => true, reason: "schema patterns run on a backtracking regex engine; use a regex check instead" }],
  ["format", { applies: () => true, reason: "formats are checked with regexes on a backtracking engine; use a regex check instead" }],
  ["uniqueItems", { applies: (value: unknown) => value === true, reason: "it compares every pair of items, so a long array in an answer would stall the run" }],
]);

/** Keywords whose object maps names to subschemas: the names are not keywords. */
const SCHEMA_MAPS = new Set(["properties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
/** Keywords whose value is data, not a schema: nothing in them is a keyword. */
const DATA_KEYWORDS = new Set(["enum", "const", "examples", "default"]);

function escapePointer(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** The first forbidden keyword in the schema, with its JSON pointer and the reason. */
function findForbiddenKeyword(schema: unknown, pointer: string): { keyword: string; pointer: string; reason: string } | null {
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) {
      const found = findForbiddenKeyword(item, `${pointer}/${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (schema === null || typeof schema !== "object") return null;
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    const forbidden = FORBIDDEN_SCHEMA_KEYWORDS.get(key);
    if (forbidden !== undefined && forbidden.applies(value)) return { keyword: key, pointer, reason: forbidden.reason };
    if (DATA_KEYWORDS.has(key)) continue;
    const keyPointer = `${pointer}/${escapePointer(key)}`;
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [name, subschema] of Object.entries(value as Record<string, unknown>)) {
        const found = findForbiddenKeyword(subschema, `${keyPointer}/${escapePointer(name)}`);
        if (found !== null) return found;
      }
      continue;
    }
    const found = findForbiddenKeyword(value, keyPointer);
    if (found !== null) return found;
  }
  return null;
}

/** The whole output as JSON, surrounding whitespace allowed; nothing else (no prose, no code fence). */
function parseJson(output: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(output) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Counts code points only as far as the limit, so a huge output costs no more than the limit. */
function codePointLengthAtMost(text: string, limit: number): boolean {
  if (text.length <= limit) return true;
  // Each code point is one or two UTF-16 units: more than 2 × limit units cannot fit.
  if (text.length > 2 * limit) return false;
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    if (++count > limit) return false;
  }
  return true;
}
