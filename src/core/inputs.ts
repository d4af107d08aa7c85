// Expands a scenario's inputs (literal list, or Jinja template × variable rows) into the concrete
// requests' payloads, so every target receives exactly the same inputs.
import type { ChatMessage, Scenario, ScenarioError } from "./scenario";
import { createTemplateBudget, parseTemplate, renderTemplate, TemplateLimitError, type TemplateLimits } from "./template";

export interface ExpandedInput {
  index: number;
  /** Chat messages for chat-completion; otherwise a single user message holding the prompt. */
  messages: ChatMessage[];
  /** The prompt text: the last user message, for tables and CSV. */
  prompt: string;
}

export type ExpandInputsResult = { ok: true; inputs: ExpandedInput[] } | { ok: false; errors: ScenarioError[] };

/** Renders a template within `limits` (all rows together): a hostile template fails, naming `inputs.template`. */
export function expandInputs(scenario: Pick<Scenario, "inputs">, limits?: TemplateLimits): ExpandInputsResult {
  const { inputs } = scenario;
  if (Array.isArray(inputs)) {
    return {
      ok: true,
      inputs: inputs.map((input, index) =>
        typeof input === "string" ? promptInput(index, input) : messagesInput(index, input.messages),
      ),
    };
  }
  let template: ReturnType<typeof parseTemplate>;
  try {
    template = parseTemplate(inputs.template);
  } catch (error) {
    return { ok: false, errors: [{ path: "inputs.template", message: `bad template: ${(error as Error).message}` }] };
  }
  const budget = createTemplateBudget(limits);
  const expanded: ExpandedInput[] = [];
  const errors: ScenarioError[] = [];
  for (const [index, row] of inputs.variables.entries()) {
    try {
      const prompt = renderTemplate(template, row, budget);
      const messages: ChatMessage[] = inputs.system === undefined ? [] : [{ role: "system", content: inputs.system }];
      messages.push({ role: "user", content: prompt });
      expanded.push({ index, messages, prompt });
    } catch (error) {
      // Over a limit (or out of stack): the template is at fault, and the rest of the rows are not tried.
      if (error instanceof TemplateLimitError || error instanceof RangeError) {
        const rows = inputs.variables.length > 1 ? ` (stopped at inputs.variables[${index}])` : "";
        return { ok: false, errors: [{ path: "inputs.template", message: `${error.message}${rows}` }] };
      }
      errors.push({ path: `inputs.variables[${index}]`, message: `template failed: ${(error as Error).message}` });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, inputs: expanded };
}

function promptInput(index: number, prompt: string): ExpandedInput {
  return { index, messages: [{ role: "user", content: prompt }], prompt };
}

function messagesInput(index: number, messages: ChatMessage[]): ExpandedInput {
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  return { index, messages, prompt: lastUser?.content ?? messages[messages.length - 1]?.content ?? "" };
}
