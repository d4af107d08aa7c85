// The shape every task of the registry has (src/core/tasks/<task>.ts): what one scenario input is, how the
// library's own task method is called with it, and what a record keeps of the answer.
import type { InferenceClient, InferenceProviderOrPolicy, InferenceTask } from "@huggingface/inference";
import type { z } from "zod";
import type { OwnEndpointApi } from "./endpoint-api-names";
import type { MediaFigures } from "./media-figures";
import type { BlobRef } from "./output-value";
import type { ToolCallMade } from "./tool-calls";

/** Token counts of one answer, as the provider reported them (null: not reported). */
export interface TokenUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  /** usage.completion_tokens_details.reasoning_tokens, when the provider reports it (part of completionTokens). */
  reasoningTokens?: number | null;
  /** usage.prompt_tokens_details.cached_tokens, when the provider reports it (part of promptTokens, served from its prompt cache). */
  cachedInputTokens?: number | null;
}

/** What one task call gives back; the runner's call (run/targets.ts) adds the media figures. */
export interface TargetCallResult {
  /** Text output, or a one-line summary of a structured or binary answer ("POSITIVE 0.98", "3 boxes"). */
  output: string;
  /** Only text has output tokens to count or estimate, and checks to read it; a value (labels, a vector, an image) has neither. */
  outputKind: "text" | "value";
  /** The record's outputValue (record.ts): the parsed answer or a BlobRef; null when the text says it all. */
  outputValue?: unknown;
  /** Audio seconds sent and received, images received (media-figures.ts); absent for a call that has none. */
  media?: MediaFigures;
  usage: TokenUsage | null;
  /** Stream events received (0 when not streaming). */
  chunkCount: number;
  /** Stream events that carried output content: the token count when the provider reports none. */
  contentChunkCount: number;
  /** Stream events that carried reasoning (a reasoning_content or reasoning delta) instead of answer text. */
  reasoningChunkCount?: number;
  /** A stream chunk carried a finish reason: the answer is complete even if no [DONE] follows. */
  finished?: boolean;
  /** The tool calls the answer made (tool-calls.ts), whole; absent when the request offered no tools. */
  toolCalls?: ToolCallMade[];
  /** The shape the answer came in ("openai.embeddings", "tei.embed"), for a task that reads more than one (the record's answerShape). */
  answerShape?: string;
}

/**
 * An answer chunk carries `content`; a reasoning chunk carries `reasoning_content` or `reasoning`; a tool
 * call chunk a piece of a call (`tool_calls`): all three are generated output.
 */
export type OutputChunkKind = "answer" | "reasoning" | "toolCall";

/** What the attempt hands a task call: its fetch and signal, and where it reports each stream event. */
export interface CallHooks {
  fetch: typeof fetch;
  signal: AbortSignal;
  /** Called for every stream event that carries output, answer or reasoning, as soon as it is parsed. */
  onContent(kind: OutputChunkKind): void;
  /** The file an answer points to, through the target's transport and origin rule (answer-urls.ts). */
  fetchAnswerUrl(url: string): Promise<Blob>;
}

/** What every library call of one attempt gets: the attempt's fetch and signal, and never the library's own retry. */
export interface LibraryRequestOptions {
  fetch: typeof fetch;
  signal: AbortSignal;
  retry_on_error: false;
}

export interface TaskCallContext {
  client: InferenceClient;
  /** `{ provider, model }` for a provider target, `{ model }` for an endpoint target: spread last into the library's arguments. */
  routing: { provider?: InferenceProviderOrPolicy; model: string };
  /** The scenario's parameters, routing keys removed: passed through as the task's `parameters` (or top level for chat). */
  parameters: Record<string, unknown>;
  /** run.stream: only tasks that stream see it true. */
  stream: boolean;
  hooks: CallHooks;
  options: LibraryRequestOptions;
  /** A binary answer's reference, its bytes handed to the run's blob sink (output-value.ts). */
  keepBlob(blob: Blob): Promise<BlobRef>;
  /**
   * An endpoint target's address as resolved (`sandbox:` made http, no trailing slash, no task route): where
   * a call of `apiCalls` puts its API's route. Absent for a provider target.
   */
  endpointUrl?: string;
}

/** One call of a task: an input in, the record's part of the answer out. */
export type TaskCall<Input> = (input: Input, context: TaskCallContext) => Promise<TargetCallResult>;

/**
 * What a task's answers let a run measure beyond latency, outcomes and cost (measured-figures.ts): the
 * figures its default columns and verdict lead with. Time to first token follows from `streams` and the
 * run's `stream`, the pass rate from the scenario's checks, so neither is listed here.
 */
export type TaskFigure =
  /** Generated text whose tokens are counted: output tokens/s. */
  | "generatedTokens"
  /** A recording sent (its duration read from the file): real-time factor, audio seconds per second. */
  | "inputAudio"
  /** Speech in the answer: speech seconds per second. */
  | "outputAudio"
  /** Images in the answer: latency per image. */
  | "outputImages";

/**
 * One runnable task. `Input` is one scenario input once its `{ "file": … }` parts are read (Blobs); the
 * schema checks it as written in the file.
 */
export interface TaskDefinition<Input = unknown> {
  /** The pipeline type (chat-completion for conversational chat): the scenario's `task`. */
  id: string;
  /** The task name the library's provider helpers know it by (getProviderHelper): which providers serve it. */
  libraryTask: InferenceTask;
  /** One scenario input as written: a string, or an object with `{ "file": "…" }` for binary parts. */
  input: z.ZodType;
  /** A plain string is a whole input: templates may render it (chat turns it into a user message). */
  acceptsText: boolean;
  /** Whether the answer can come as a stream of tokens (run.stream). */
  streams: boolean;
  /** The output is text: its tokens are counted and the scenario's checks (expectations) read it. */
  textOutput: boolean;
  /** What its answers measure beyond latency (TaskFigure): which figures its tables and verdict show by default. */
  figures: readonly TaskFigure[];
  /**
   * Appended to an endpoint URL that ends in `/v1` (the OpenAI-style base the sandbox and vLLM expose), so
   * one endpoint URL serves every task; any other endpoint URL is the task's route as given (TEI, TGI, an
   * hf-inference-style endpoint). Absent: the library picks the route itself (chat, completions).
   */
  endpointRoute?: string;
  /** A short one-line text of the input, for tables and CSV (the prompt, the question, the file name). */
  describeInput(input: unknown): string;
  /**
   * The library's `inputs` from one input as validated (or a template's rendered text, for a task that
   * accepts text); `{ "file": … }` parts stay references until the run reads them.
   */
  toValue(input: unknown): Input;
  call(input: Input, context: TaskCallContext): Promise<TargetCallResult>;
  /**
   * The APIs besides the default an endpoint target may speak for this task (a target's `api`), each with
   * its own call, which builds that API's request and reads its answers into the same record as `call`'s
   * (tasks/apis/). Absent: the task speaks the default only, and a target naming another API is refused.
   */
  apiCalls?: Partial<Record<OwnEndpointApi, TaskCall<Input>>>;
}
