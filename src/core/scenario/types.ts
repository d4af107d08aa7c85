// The scenario's types, read from the file format's schema (schema.ts) as types only: a module that needs
// the shape of a scenario imports none of its checks, nor the task registry they consult.
import type { z } from "zod";
import type { ChatMessage, Task } from "../tasks";
import type { CacheProbe } from "../workloads";
import type { scenarioBaseSchemaWith } from "./schema";

/** The fields as parsed, defaults applied; `task` narrowed to the tasks ProviderBench runs. */
export type Scenario = Omit<z.output<ReturnType<typeof scenarioBaseSchemaWith>>, "task"> & { task: Task };
export type ScenarioTarget = Scenario["targets"][number];
export type ProviderTarget = ScenarioTarget & { provider: NonNullable<ScenarioTarget["provider"]> };
export type RunSettings = Scenario["run"];
export type RetryPolicy = RunSettings["retry"];
export type LoadSettings = NonNullable<RunSettings["load"]>;
export type OpenLoadSettings = Extract<LoadSettings, { mode: "open" }>;
export type SweepSettings = NonNullable<LoadSettings["sweep"]>;
export type { ChatMessage };

/** One input as every target receives it, expanded from the scenario (inputs.ts). */
export interface ExpandedInput {
  index: number;
  /** Chat messages for chat-completion; otherwise a single user message holding the prompt. */
  messages: ChatMessage[];
  /** The prompt text: the last user message, or a one-line text of the input (question, file name), for tables and CSV. */
  prompt: string;
  /**
   * The task's `inputs` as the library takes them (tasks/<task>.ts): the prompt, the messages, an object.
   * Binary parts are `{ file }` references until resolveInputFiles reads them into Blobs.
   */
  value: unknown;
  /** A synthetic prompt (inputs.synthetic): its tokens under the run's tokenizer, exactly. */
  requestedInputTokens?: number;
  /** A synthetic prompt: the answer's tokens asked for (max_tokens, and min_tokens where honoured). */
  requestedOutputTokens?: number;
  /** A turn of a session (inputs.sessions): which session, which turn of how many, the think time before it. */
  session?: SessionTurn;
  /** A synthetic prompt of a scenario that probes the prefix cache (inputs.synthetic.prefixCache): warm or cold. */
  cacheProbe?: CacheProbe;
  /** A trace's request (inputs.trace): when it is sent, in milliseconds from the replay's start (speed-up applied). */
  traceAtMs?: number;
  /** A trace's request: the hash ids its prompt's leading blocks stand for. */
  traceHashIds?: number[];
}

/** Where a session's turn stands: the runner sends it after `thinkMs`, with the conversation before it. */
export interface SessionTurn {
  id: string;
  /** From 1. */
  turn: number;
  turns: number;
  thinkMs: number;
}

export interface ScenarioError {
  /** Dotted path with indexes, e.g. `targets[1].model`; empty for the file as a whole. */
  path: string;
  message: string;
}

export type ScenarioParseResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };
