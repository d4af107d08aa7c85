// One request attempt, measured: its own abort controller (the run's abort or its timeout), its own
// timing fetch, and the record fields that come out of it, success or failure.
import { CLOSE_DELIMITED_CUT, classifyError, createTimingFetch, DEFAULT_MAX_RESPONSE_BYTES, MAX_ERROR_MESSAGE_CHARS, newWireTiming, oneLine, type AbortCause, type Clock, type ErrorClassification, type WireTiming, redactText, redactValue, StreamTimeline, httpPhasesOf, type WireEventsSource } from "../measure";
import { AnswerUrlRefusedError, fetchAnswerUrl } from "./answer-urls";
import { describeError } from "../text";
import type { AttemptDeadlines } from "./attempt-deadlines";
import type { ExpandedInput } from "../scenario";
import type { RequestRecord } from "../record";
import type { TargetCall } from "./targets";
import type { TargetCallResult, ToolCallMade } from "../tasks";
import type { ToolLoopOutcome } from "./tool-loop";

/** Characters of output kept in a record unless the scenario says otherwise; longer answers are cut and flagged. */
export const DEFAULT_MAX_OUTPUT_CHARS = 256 * 1024;

export interface AttemptContext {
  /** The attempts in flight: each one's timeout, and the run's abort, reach it through these (one timer for all). */
  deadlines: AttemptDeadlines;
  baseFetch: typeof fetch;
  clock: Clock;
  timeoutMs: number;
  runSignal: AbortSignal;
  /** Decoded bytes of one response at most (DEFAULT_MAX_RESPONSE_BYTES when absent). */
  maxResponseBytes?: number | undefined;
  /** Characters of output a record keeps (DEFAULT_MAX_OUTPUT_CHARS when absent). */
  maxOutputChars?: number | undefined;
  /** The token and keys of the run: no string the attempt keeps holds one, or the start of one (secrets.ts). */
  secrets?: readonly string[] | undefined;
  /** Origins besides the answering one whose files an answer may point to (the target's answerUrlOrigins). */
  answerUrlOrigins?: readonly string[] | undefined;
}

/** The checks' verdicts are the runner's: it knows the input's expectations (checks.ts). */
export type MeasuredFields = Omit<
  RequestRecord,
  "runId" | "targetId" | "inputIndex" | "repetition" | "attempt" | "warmup" | "checksPassed" | "failedChecks" | "scheduledAt" | "queueMs" | "stage"
>;

export interface MeasuredAttempt {
  fields: MeasuredFields;
  retryAfterMs: number | null;
  /** A successful text answer whole, before the record's output is cut: what checks are judged on. */
  fullOutput?: string | null;
  /** Its tool calls whole (redacted), when the request offered tools: judged by the runner (run-records.ts). */
  toolCalls?: ToolCallMade[];
  /**
   * Monotonic time (clock.now()) at which the request was handed to fetch: the timing fetch's t0, taken
   * just before it calls the transport, whatever the transport is. The load models' queueMs ends here.
   * When fetch was never reached (an input error), the moment the attempt began.
   */
  handedToFetchAt: number;
  /** What the timing fetch saw, for phases recorded after the attempt (withRecordedPhases); absent when fetch was never made. */
  wireTiming?: WireTiming;
  /** A tool loop's steps and end (tool-loop.ts), when this attempt was the first step of one; absent otherwise. */
  toolLoop?: ToolLoopOutcome;
}

/**
 * One attempt: its own abort controller (run abort or timeout), its own timing fetch. It never throws:
 * whatever goes wrong while measuring one request (a library bug, an answer no code expected) becomes
 * that request's error record, and the run goes on.
 */
