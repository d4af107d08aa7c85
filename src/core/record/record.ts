// The one record type: a single request attempt, as measured. Field names are fixed (docs/metrics.md),
// because they are also the JSONL keys and the CSV header.

/**
 * Why a request failed: the error kinds of docs/metrics.md. Append new kinds at the end: stored record
 * columns (record-columns.ts) keep a kind as its place in this list.
 */
export const ERROR_KINDS = [
  "http_4xx",
  "rate_limited",
  "http_5xx",
  "timeout",
  "network",
  "bad_response",
  "aborted",
  "input",
  // The open loop's own refusal: an arrival found the in-flight cap reached and the queue full, and was
  // never sent (docs/metrics.md). Counted apart, like aborted: it says nothing about the provider.
  "dropped",
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** A kind a file names (an import's counter, a summary's key) that is one of ours. */
export function isErrorKind(kind: string): kind is ErrorKind {
  return (ERROR_KINDS as readonly string[]).includes(kind);
}

export type RecordStatus = "ok" | "error";

export interface RequestRecord {
  runId: string;
  targetId: string;
  /** Index into the scenario's expanded input list. */
  inputIndex: number;
  /** 0-based repetition of this input (warm-up requests count their own repetitions from 0). */
  repetition: number;
  /** 1-based attempt number; > 1 only when the retry policy retried. */
  attempt: number;
  warmup: boolean;
  /** Wall clock at t0, epoch ms. */
  startedAt: number;
  /** t0 to the first chunk carrying output content; streaming only, else null. */
  ttftMs: number | null;
  /** t0 to the last byte of the response (or to the failure). */
  latencyMs: number;
  status: RecordStatus;
  errorKind: ErrorKind | null;
  httpStatus: number | null;
  errorMessage: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** True when outputTokens was counted from the stream rather than reported by the provider. */
  tokensEstimated: boolean;
  /** Number of stream events (chunks) received; 0 for non-streaming requests. */
  chunkCount: number;
  /** Text output, a vector summary ("dim=768 [0.01, …]"), or "blob:<id>" for binary outputs. */
  output: string | null;
  /**
   * Bytes of the whole response body as received (after any decompression), framing included: the JSON
   * envelope or every event-stream line, not just the output text. The size of what the provider sent.
   */
  outputBytes: number;
  /** True when `output` was cut to the run's kept-output limit (the whole answer was still read and counted). */
  truncated: boolean;
  /**
   * The scenario's checks of this input (expectations), judged on the whole output before any cut:
   * true when all passed, false when one failed, null when the input has none or the request failed.
   */
  checksPassed: boolean | null;
  /** The names of the checks that failed, comma-separated; null when none failed. */
  failedChecks: string | null;
  // HTTP phases (docs/metrics.md): measured at the socket by the command line's transport; null where not
  // seen (a browser shows them only through Resource Timing, and only where the server allows it).
  // Absent (undefined) in records stored before phases were measured: read them as null.
  /** Name lookup and TCP connect of a new connection; null when the request reused one. */
  connectMs?: number | null;
  /** TLS handshake of a new https connection; null otherwise. */
  tlsMs?: number | null;
  /** Request sent (its last byte written) → response headers received. */
  waitingMs?: number | null;
  /** Response headers → the answer's last byte (the end of latency). */
  receivingMs?: number | null;
  /** The request went out on a connection that had already carried one. */
  connectionReused?: boolean | null;
  /**
   * The network's receipt of the answer's last byte → the client's read of it (part of latencyMs): the
   * client's own delay. Measured in a browser where Resource Timing is allowed; null in the command line,
   * whose reads follow the socket.
   */
  clientReadMs?: number | null;
  // Load models (src/core/load): when the attempt was due, how long it waited for its turn, and which
  // stage of a sweep it belongs to. Records stored before these fields existed read as null.
  /** When the attempt was due, epoch ms: its arrival in an open loop, the moment it got a concurrency slot in a closed one, the end of the backoff for a retry. */
  scheduledAt: number | null;
  /** From scheduledAt to the moment the request was handed to fetch (t0): the client's own queue. null when never sent. */
  queueMs: number | null;
  /** 0-based stage of a sweep (one level each); 0 for a run without a sweep. */
  stage: number | null;
  /** What the server asked in Retry-After (ms), on an answer that carried one; else null. */
  retryAfterMs: number | null;
  // Stream shape and token timing (docs/metrics.md, "Token timing"). Optional because records written
  // before they existed lack them; a measured record always has them, null when they do not apply.
  /** t0 to the first chunk carrying answer text (not reasoning); equals ttftMs for a model that does not reason aloud. */
  timeToFirstAnswerTokenMs?: number | null;
  /** The first output chunk to the second (the gap after the first token). */
  timeToSecondTokenMs?: number | null;
  /** t0 to the last chunk carrying output: where decoding ended, before any usage event or [DONE]. */
  lastTokenMs?: number | null;
  /** Stream events that carried output (answer or reasoning); chunkCount counts every event. */
  outputChunkCount?: number | null;
  /** Mean, median, 99th percentile and largest gap between consecutive output chunks of this stream. */
  chunkGapMeanMs?: number | null;
  chunkGapP50Ms?: number | null;
  chunkGapP99Ms?: number | null;
  maxChunkGapMs?: number | null;
  /** This stream's gaps as a log-bucket histogram, "bucket:count …" (src/core/stats/chunk-gaps.ts). */
  chunkGapHistogram?: string | null;
  /** Tokens spent reasoning: the provider's usage when it reports them, else one per reasoning event. */
  reasoningTokens?: number | null;
  /** True when reasoningTokens was counted from the stream rather than reported. */
  reasoningTokensEstimated?: boolean | null;
  // Images and audio (docs/metrics.md, "Images and audio"): what per-image and per-audio-second figures
  // rest on, read from the files' headers (media-info.ts). null where they do not apply or cannot be read.
  /** Seconds of audio sent (speech recognition, audio classification). */
  inputAudioSeconds?: number | null;
  /** Seconds of audio in the answer (text to speech). */
  outputAudioSeconds?: number | null;
  /** Images in the answer (text to image, image to image). */
  outputImages?: number | null;
  // Task outputs (src/core/tasks): absent in records stored before other tasks than text existed.
  /**
   * The task method's output as parsed, whole (labels, answers, entities, boxes, vectors: the library's
   * output types), or a BlobRef for a binary output (image, audio); null for text tasks, whose text is
   * `output`, and for failures. `output` then holds a one-line summary ("POSITIVE 0.98", "3 boxes").
   */
  outputValue?: unknown;
  // Prompt caching (docs/metrics.md, "Cost"): absent in records stored before it was read.
  /** Input tokens the provider served from its prompt cache (usage.prompt_tokens_details.cached_tokens, part of inputTokens); null when not reported. */
  cachedInputTokens?: number | null;
  // Tool calls (docs/metrics.md, "Tool calls"): only in records of a run whose requests offered tools
  // (`parameters.tools`); absent otherwise, and in records written before tool calls were measured.
  /** The calls the answer made, each judged; [] when it made none (answered in text); null when the request failed. */
  toolCalls?: RecordedToolCall[] | null;
  /** t0 to the first stream chunk carrying a piece of a tool call; null when not streamed or no call came. */
  timeToFirstToolCallMs?: number | null;
  /** t0 to the tool call complete: its last piece in a stream, the last byte otherwise; null without a call. */
  timeToToolCallMs?: number | null;
  /** Whether a call named the tool the input's toolCall expectation names; null when it names none. */
  rightTool?: boolean | null;
  // Endpoint APIs (docs/endpoint-apis.md): absent in records stored before a target could name the API it speaks.
  /**
   * The shape the answer was read in, for a task whose servers answer in more than one API:
   * "hf.feature-extraction", "openai.embeddings", "tei.embed", "openai.transcription", …; null otherwise.
   * outputValue is the same shape whichever it was.
   */
  answerShape?: string | null;
  // Synthetic prompts (docs/workloads.md): the lengths asked for, beside the measured inputTokens and
  // outputTokens. Absent in records of other inputs and in records written before synthetic prompts.
  /** The prompt's tokens, exactly, under the tokenizer the scenario names (inputs.synthetic.tokenizer). */
  requestedInputTokens?: number | null;
  /** The answer's tokens asked for (max_tokens, and min_tokens with ignore_eos where the target honours them). */
  requestedOutputTokens?: number | null;
  // Structured output (docs/metrics.md, "Structured output"): only in records of a run whose requests ask
  // for JSON (`parameters.response_format` of type json_schema or json_object); absent otherwise.
  /** How the answer's text met the response format asked for; null when the request failed. */
  structuredOutput?: StructuredOutputVerdict | null;
  // Tool loops (docs/metrics.md, "Tool loops"): only in records of a run whose scenario gives tool results
  // (`toolResults`); absent otherwise. The record's timings are the first step's; `output` is the final answer's.
  /** Requests the loop made, the first included (1: answered at once, in text). */
  toolSteps?: number | null;
  /** How the loop ended: "answer" (a step answered without calling), "step-limit" (maxToolSteps reached, still calling), "error" (a step failed). */
  toolLoopEnd?: ToolLoopEnd | null;
  /** The first request's t0 to the final answer's last byte; null unless the loop ended in an answer. */
  timeToFinalAnswerMs?: number | null;
  /** The calls of every step, in order, each judged as `toolCalls` is (the first entry is the first step's). */
  toolStepCalls?: RecordedToolCall[][] | null;
  // Multi-turn sessions (docs/workloads.md, "Sessions"): only in records of a run whose inputs are
  // sessions (inputs.sessions); absent otherwise and in records written before them.
  /** The conversation this request is a turn of: a ShareGPT conversation's id, or `session-<n>`; one id across targets. */
  sessionId?: string | null;
  /** Which turn of its session, from 1: the request sent the whole conversation before it, the previous answers included. */
  turn?: number | null;
  /** Turns the session has in all: its last turn answered means the session finished. */
  sessionTurns?: number | null;
  // Prefix caching, measured (docs/workloads.md, "Warm and cold"): only in records of a run whose synthetic
  // prompts probe the cache (inputs.synthetic.prefixCache); absent otherwise.
  /**
   * "warm": the prompt opened with the shared prefix, which a cache may serve; "cold": a line of its own
   * stood before the prefix, and no earlier request of the run had sent that prompt to the target; null: a
   * cold prompt sent again (a later repetition, a retry, or after a warm-up sent it), which is neither.
   */
  cacheProbe?: CacheProbeRecorded | null;
  // Trace replay (docs/workloads.md): only in records of a trace's requests (inputs.trace) whose trace
  // gives hash ids (Mooncake); absent otherwise. The trace's time is scheduledAt, from the run's start.
  /** The trace's hash ids the prompt's leading blocks stood for (equal leading ids, equal leading text). */
  traceHashIds?: number[] | null;
  // Reasoning effort (docs/workloads.md, "Reasoning effort"): only in records of a run that asked for one
  // (`parameters.reasoning_effort`, or a level of run.parameterSweep); absent otherwise.
  /** The effort the request asked for ("low", "medium", "high", …), as the scenario wrote it. */
  reasoningEffort?: string | null;
  // A tool loop's tokens (docs/metrics.md, "Tool loops"): every step's usage summed, beside the first step's
  // inputTokens/outputTokens/cachedInputTokens that the timing figures read. Only in records of a run whose
  // scenario gives tool results; absent otherwise and in records written before them. Cost reads these.
  /** Input tokens of every step, as reported; null when a step reported none (or the loop failed). */
  toolLoopInputTokens?: number | null;
  /** Output tokens of every step, as reported; null when a step reported none (an estimate is not summed). */
  toolLoopOutputTokens?: number | null;
  /** Cached input tokens of every step (part of toolLoopInputTokens); null when a step reported no cached count. */
  toolLoopCachedInputTokens?: number | null;
  // Ranking quality (docs/metrics.md, "Ranking quality"): only in records of a text-ranking run whose input
  // carries relevance labels; absent otherwise and in records written before it.
  /** NDCG@10 of the answer's ranking against the input's labels (linear gain); null when the request failed, the answer ranks no such documents, or every label is 0. */
  relevanceNdcg?: number | null;
}

export const TOOL_LOOP_ENDS = ["answer", "step-limit", "error"] as const;
export type ToolLoopEnd = (typeof TOOL_LOOP_ENDS)[number];

/** What a request was of a run that probes the prefix cache (RequestRecord.cacheProbe; workloads' CacheProbe). */
export const CACHE_PROBES_RECORDED = ["warm", "cold"] as const;
export type CacheProbeRecorded = (typeof CACHE_PROBES_RECORDED)[number];

/**
 * An answer judged against `response_format`: "valid" (parses as JSON, and is valid against the
 * json_schema's schema, or is a JSON object for json_object), "invalid-json" (does not parse: a Markdown
 * fence around it counts as not JSON, as a program reading it would find), "schema-mismatch" (parses,
 * but fails the schema, or is not an object for json_object).
 */
export const STRUCTURED_OUTPUT_VERDICTS = ["valid", "invalid-json", "schema-mismatch"] as const;
export type StructuredOutputVerdict = (typeof STRUCTURED_OUTPUT_VERDICTS)[number];

/** One tool call of an answer, as made and as judged against the tools the request offered. */
export interface RecordedToolCall {
  name: string;
  /** The arguments as the model wrote them (cut to the run's kept-output limit, like the output). */
  arguments: string;
  /** The whole arguments text parses as JSON. */
  argumentsJson: boolean;
  /** It names an offered tool and its arguments are valid against that tool's `parameters` schema. */
  valid: boolean;
}

/** Column order for CSV and the key order of JSONL lines. */
export const RECORD_FIELDS = [
  "runId",
  "targetId",
  "inputIndex",
  "repetition",
  "attempt",
  "warmup",
  "startedAt",
  "ttftMs",
  "latencyMs",
  "status",
  "errorKind",
  "httpStatus",
  "errorMessage",
  "inputTokens",
  "outputTokens",
  "tokensEstimated",
  "chunkCount",
  "output",
  "outputBytes",
  "truncated",
  "checksPassed",
  "failedChecks",
  "connectMs",
  "tlsMs",
  "waitingMs",
  "receivingMs",
  "connectionReused",
  "clientReadMs",
  "scheduledAt",
  "queueMs",
  "stage",
  "retryAfterMs",
  "timeToFirstAnswerTokenMs",
  "timeToSecondTokenMs",
  "lastTokenMs",
  "outputChunkCount",
  "chunkGapMeanMs",
  "chunkGapP50Ms",
  "chunkGapP99Ms",
  "maxChunkGapMs",
  "chunkGapHistogram",
  "reasoningTokens",
  "reasoningTokensEstimated",
  "inputAudioSeconds",
  "outputAudioSeconds",
  "outputImages",
  "outputValue",
  "cachedInputTokens",
  "toolCalls",
  "timeToFirstToolCallMs",
  "timeToToolCallMs",
  "rightTool",
  "answerShape",
  "requestedInputTokens",
  "requestedOutputTokens",
  "structuredOutput",
  "toolSteps",
  "toolLoopEnd",
  "timeToFinalAnswerMs",
  "toolStepCalls",
  "sessionId",
  "turn",
  "sessionTurns",
  "cacheProbe",
  "traceHashIds",
  "reasoningEffort",
  "toolLoopInputTokens",
  "toolLoopOutputTokens",
  "toolLoopCachedInputTokens",
  "relevanceNdcg",
] as const satisfies readonly (keyof RequestRecord)[];
