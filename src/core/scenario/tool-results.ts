// Tool loops (docs/metrics.md, "Tool loops"): the scenario's canned tool results, which answer a call
// so the conversation goes on to a final answer, and the loop's step limit. A result is given per tool
// name, or as a small table keyed on the call's arguments (matched as a subset, as a toolCall check's
// arguments are: tool-arguments.ts), with the tool's own result for any other arguments.
import { z } from "zod";
import { argumentsMatch } from "./tool-arguments";

/** Requests one loop may make when the scenario names no `maxToolSteps`: the first, and three answered calls. */
export const DEFAULT_MAX_TOOL_STEPS = 4;
/** A loop is a few turns of an agent, not a conversation: more steps than this are refused. */
export const MAX_TOOL_STEPS = 16;

const jsonValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())], {
  error: "a JSON value (a string is sent as it is, anything else as its JSON)",
});

const toolResultSchema = z
  .strictObject({
    /** The result of a call no case matches (or of every call, without cases). */
    result: jsonValueSchema.optional(),
    /** Results keyed on arguments: the first case whose arguments the call's contain. */
    cases: z
      .array(z.strictObject({ arguments: z.record(z.string(), z.unknown()), result: jsonValueSchema }))
      .min(1, "needs at least one case")
      .max(64, "at most 64 cases")
      .optional(),
  })
  .refine((entry) => entry.result !== undefined || entry.cases !== undefined, { message: "needs a result, or cases keyed on arguments" });

/** `toolResults`: per offered tool's name, its canned result. */
export const toolResultsSchema = z.record(z.string().min(1), toolResultSchema);

export const maxToolStepsSchema = z.number().int().min(2, "at least 2: the call and the answer after its result").max(MAX_TOOL_STEPS, `at most ${MAX_TOOL_STEPS}`);

export type ToolResults = z.output<typeof toolResultsSchema>;

/** The text a `tool` message carries back for one call: the canned result, or why there is none (a model reads that too). */
export function toolResultText(results: ToolResults, call: { name: string; arguments: string }): string {
  const entry = Object.hasOwn(results, call.name) ? results[call.name] : undefined;
  if (entry === undefined) return JSON.stringify({ error: `no tool named ${call.name}` });
  const parsed = parsedArguments(call.arguments);
  const matched = parsed === undefined ? undefined : entry.cases?.find((row) => argumentsMatch(parsed, row.arguments, "subset"));
  const result = matched?.result ?? entry.result;
  if (result === undefined) return JSON.stringify({ error: "no result for these arguments" });
  return typeof result === "string" ? result : JSON.stringify(result);
}

function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface ToolLoopProblem {
  path: string[];
  message: string;
}

/** What a tool loop needs of the rest of the scenario: chat, tools offered, and a result only for a tool offered. */
export function toolLoopProblems(scenario: { task: string; parameters: Readonly<Record<string, unknown>>; toolResults?: ToolResults | undefined; maxToolSteps?: number | undefined }): ToolLoopProblem[] {
  if (scenario.toolResults === undefined) {
    return scenario.maxToolSteps === undefined ? [] : [{ path: ["maxToolSteps"], message: "needs toolResults: without results there is no loop to limit" }];
  }
  if (scenario.task !== "chat-completion") return [{ path: ["toolResults"], message: `only chat-completion runs tool loops, not ${scenario.task}` }];
  const offered = offeredToolNames(scenario.parameters);
  if (offered.length === 0) return [{ path: ["toolResults"], message: "needs parameters.tools: the loop answers calls of the tools offered" }];
  return Object.keys(scenario.toolResults)
    .filter((name) => !offered.includes(name))
    .map((name) => ({ path: ["toolResults", name], message: `names no offered tool (offered: ${offered.join(", ")})` }));
}

/** The function names of `parameters.tools` (checked apart: tool-parameters.ts). */
function offeredToolNames(parameters: Readonly<Record<string, unknown>>): string[] {
  if (!Array.isArray(parameters.tools)) return [];
  return parameters.tools.flatMap((tool: unknown) => {
    const name = (tool as { function?: { name?: unknown } } | null)?.function?.name;
    return typeof name === "string" ? [name] : [];
  });
}
