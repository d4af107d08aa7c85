// Reading a records file back: one JSONL line into a RequestRecord, or an error naming the line and the field.
import { z } from "zod";
import { countOf, durationMs, epochMs, nonNegative } from "./figure-ranges";
import { ERROR_KINDS, type RECORD_FIELDS, type RequestRecord, STRUCTURED_OUTPUT_VERDICTS, TOOL_LOOP_ENDS, CACHE_PROBES_RECORDED } from "./record";

const count = countOf;
const nullableDuration = durationMs.nullable();
const nullableCount = countOf.nullable();
/** One call of an answer as a record keeps it (RecordedToolCall): a step's calls of a tool loop too. */
const recordedToolCallSchema = z.strictObject({ name: z.string(), arguments: z.string(), argumentsJson: z.boolean(), valid: z.boolean() });

/**
 * Every field of RECORD_FIELDS (a field added there without a rule here does not compile), and no
 * other: a file from another tool is refused by the field it does not know.
 */
const recordShape = {
  runId: z.string(),
  targetId: z.string().min(1),
  inputIndex: count,
  repetition: count,
  attempt: countOf.refine((attempt) => attempt >= 1, "must be 1 or more"),
  warmup: z.boolean(),
  startedAt: epochMs,
  ttftMs: nullableDuration,
  latencyMs: durationMs,
  status: z.enum(["ok", "error"]),
  errorKind: z.enum(ERROR_KINDS).nullable(),
  httpStatus: z.number().int().min(0).max(999).nullable(),
  errorMessage: z.string().nullable(),
  inputTokens: nullableCount,
  outputTokens: nullableCount,
  tokensEstimated: z.boolean(),
  chunkCount: count,
  output: z.string().nullable(),
  outputBytes: count,
  // Absent from the first release's files: it had no output limit, so it never cut an output.
  truncated: z.boolean().default(false),
  // Added after the first files were written: a file from before them reads as "no checks".
  checksPassed: z.boolean().nullable().default(null),
  failedChecks: z.string().nullable().default(null),
  connectMs: nullableDuration.optional(),
  tlsMs: nullableDuration.optional(),
  waitingMs: nullableDuration.optional(),
  receivingMs: nullableDuration.optional(),
  connectionReused: z.boolean().nullable().optional(),
  clientReadMs: nullableDuration.optional(),
  // Load models: a file from before them reads as a closed-loop run of one stage with no queue measured.
  scheduledAt: epochMs.nullable().default(null),
  queueMs: nullableDuration.default(null),
  stage: count.nullable().default(null),
  // What a server asked for, which may be far past any wait honoured (Retry-After: 1000000000).
  retryAfterMs: nonNegative.nullable().default(null),
  // Stream shape and token timing: absent from files written before them.
  timeToFirstAnswerTokenMs: nullableDuration.optional(),
  timeToSecondTokenMs: nullableDuration.optional(),
  lastTokenMs: nullableDuration.optional(),
  outputChunkCount: count.nullable().optional(),
  chunkGapMeanMs: nullableDuration.optional(),
  chunkGapP50Ms: nullableDuration.optional(),
  chunkGapP99Ms: nullableDuration.optional(),
  maxChunkGapMs: nullableDuration.optional(),
  chunkGapHistogram: z.string().nullable().optional(),
  reasoningTokens: nullableCount.optional(),
  reasoningTokensEstimated: z.boolean().nullable().optional(),
  // Images and audio: absent from files written before them.
  inputAudioSeconds: nonNegative.nullable().optional(),
  outputAudioSeconds: nonNegative.nullable().optional(),
  outputImages: count.nullable().optional(),
  // Any JSON: the task's parsed output or a blob reference; absent from files written before it.
  outputValue: z.unknown().optional(),
  // Prompt caching: absent from files written before it.
  cachedInputTokens: nullableCount.optional(),
  // Tool calls: only in runs that offered tools, and absent from files written before them.
  toolCalls: z.array(recordedToolCallSchema).nullable().optional(),
  timeToFirstToolCallMs: nullableDuration.optional(),
  timeToToolCallMs: nullableDuration.optional(),
  rightTool: z.boolean().nullable().optional(),
  // Which API's answer it was: absent from files written before endpoint targets could name one.
  answerShape: z.string().max(64).nullable().optional(),
  // Synthetic prompts' requested lengths: absent from files written before them, and for other inputs.
  requestedInputTokens: nullableCount.optional(),
  requestedOutputTokens: nullableCount.optional(),
  // Structured output: only in runs that asked for JSON (response_format), absent from files written before it.
  structuredOutput: z.enum(STRUCTURED_OUTPUT_VERDICTS).nullable().optional(),
  // Tool loops: only in runs whose scenario gives tool results, absent from files written before them.
  toolSteps: count.nullable().optional(),
  toolLoopEnd: z.enum(TOOL_LOOP_ENDS).nullable().optional(),
  timeToFinalAnswerMs: nullableDuration.optional(),
  toolStepCalls: z.array(z.array(recordedToolCallSchema)).nullable().optional(),
  // Multi-turn sessions: only in runs of inputs.sessions, absent from files written before them.
  sessionId: z.string().max(256).nullable().optional(),
  turn: count.nullable().optional(),
  sessionTurns: count.nullable().optional(),
  // Prefix caching probed: only in runs whose synthetic prompts probe the cache.
  cacheProbe: z.enum(CACHE_PROBES_RECORDED).nullable().optional(),
  // A trace's hash ids: only in records of a trace's requests that had them, absent from files written before.
  traceHashIds: z.array(z.number().int().min(0)).max(1_000_000).nullable().optional(),
  // Reasoning effort: only in runs that asked for one, absent from files written before it.
  reasoningEffort: z.string().max(64).nullable().optional(),
  // A tool loop's token totals: only in runs whose scenario gives tool results, absent from files written before them.
  toolLoopInputTokens: nullableCount.optional(),
  toolLoopOutputTokens: nullableCount.optional(),
  toolLoopCachedInputTokens: nullableCount.optional(),
  // NDCG@10 against relevance labels: only in text-ranking runs whose inputs carry them, absent from files written before it.
  relevanceNdcg: z.number().min(0).max(1).nullable().optional(),
} satisfies Record<(typeof RECORD_FIELDS)[number], z.ZodType>;

const recordSchema = z.strictObject(recordShape) satisfies z.ZodType<RequestRecord>;

export type RecordLineResult = { ok: true; record: RequestRecord } | { ok: false; message: string };

/** `line 12: latencyMs: expected number, received string`; lineNumber is 1-based. */
export function parseRecordLine(text: string, lineNumber: number): RecordLineResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `line ${lineNumber}: not JSON (${(error as Error).message})` };
  }
  return parseRecordValue(json, lineNumber);
}

/** A record already parsed from JSON (a bundle's record line), checked field by field; same messages as parseRecordLine. */
export function parseRecordValue(json: unknown, lineNumber: number): RecordLineResult {
  const result = recordSchema.safeParse(json);
  if (result.success) return { ok: true, record: result.data };
  const issue = result.error.issues[0]!;
  const unknownKey = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const field = unknownKey ?? issue.path.map(String).join(".");
  const message = unknownKey !== undefined ? "unknown field" : issue.message;
  return { ok: false, message: field ? `line ${lineNumber}: ${field}: ${message}` : `line ${lineNumber}: ${message}` };
}