export async function measureAttempt(call: TargetCall, input: ExpandedInput, context: AttemptContext): Promise<MeasuredAttempt> {
  const startedAt = context.clock.now();
  const startedAtEpochMs = context.clock.epochMs();
  const seen: { timing: WireTiming | null } = { timing: null };
  try {
    const measured = await measure(call, input, context, seen);
    return seen.timing ? { ...measured, wireTiming: seen.timing } : measured;
  } catch (error) {
    const message = `could not measure this request: ${describeError(error)}`;
    return failure(newWireTiming(), startedAt, startedAtEpochMs, context.clock.now(), { errorKind: "bad_response", httpStatus: null, message }, context);
  }
}

async function measure(call: TargetCall, input: ExpandedInput, context: AttemptContext, seen: { timing: WireTiming | null }): Promise<MeasuredAttempt> {
  const { clock } = context;
  const controller = new AbortController();
  // Only two things abort this controller first: its deadline, or the run's abort, both through the
  // run's deadlines (one timer, no listener per attempt), which note which it was.
  const deadline = context.deadlines.start(controller);
  const abortCause = (): AbortCause => (!controller.signal.aborted ? null : deadline.cause === "timeout" ? "timeout" : "aborted");

  const wire = createTimingFetch(context.baseFetch, clock, controller.signal, {
    maxResponseBytes: context.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  });
  seen.timing = wire.timing;
  const wireEvents = wire.timing.wire;
  deadline.wire = wireEvents;
  const attemptStartedAt = clock.now();
  const attemptStartedAtEpochMs = clock.epochMs();
  const timeline = new StreamTimeline();
  let result: TargetCallResult;
  let finishedAt: number;
  try {
    result = await call(input, {
      fetch: wire.fetch,
      signal: controller.signal,
      onContent: (kind) => timeline.note(kind, wire.timing.lastChunkAt ?? clock.now()),
      // Not through the timing fetch: the file is fetched apart from the measured request, under its rules.
      fetchAnswerUrl: async (url) => {
        if (wire.timing.url === null) throw new AnswerUrlRefusedError("an answer's URL was asked for before any answer came");
        return fetchAnswerUrl(context.baseFetch, url, {
          answeredFrom: wire.timing.url,
          allowedOrigins: context.answerUrlOrigins ?? [],
          maxResponseBytes: context.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
          signal: controller.signal,
        });
      },
    });
    finishedAt = clock.now();
  } catch (error) {
    const failedAt = clock.now();
    const classification = classifyError(error, wire.timing, abortCause(), context.secrets);
    // A failed attempt keeps no connection: its unread body is cancelled, and the request aborted in case
    // the library still holds the body's reader.
    wire.discard();
    controller.abort();
    wireEvents.request?.abort(controller.signal.reason);
    return failure(wire.timing, attemptStartedAt, attemptStartedAtEpochMs, failedAt, classification, context);
  } finally {
    context.deadlines.end(deadline);
  }
  // Outside the try: a throw from here on is a fault in measuring, not the provider's (measureAttempt's catch).
  // Every string of the answer is redacted here, once, before checks read it and before the record cuts it.
  result = redactedResult(result, context.secrets ?? []);
  // Complete means the stream said so, in an event: `data: [DONE]`, or a chunk with a finish reason.
  if (wire.timing.contentType?.startsWith("text/event-stream") && !wire.timing.sawDoneMarker && !result.finished) {
    wire.discard();
    const classification: ErrorClassification = wire.timing.closeDelimited
      ? { errorKind: "network", httpStatus: wire.timing.httpStatus, message: CLOSE_DELIMITED_CUT }
      : { errorKind: "bad_response", httpStatus: wire.timing.httpStatus, message: "the event stream ended without [DONE] or a finish reason: the response is incomplete" };
    return failure(wire.timing, attemptStartedAt, attemptStartedAtEpochMs, finishedAt, classification, context, result);
  }
  const fields = success(wire.timing, result, timeline, attemptStartedAt, attemptStartedAtEpochMs, finishedAt, context);
  // After [DONE] the tail gets a short bounded grace (connection reuse), then the body is cancelled.
  wire.drain();
  const measured: MeasuredAttempt = { fields, retryAfterMs: null, fullOutput: result.outputKind === "text" ? result.output : null, handedToFetchAt: wire.timing.t0 ?? attemptStartedAt };
  if (result.toolCalls !== undefined) measured.toolCalls = result.toolCalls;
  return measured;
}

