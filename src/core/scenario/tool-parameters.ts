// The tools a scenario offers (`parameters.tools`, OpenAI's function schema) and its `tool_choice`, checked
// as a shape: each error names its field (`parameters.tools[1].function.name`). They are sent as written;
// the tools' own JSON Schemas are compiled where answers are judged (tool-checks.ts), so this file, which
// validation on the first screen reaches, carries no schema validator.
import { z } from "zod";
import type { ParameterProblem } from "./parameter-problem";

/** OpenAI's rule for a function's name; providers that follow the API refuse others. */
const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const toolNameSchema = z
  .string({ error: "required (the function's name)" })
  .regex(TOOL_NAME_PATTERN, "must be 1-64 letters, digits, '_' or '-'");

/** Loose objects: a provider's own extra keys (`strict`, `cache_control`) pass through to it. */
const toolSchema = z.looseObject({
  type: z.literal("function", { error: 'must be "function"' }),
  function: z.looseObject({
    name: toolNameSchema,
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown(), { error: "must be a JSON Schema object" }).optional(),
  }),
});

const toolsSchema = z.array(toolSchema, { error: "must be a list of tools" }).min(1, "needs at least one tool, or leave tools out");

const toolChoiceSchema = z.union(
  [
    z.enum(["none", "auto", "required"]),
    z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: toolNameSchema }) }),
  ],
  { error: 'must be "none", "auto", "required" or { "type": "function", "function": { "name": … } }' },
);

/** The tools' and tool_choice's problems, relative to `parameters`; none when the scenario offers no tools. */
export function checkToolParameters(parameters: Readonly<Record<string, unknown>>): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  const hasTools = parameters.tools !== undefined;
  if (hasTools) {
    const tools = toolsSchema.safeParse(parameters.tools);
    problems.push(...issuesAt(["tools"], tools));
    // Answers are judged by the tool they name: two tools of one name could not be told apart.
    const seen = new Set<string>();
    tools.data?.forEach((tool, index) => {
      if (seen.has(tool.function.name)) problems.push({ path: ["tools", index, "function", "name"], message: `"${tool.function.name}" is offered twice` });
      seen.add(tool.function.name);
    });
  }
  if (parameters.tool_choice === undefined) return problems;
  if (!hasTools) return [...problems, { path: ["tool_choice"], message: "needs tools: there is nothing to choose from" }];
  const choice = toolChoiceSchema.safeParse(parameters.tool_choice);
  problems.push(...issuesAt(["tool_choice"], choice));
  if (choice.success && typeof choice.data === "object" && problems.length === 0) {
    const named = choice.data.function.name;
    const offered = (parameters.tools as { function: { name: string } }[]).map((tool) => tool.function.name);
    if (!offered.includes(named)) problems.push({ path: ["tool_choice", "function", "name"], message: `names no offered tool (offered: ${offered.join(", ")})` });
  }
  return problems;
}

function issuesAt(prefix: (string | number)[], result: z.ZodSafeParseResult<unknown>): ParameterProblem[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: [...prefix, ...issue.path.map((key) => (typeof key === "symbol" ? String(key) : key))], message: issue.message }));
}
