// One text prompt as an expanded input of the scenario's task: a chat task takes it as a user message
// (after the system message, if any), any other task the text itself. Templates and synthetic prompts
// both make their inputs here.
import type { ChatMessage, TaskDefinition } from "../tasks";
import type { ExpandedInput } from "./types";

export function promptInput(index: number, prompt: string, definition: TaskDefinition | undefined, system?: string): ExpandedInput {
  const messages: ChatMessage[] = system === undefined ? [] : [{ role: "system", content: system }];
  messages.push({ role: "user", content: prompt });
  const toValue = (input: unknown): unknown => (definition ? definition.toValue(input) : input);
  const value = definition?.libraryTask === "conversational" ? toValue({ messages }) : toValue(prompt);
  return { index, messages, prompt, value };
}
