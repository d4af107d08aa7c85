// Expands a scenario's inputs (literal list, or Jinja template × variable rows) into the concrete
// requests' payloads, so every target receives exactly the same inputs.
import { Template } from "@huggingface/jinja";
import type { ChatMessage, Scenario, ScenarioError } from "./scenario";

export interface ExpandedInput {
  index: number;
  /** Chat messages for chat-completion; otherwise a single user message holding the prompt. */
  messages: ChatMessage[];
  /** The prompt text: the last user message, for tables and CSV. */
  prompt: string;
}

export type ExpandInputsResult = { ok: true; inputs: ExpandedInput[] } | { ok: false; errors: ScenarioError[] };

export function expandInputs(scenario: Pick<Scenario, "inputs">): ExpandInputsResult {
  const { inputs } = scenario;
  if (Array.isArray(inputs)) {
    return {
      ok: true,
      inputs: inputs.map((input, index) =>
        typeof input === "string" ? promptInput(index, input) : messagesInput(index, input.messages),
      ),
    };
  }
  let template: Template;
  try {
    template = new Template(inputs.template);
  } catch (error) {
    return { ok: false, errors: [{ path: "inputs.template", message: `bad template: ${(error as Error).message}` }] };
  }
  const expanded: ExpandedInput[] = [];
  const errors: ScenarioError[] = [];
  inputs.variables.forEach((row, index) => {
    try {
      const prompt = template.render(row);
      const messages: ChatMessage[] = inputs.system === undefined ? [] : [{ role: "system", content: inputs.system }];
      messages.push({ role: "user", content: prompt });
      expanded.push({ index, messages, prompt });
    } catch (error) {
      errors.push({ path: `inputs.variables[${index}]`, message: `template failed: ${(error as Error).message}` });
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, inputs: expanded };
}

function promptInput(index: number, prompt: string): ExpandedInput {
  return { index, messages: [{ role: "user", content: prompt }], prompt };
}

function messagesInput(index: number, messages: ChatMessage[]): ExpandedInput {
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  return { index, messages, prompt: lastUser?.content ?? messages[messages.length - 1]?.content ?? "" };
}
