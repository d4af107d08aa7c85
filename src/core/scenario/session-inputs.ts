// `inputs.sessions` in a scenario (docs/workloads.md, "Sessions"): multi-turn conversations for
// chat-completion. Each turn is one input of the run, in session order; the runner sends a turn with the
// conversation before it (run/session-loop.ts). Synthetic turns' lengths are drawn from the seed alone,
// so a scenario is counted and checked without a tokenizer; a file's turns are read when the run starts.
import { type ChatMessage, findTaskDefinition } from "../tasks";
import { drawSyntheticSessions, type SessionInputs, type SessionSpec, type SyntheticSessionTurns } from "../workloads";
import type { ExpandedInput, Scenario } from "./types";

/** Sessions are chat: every turn sends the messages before it. */
export const SESSION_INPUT_TASKS: readonly string[] = ["chat-completion"];

export function isSessionInputs(inputs: Scenario["inputs"]): inputs is { sessions: SessionInputs } {
  return !Array.isArray(inputs) && "sessions" in inputs;
}

/** The sessions' turns as the run's inputs, in order: session 0's turns, then session 1's, … */
export function sessionTurnInputs(sessions: readonly SessionSpec[]): ExpandedInput[] {
  const definition = findTaskDefinition("chat-completion");
  const inputs: ExpandedInput[] = [];
  for (const session of sessions) {
    session.turns.forEach((turn, position) => {
      // The turn's own messages; the runner puts the conversation before them.
      const messages: ChatMessage[] = position === 0 && session.system !== undefined ? [{ role: "system", content: session.system }] : [];
      messages.push({ role: "user", content: turn.prompt });
      const input: ExpandedInput = { index: inputs.length, messages, prompt: turn.prompt, value: definition ? definition.toValue({ messages }) : messages };
      if (turn.requestedOutputTokens !== undefined) input.requestedOutputTokens = turn.requestedOutputTokens;
      input.session = { id: session.id, turn: position + 1, turns: session.turns.length, thinkMs: turn.thinkMs };
      inputs.push(input);
    });
  }
  return inputs;
}

/**
 * The inputs before the run reads or cuts them: synthetic turns with their lengths and a description of
 * their text; a file's sessions one placeholder turn each (their turns are known once the file is read).
 */
export function sessionPlaceholders(settings: SessionInputs): ExpandedInput[] {
  if (settings.synthetic !== undefined) return sessionTurnInputs(drawSyntheticSessions(settings as SessionInputs & { synthetic: SyntheticSessionTurns }));
  const placeholders = Array.from({ length: settings.count }, (_, index): SessionSpec => ({ id: `conversation-${index}`, turns: [{ prompt: `a conversation of ${settings.file ?? "the file"}, read when the run starts`, thinkMs: 0 }] }));
  return sessionTurnInputs(placeholders);
}

const LENGTH_PARAMETERS = ["max_tokens", "max_completion_tokens", "max_new_tokens", "min_tokens", "min_new_tokens", "ignore_eos"] as const;

export interface SessionInputProblem {
  path: (string | number)[];
  message: string;
}

/** What the rest of a scenario must say for sessions: chat, a load the chains can run in, no answer length of its own for synthetic turns. */
export function sessionInputProblems(scenario: { task: string; parameters: Record<string, unknown>; inputs: { sessions: SessionInputs }; run: Scenario["run"] }): SessionInputProblem[] {
  const problems: SessionInputProblem[] = [];
  if (!SESSION_INPUT_TASKS.includes(scenario.task)) problems.push({ path: ["inputs", "sessions"], message: `${scenario.task} does not take sessions (only chat-completion does: each turn sends the messages before it)` });
  const { synthetic } = scenario.inputs.sessions;
  if (synthetic !== undefined) {
    for (const key of LENGTH_PARAMETERS) {
      if (Object.hasOwn(scenario.parameters, key)) problems.push({ path: ["parameters", key], message: "set by inputs.sessions.synthetic.outputTokens for each turn: leave it out" });
    }
  }
  const load = scenario.run.load;
  if (load?.sweep !== undefined) problems.push({ path: ["run", "load", "sweep"], message: "not with sessions yet: give one concurrency (users) or one rate (sessions arriving per second)" });
  if (load?.requests !== undefined) problems.push({ path: ["run", "load", "requests"], message: "not with sessions: a session is several requests; give durationMs, or leave both out to run every session" });
  if (load?.mode === "open" && (load.maxInFlight !== undefined || load.maxQueue !== undefined)) {
    problems.push({ path: ["run", "load", load.maxInFlight !== undefined ? "maxInFlight" : "maxQueue"], message: "not with sessions yet: a session's turns are never dropped" });
  }
  return problems;
}