/**
 * Latency ends at the last byte the answer needed: for a stream, the chunk that carried `data: [DONE]`
 * (or the last one read when the body ended after a finish reason). Whatever the server sends or holds
 * after [DONE] is not part of the answer and is not waited for.
 */
function success(
  timing: WireTiming,
  result: TargetCallResult,
  timeline: StreamTimeline,
  attemptStartedAt: number,
  attemptStartedAtEpochMs: number,
  finishedAt: number,
  context: AttemptContext,
): MeasuredFields {
  const t0 = timing.t0 ?? attemptStartedAt;
  const lastByteAt = timing.lastByteAt ?? finishedAt;
  // A count that is not a non-negative whole number is not a measurement: it is treated as unreported.
  const reportedTokens = tokenCount(result.usage?.completionTokens);
  const streamed = result.chunkCount > 0;
  const reasoningChunks = result.reasoningChunkCount ?? 0;
  // Counted from the stream, output tokens include reasoning ones, as a provider's completion_tokens do.
  const countedTokens = result.outputKind !== "text" ? null : streamed ? result.contentChunkCount + reasoningChunks : estimateTokens(result.output);
  const reportedReasoning = tokenCount(result.usage?.reasoningTokens);
  const kept = keptOutput(result.output, context);
  const { ttftMs, timeToFirstToolCallMs, timeToToolCallMs, ...streamShape } = timeline.fields(t0, roundMs);
  const latencyMs = roundMs(lastByteAt - t0);
  return {
    startedAt: timing.startedAtEpochMs ?? attemptStartedAtEpochMs,
    ttftMs,
    latencyMs,
    status: "ok",
    errorKind: null,
    httpStatus: timing.httpStatus,
    errorMessage: null,
    inputTokens: tokenCount(result.usage?.promptTokens),
    outputTokens: reportedTokens ?? countedTokens,
    tokensEstimated: reportedTokens === null && countedTokens !== null,
    chunkCount: result.chunkCount,
    output: kept.output,
    outputBytes: timing.bodyBytes,
    truncated: kept.truncated,
    ...httpPhasesOf(timing.wire, lastByteAt),
    retryAfterMs: null,
    ...streamShape,
    reasoningTokens: reportedReasoning ?? (reasoningChunks > 0 ? reasoningChunks : null),
    reasoningTokensEstimated: reportedReasoning === null && reasoningChunks > 0,
    outputValue: result.outputValue ?? null,
    inputAudioSeconds: result.media?.inputAudioSeconds ?? null,
    outputAudioSeconds: result.media?.outputAudioSeconds ?? null,
    outputImages: result.media?.outputImages ?? null,
    cachedInputTokens: tokenCount(result.usage?.cachedInputTokens),
    ...(result.toolCalls === undefined ? {} : toolCallTimes(result.toolCalls.length > 0, streamed, { timeToFirstToolCallMs, timeToToolCallMs }, latencyMs)),
    answerShape: result.answerShape ?? null,
  };
}

/** A streamed call is complete at its last piece; a whole answer's at its last byte. Only records of a run that offered tools have them. */
function toolCallTimes(
  called: boolean,
  streamed: boolean,
  stream: { timeToFirstToolCallMs: number | null; timeToToolCallMs: number | null },
  latencyMs: number,
): Pick<MeasuredFields, "timeToFirstToolCallMs" | "timeToToolCallMs"> {
  if (!called) return { timeToFirstToolCallMs: null, timeToToolCallMs: null };
  return streamed ? stream : { timeToFirstToolCallMs: null, timeToToolCallMs: latencyMs };
}

