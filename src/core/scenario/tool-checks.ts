// The tool calls of an answer judged against the tools the scenario offered (`parameters.tools`): does
// each call name one, do its arguments parse as JSON, are they valid against that tool's `parameters`
// schema. Compiled once per run (like the checks, checks.ts) and applied to every answer that offered tools.
import type { RecordedToolCall } from "../record";
import type { ToolCallMade } from "../tasks";
import { compileToolArgumentsSchema } from "./checks";
import type { ScenarioError } from "./types";

export interface ToolJudge {
  /** Each call judged; arguments cut to `keepChars` (judged whole before the cut). */
  judge(calls: readonly ToolCallMade[], keepChars: number): RecordedToolCall[];
}

export type CompileToolJudgeResult = { ok: true; judge: ToolJudge | null } | { ok: false; errors: ScenarioError[] };

type ArgumentsTest = (argumentsText: string) => { json: boolean; valid: boolean };

/** A tool without a `parameters` schema takes any JSON arguments. */
const ANY_JSON: ArgumentsTest = (argumentsText) => {
  try {
    JSON.parse(argumentsText);
    return { json: true, valid: true };
  } catch {
    return { json: false, valid: false };
  }
};

/** The judge of a scenario's tools; null when it offers none. A schema that cannot be compiled is named. */
export function compileToolJudge(parameters: Readonly<Record<string, unknown>>): CompileToolJudgeResult {
  if (!Array.isArray(parameters.tools) || parameters.tools.length === 0) return { ok: true, judge: null };
  const tests = new Map<string, ArgumentsTest>();
  const errors: ScenarioError[] = [];
  (parameters.tools as { function?: { name?: unknown; parameters?: unknown } }[]).forEach((tool, index) => {
    const name = tool.function?.name;
    if (typeof name !== "string") return;
    const schema = tool.function?.parameters;
    if (schema === undefined || schema === null || typeof schema !== "object" || Array.isArray(schema)) {
      tests.set(name, ANY_JSON);
      return;
    }
    const compiled = compileToolArgumentsSchema(schema as Record<string, unknown>);
    if (typeof compiled === "string") errors.push({ path: `parameters.tools[${index}].function.parameters`, message: compiled });
    else tests.set(name, compiled);
  });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    judge: {
      judge: (calls, keepChars) =>
        calls.map((call) => {
          const test = tests.get(call.name);
          const verdict = test === undefined ? { json: ANY_JSON(call.arguments).json, valid: false } : test(call.arguments);
          return { name: call.name, arguments: call.arguments.length > keepChars ? call.arguments.slice(0, keepChars) : call.arguments, argumentsJson: verdict.json, valid: verdict.valid };
        }),
    },
  };
}

/** Whether a call named a tool one of the input's toolCall checks names; null when none names one. */
export function rightToolOf(expectedTools: readonly string[], calls: readonly ToolCallMade[]): boolean | null {
  if (expectedTools.length === 0) return null;
  return calls.some((call) => expectedTools.includes(call.name));
}
