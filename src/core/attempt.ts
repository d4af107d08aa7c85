// One request attempt, measured: its own abort controller (the run's abort or its timeout), its own
// timing fetch, and the record fields that come out of it, success or failure.
import { classifyError, createTimingFetch, type AbortCause, type Clock, type ErrorClassification, type WireTiming } from "./measure";
import type { ExpandedInput } from "./inputs";
import type { RequestRecord } from "./record";
import type { TargetCall, TargetCallResult } from "./targets";

export interface AttemptContext {
  /** Controllers of the attempts in flight: the run's abort reaches them through this set. */
  activeAttempts: Set<AbortController>;
  baseFetch: typeof fetch;
  clock: Clock;
  timeoutMs: number;
  runSignal: AbortSignal;
  /** Error text comes from servers and libraries; the token must never reach a record through it. */
  redact(text: string): string;
}

export type MeasuredFields = Omit<RequestRecord, "runId" | "targetId" | "inputIndex" | "repetition" | "attempt" | "warmup">;

export interface MeasuredAttempt {
  fields: MeasuredFields;
  retryAfterMs: number | null;
}

/** One attempt: its own abort controller (run abort or timeout), its own timing fetch. */
export async function measureAttempt(call: TargetCall, input: ExpandedInput, context: AttemptContext): Promise<MeasuredAttempt> {
  const { clock } = context;
  const controller = new AbortController();
  let abortCause: AbortCause = null;
  controller.signal.addEventListener("abort", () => (abortCause ??= context.runSignal.aborted ? "aborted" : "timeout"), { once: true });
  context.activeAttempts.add(controller);
  const timer = setTimeout(() => {
    controller.abort(new DOMException(`no complete answer within ${context.timeoutMs} ms`, "TimeoutError"));
  }, context.timeoutMs);

  const wire = createTimingFetch(context.baseFetch, clock, controller.signal);
  const attemptStartedAt = clock.now();
  const attemptStartedAtEpochMs = clock.epochMs();
  let firstContentAt: number | null = null;
  try {
    const result = await call(input, {
      fetch: wire.fetch,
      signal: controller.signal,
      onContent: () => {
        firstContentAt ??= wire.timing.lastChunkAt ?? clock.now();
      },
    });
    const finishedAt = clock.now();
    if (wire.timing.contentType?.startsWith("text/event-stream") && !wire.timing.sawDoneMarker) {
      return failure(wire.timing, attemptStartedAt, attemptStartedAtEpochMs, finishedAt, {
        errorKind: "bad_response",
        httpStatus: wire.timing.httpStatus,
        message: "the event stream ended before [DONE]: the response is incomplete",
      }, result);
    }
    void wire.drain();
    return { fields: success(wire.timing, result, firstContentAt, attemptStartedAt, attemptStartedAtEpochMs, finishedAt), retryAfterMs: null };
  } catch (error) {
    const finishedAt = clock.now();
    const classification = classifyError(error, wire.timing, abortCause);
    classification.message = context.redact(classification.message);
    return failure(wire.timing, attemptStartedAt, attemptStartedAtEpochMs, finishedAt, classification);
  } finally {
    clearTimeout(timer);
    context.activeAttempts.delete(controller);
  }
}

function success(
  timing: WireTiming,
  result: TargetCallResult,
  firstContentAt: number | null,
  attemptStartedAt: number,
  attemptStartedAtEpochMs: number,
  finishedAt: number,
): MeasuredFields {
  const t0 = timing.t0 ?? attemptStartedAt;
  const lastByteAt = timing.lastByteAt ?? finishedAt;
  const reportedTokens = result.usage?.completionTokens ?? null;
  const streamed = result.chunkCount > 0;
  const countedTokens = result.outputKind === "vector" ? null : streamed ? result.contentChunkCount : estimateTokens(result.output);
  return {
    startedAt: timing.startedAtEpochMs ?? attemptStartedAtEpochMs,
    ttftMs: firstContentAt === null ? null : roundMs(firstContentAt - t0),
    latencyMs: roundMs(lastByteAt - t0),
    status: "ok",
    errorKind: null,
    httpStatus: timing.httpStatus,
    errorMessage: null,
    inputTokens: result.usage?.promptTokens ?? null,
    outputTokens: reportedTokens ?? countedTokens,
    tokensEstimated: reportedTokens === null && countedTokens !== null,
    chunkCount: result.chunkCount,
    output: result.output,
    outputBytes: timing.bodyBytes,
  };
}

function failure(
  timing: WireTiming,
  attemptStartedAt: number,
  attemptStartedAtEpochMs: number,
  finishedAt: number,
  classification: ErrorClassification,
  partial?: TargetCallResult,
): MeasuredAttempt {
  const t0 = timing.t0 ?? attemptStartedAt;
  return {
    fields: {
      startedAt: timing.startedAtEpochMs ?? attemptStartedAtEpochMs,
      ttftMs: null,
      latencyMs: roundMs(finishedAt - t0),
      status: "error",
      errorKind: classification.errorKind,
      httpStatus: classification.httpStatus,
      errorMessage: classification.message,
      inputTokens: null,
      outputTokens: null,
      tokensEstimated: false,
      chunkCount: partial?.chunkCount ?? 0,
      output: partial?.output || null,
      outputBytes: timing.bodyBytes,
    },
    retryAfterMs: timing.retryAfterMs,
  };
}

/** Microseconds are finer than any clock a browser gives; more digits would only bloat every export. */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** About four characters a token for English text: an estimate, and flagged as one. */
function estimateTokens(text: string): number {
  return Math.max(text.length > 0 ? 1 : 0, Math.round(text.length / 4));
}
