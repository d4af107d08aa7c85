// `inputs.synthetic` in a scenario (docs/workloads.md): prompts of exact token lengths, for the tasks that
// take a text prompt and answer with generated text. Their lengths are drawn from the seed alone, so a
// scenario is counted and checked without a tokenizer; their text is cut when the run starts
// (run/synthetic-prompts.ts), and every input carries the lengths it was asked for.
import { findTaskDefinition, type TaskDefinition } from "../tasks";
import { cacheProbeAt, drawSyntheticLengths, type CacheProbe, type SyntheticInputs, type SyntheticLengths } from "../workloads";
import type { ExpandedInput } from "./types";
import { promptInput } from "./prompt-input";
import type { Scenario } from "./types";

/** The tasks a synthetic prompt fits: a text prompt in, generated text out, its length asked with max_tokens. */
export const SYNTHETIC_INPUT_TASKS: readonly string[] = ["chat-completion", "text-generation"];

export function isSyntheticInputs(inputs: Scenario["inputs"]): inputs is { synthetic: SyntheticInputs } {
  return !Array.isArray(inputs) && "synthetic" in inputs;
}

/** A synthetic prompt as an input of `task`, with the lengths it was asked for (and, probing the cache, whether it is warm or cold). */
export function syntheticInput(index: number, prompt: string, lengths: SyntheticLengths & { cacheProbe?: CacheProbe }, definition: TaskDefinition | undefined): ExpandedInput {
  const input: ExpandedInput = { ...promptInput(index, prompt, definition), requestedInputTokens: lengths.inputTokens, requestedOutputTokens: lengths.requestedOutputTokens };
  if (lengths.cacheProbe !== undefined) input.cacheProbe = lengths.cacheProbe;
  return input;
}

/**
 * The inputs before their text is cut: each with its lengths, its prompt a description of what will be
 * sent. What validation, the run's plan and the tables read; the run replaces them (run/synthetic-prompts.ts).
 */
export function syntheticPlaceholders(settings: SyntheticInputs, task: string | undefined): ExpandedInput[] {
  const definition = findTaskDefinition(task ?? "chat-completion");
  return drawSyntheticLengths(settings).map((lengths, index) => {
    const cacheProbe = cacheProbeAt(settings.prefixCache, index);
    const described = cacheProbe === "cold" ? `a prompt of ${lengths.inputTokens} tokens, its prefix behind a line of its own (cold),` : `a prompt of ${lengths.inputTokens} tokens`;
    return syntheticInput(index, `${described} cut from the corpus when the run starts`, { ...lengths, ...(cacheProbe === undefined ? {} : { cacheProbe }) }, definition);
  });
}

/** Request parameters that ask for an answer's length: with synthetic inputs the requested length sets them. */
export const LENGTH_PARAMETERS = ["max_tokens", "max_completion_tokens", "max_new_tokens", "min_tokens", "min_new_tokens", "ignore_eos"] as const;

export interface SyntheticInputProblem {
  path: (string | number)[];
  message: string;
}

/** What the rest of a scenario must say for its synthetic inputs: a task they fit, no length of its own. */
export function syntheticInputProblems(scenario: { task: string; parameters: Record<string, unknown>; inputs: { synthetic: SyntheticInputs } }): SyntheticInputProblem[] {
  return generatedPromptProblems(scenario, "synthetic", scenario.inputs.synthetic.tokenizer, "inputs.synthetic.outputTokens");
}

/**
 * What the rest of a scenario must say for prompts ProviderBench cuts itself (`inputs.synthetic`,
 * `inputs.trace`): a task they fit, a tokenizer at hand, no answer length of its own (`lengthFrom` sets it).
 */
export function generatedPromptProblems(
  scenario: { task: string; parameters: Record<string, unknown> },
  kind: "synthetic" | "trace",
  tokenizer: SyntheticInputs["tokenizer"] | undefined,
  lengthFrom: string,
): SyntheticInputProblem[] {
  const problems: SyntheticInputProblem[] = [];
  if (!SYNTHETIC_INPUT_TASKS.includes(scenario.task)) {
    problems.push({ path: ["inputs", kind], message: `${scenario.task} does not take ${kind === "trace" ? "a trace's" : "synthetic"} prompts (${SYNTHETIC_INPUT_TASKS.join(" and ")} do)` });
  }
  for (const key of LENGTH_PARAMETERS) {
    if (Object.hasOwn(scenario.parameters, key)) {
      problems.push({ path: ["parameters", key], message: `set by ${lengthFrom} for each request: leave it out (the record keeps the length asked for)` });
    }
  }
  return problems;
}
