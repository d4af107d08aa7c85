// `inputs.trace` in a scenario (docs/workloads.md): a production trace replayed at its own times, with
// prompts of its lengths. How many requests it holds is known only once its file is read, when the run
// starts (run/trace-prompts.ts); until then the scenario shows one input that says so. A trace is an
// open loop whose times are the trace's, so the scenario's own load may only cap it, not pace it.
import { findTaskDefinition, type TaskDefinition } from "../tasks";
import { DEFAULT_CORPUS_ID, DEFAULT_OFFLINE_ENCODING, type RequestSpec, type SyntheticInputs, type TraceInputs } from "../workloads";
import { promptInput } from "./prompt-input";
import { generatedPromptProblems, type SyntheticInputProblem } from "./synthetic-inputs";
import type { ExpandedInput, RunSettings, Scenario } from "./types";

export function isTraceInputs(inputs: Scenario["inputs"] | undefined): inputs is { trace: TraceInputs } {
  return inputs !== undefined && !Array.isArray(inputs) && "trace" in inputs;
}

/** A trace's request as an input of `task`: its lengths, when it is sent, and the hash ids its prompt used. */
export function traceInput(index: number, request: RequestSpec, definition: TaskDefinition | undefined): ExpandedInput {
  const input: ExpandedInput = {
    ...promptInput(index, request.prompt, definition),
    requestedInputTokens: request.inputTokens,
    requestedOutputTokens: request.requestedOutputTokens,
    traceAtMs: request.atMs ?? 0,
  };
  if (request.prefixHashIds !== undefined) input.traceHashIds = request.prefixHashIds;
  return input;
}

/** Before the file is read: one input saying what the run will send (validation, the plan shown before a run). */
export function tracePlaceholders(settings: TraceInputs, task: string | undefined): ExpandedInput[] {
  return [promptInput(0, `the requests of trace ${settings.file}, read when the run starts`, findTaskDefinition(task ?? "chat-completion"))];
}

/** What the rest of a scenario must say for a trace: a task it fits, no length of its own, a load that only caps it. */
export function traceInputProblems(scenario: { task: string; parameters: Record<string, unknown>; run: RunSettings; inputs: { trace: TraceInputs } }): SyntheticInputProblem[] {
  const problems = generatedPromptProblems(scenario, "trace", scenario.inputs.trace.tokenizer, "the trace's output lengths");
  if (scenario.run.repetitions !== 1) {
    problems.push({ path: ["run", "repetitions"], message: "a trace is replayed once: leave repetitions at 1 (replay more of it with inputs.trace.to)" });
  }
  const load = scenario.run.load;
  if (load === undefined) return problems;
  const paced = "the trace's times say when each request goes";
  if (load.mode !== "open") problems.push({ path: ["run", "load", "mode"], message: `a trace replays as an open loop (${paced}): leave run.load out, or make it "open" to cap it with maxInFlight` });
  if (load.mode === "open" && load.rate !== undefined) problems.push({ path: ["run", "load", "rate"], message: `${paced}: leave rate out (inputs.trace.speedup scales them)` });
  if (load.sweep !== undefined) problems.push({ path: ["run", "load", "sweep"], message: `${paced}: a trace is not swept` });
  for (const key of ["durationMs", "requests"] as const) {
    if (load[key] !== undefined) problems.push({ path: ["run", "load", key], message: "the trace's window (inputs.trace.from and to) says how much is sent: leave it out" });
  }
  return problems;
}

/**
 * One short prompt in a trace's place, counted by its tokenizer: what a probe of each target sends (the
 * all-providers preflight), which needs one request each, not the trace's times.
 */
export function traceProbeInputs(trace: TraceInputs): { synthetic: SyntheticInputs } {
  return { synthetic: { inputTokens: 32, outputTokens: 8, count: 1, seed: trace.seed, tokenizer: trace.tokenizer ?? DEFAULT_OFFLINE_ENCODING, corpus: DEFAULT_CORPUS_ID } };
}