function failure(
  timing: WireTiming,
  attemptStartedAt: number,
  attemptStartedAtEpochMs: number,
  finishedAt: number,
  classification: ErrorClassification,
  context: AttemptContext,
  partial?: TargetCallResult,
): MeasuredAttempt {
  const t0 = timing.t0 ?? attemptStartedAt;
  const kept = keptOutput(partial?.output || null, context);
  return {
    fields: {
      startedAt: timing.startedAtEpochMs ?? attemptStartedAtEpochMs,
      ttftMs: null,
      latencyMs: roundMs(finishedAt - t0),
      status: "error",
      errorKind: classification.errorKind,
      httpStatus: classification.httpStatus,
      errorMessage: oneLine(redactText(classification.message, context.secrets ?? []), MAX_ERROR_MESSAGE_CHARS),
      inputTokens: null,
      outputTokens: null,
      tokensEstimated: false,
      chunkCount: partial?.chunkCount ?? 0,
      output: kept.output,
      outputBytes: timing.bodyBytes,
      truncated: kept.truncated,
      ...httpPhasesOf(timing.wire, timing.lastByteAt),
      retryAfterMs: timing.retryAfterMs,
    },
    retryAfterMs: timing.retryAfterMs,
    handedToFetchAt: t0,
  };
}

/**
 * The attempt with the phases a WireEventsSource recorded (the browser's Resource Timing), where the
 * transport saw none and an answer came (a request that got no response has no record of its phases
 * anywhere). The same definitions as the transport's (httpPhasesOf): receiving ends at the last byte the
 * answer needed, as latency does. The runner asks once the attempt has left its concurrency slot: the
 * browser files a request's entry some time after its body's end (up to the source's wait), and waiting
 * for it in the slot would hold the next request back, so the client would send less than the load asked.
 */
export async function withRecordedPhases(measured: MeasuredAttempt, source: WireEventsSource | undefined): Promise<MeasuredAttempt> {
  const timing = measured.wireTiming;
  if (timing === undefined || source === undefined) return measured;
  const { t0, url, httpStatus, wire } = timing;
  if (t0 === null || url === null || httpStatus === null || wire.headersAt !== null) return measured;
  let recorded;
  try {
    recorded = await source(url, t0);
  } catch {
    return measured; // A record of phases that cannot be read is not the request's failure.
  }
  if (!recorded) return measured;
  const { fields } = measured;
  const lastByteAt = timing.lastByteAt ?? (fields.status === "ok" && fields.latencyMs !== null ? t0 + fields.latencyMs : null);
  return { ...measured, fields: { ...fields, ...httpPhasesOf(recorded, lastByteAt) } };
}

/** The answer with every string it carries redacted: its text, and every string (and key) of its parsed value. */
function redactedResult(result: TargetCallResult, secrets: readonly string[]): TargetCallResult {
  if (secrets.length === 0) return result;
  const redacted = { ...result, output: redactText(result.output, secrets), outputValue: redactValue(result.outputValue, secrets) };
  if (result.toolCalls !== undefined) {
    redacted.toolCalls = result.toolCalls.map((call) => ({ ...call, name: redactText(call.name, secrets), arguments: redactText(call.arguments, secrets) }));
  }
  return redacted;
}

function tokenCount(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The output a record keeps: whole up to the limit, else its start (never half a surrogate pair). */
function keptOutput(output: string | null, context: AttemptContext): { output: string | null; truncated: boolean } {
  const limit = context.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS;
  if (output === null || output.length <= limit) return { output, truncated: false };
  const cut = limit > 0 && /[\uD800-\uDBFF]/.test(output[limit - 1]!) ? limit - 1 : limit;
  return { output: output.slice(0, cut), truncated: true };
}

/** Microseconds are finer than any clock a browser gives; more digits would only bloat every export. */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** About four characters a token for English text: an estimate, and flagged as one. */
function estimateTokens(text: string): number {
  return Math.max(text.length > 0 ? 1 : 0, Math.round(text.length / 4));
}
