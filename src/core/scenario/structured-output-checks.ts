// The answers of a run that asks for JSON (`parameters.response_format`, read by tasks/response-format.ts)
// judged: does the answer's text parse as JSON, and is it valid against the json_schema's schema (an
// object, for json_object). Compiled once per run, like the tool judge (tool-checks.ts), and applied to
// every successful answer's whole text, before the record keeps only its beginning.
import type { StructuredOutputVerdict } from "../record";
import { requestedResponseFormat } from "../tasks";
import { compileToolArgumentsSchema } from "./checks";
import type { ScenarioError } from "./types";

export type StructuredOutputJudge = (output: string) => StructuredOutputVerdict;

export type CompileStructuredOutputJudgeResult = { ok: true; judge: StructuredOutputJudge | null } | { ok: false; errors: ScenarioError[] };

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** json_object, and a json_schema without a schema: any JSON object is what was asked for. */
const JSON_OBJECT: StructuredOutputJudge = (output) => {
  const json = parsed(output);
  if (!json.ok) return "invalid-json";
  return typeof json.value === "object" && json.value !== null && !Array.isArray(json.value) ? "valid" : "schema-mismatch";
};

/**
 * The judge of a scenario's response format; null when it asks for no JSON. The schema was written for
 * the provider, so it is compiled as a tool's parameters are: the keywords a check refuses (a backtracking
 * `pattern`, `format`) are left unchecked rather than refused. One the validator cannot compile is named.
 */
export function compileStructuredOutputJudge(parameters: Readonly<Record<string, unknown>>): CompileStructuredOutputJudgeResult {
  const format = requestedResponseFormat(parameters);
  if (format === null) return { ok: true, judge: null };
  if (format.type === "json_object" || format.schema === null) return { ok: true, judge: JSON_OBJECT };
  const test = compileToolArgumentsSchema(format.schema);
  if (typeof test === "string") return { ok: false, errors: [{ path: "parameters.response_format.json_schema.schema", message: test }] };
  return {
    ok: true,
    judge: (output) => {
      // One hostile answer (nested past the stack) must not end the run: it parsed, and did not meet the schema.
      try {
        const verdict = test(output);
        return !verdict.json ? "invalid-json" : verdict.valid ? "valid" : "schema-mismatch";
      } catch {
        return "schema-mismatch";
      }
    },
  };
}
