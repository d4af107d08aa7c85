// Every record of a run: built from a measured attempt or from an arrival that was never sent, handed to
// the sink, and counted (progress, and the stage summaries an adaptive sweep reads).
import { judgeOutput, NO_CHECKS, rightToolOf, type ChecksVerdict, type CompiledCheck, type ExpandedInput, type StructuredOutputJudge, type ToolJudge } from "../scenario";
import { describeError } from "../text";
import { type RequestRecord, UNMEASURED_FIELDS } from "../record";
import { addRequestOutcome } from "../stats";
import type { StageSummaries } from "../load";
import type { MeasuredAttempt } from "./attempt";
import type { RunOptions } from "./run-options";
import type { RunProgress } from "./run-progress";
import type { PlannedRequest } from "./types";

export interface RunRecords {
  /** Every record leaves through here: handed to the sink, counted. */
  emit(record: RequestRecord): Promise<void>;
  /** An attempt's record: its measured fields, the checks' verdict, and when it was due (`dueAt`, monotonic). */
  measured(planned: PlannedRequest, attempt: number, result: MeasuredAttempt, stage: number, dueAt: number): RequestRecord;
  /** A record for an arrival that was never sent: dropped by the cap, or still queued when the run was aborted. */
  unsent(planned: PlannedRequest, stage: number, dueAt: number, errorKind: "dropped" | "aborted", errorMessage: string): RequestRecord;
}

export interface RunRecordsParts {
  runId: string;
  checks: readonly CompiledCheck[];
  /** The scenario's tools, which judge each answer's calls; null when it offers none. */
  toolJudge?: ToolJudge | null;
  /** The scenario's response format, which judges each answer's JSON; null when it asks for none. */
  structuredOutputJudge?: StructuredOutputJudge | null;
  /** Characters of output a record keeps: a call's arguments are cut to it too. */
  keptOutputChars?: number;
  /** The run's inputs: a synthetic prompt's requested lengths go into each of its records. */
  inputs: readonly ExpandedInput[];
  /** The run's options, whose onRecord takes every record. */
  sink: Pick<RunOptions, "onRecord">;
  progress: RunProgress;
  /** A sweep that adapts (auto rates, stopping saturated targets) reads its own stages' summaries. */
  stageSummaries: StageSummaries | null;
  /** The run's start, as epoch ms and on the monotonic clock: the one mapping every scheduled time goes through. */
  startedAt: number;
  startedAtMono: number;
  /** What each stage adds to its records (parameter-stages.ts: the reasoning effort asked); null or absent: nothing. */
  stageFields?: ((stage: number) => Partial<RequestRecord> | undefined) | null;
}

export function createRunRecords(parts: RunRecordsParts): RunRecords {
  const { runId, checks, sink, progress, stageSummaries, startedAt, startedAtMono } = parts;
  const toolJudge = parts.toolJudge ?? null;
  const keptOutputChars = parts.keptOutputChars ?? Number.POSITIVE_INFINITY;
  const structuredOutputJudge = parts.structuredOutputJudge ?? null;
  const requested = requestedLengthsByInput(parts.inputs);
  const stageFields = parts.stageFields ?? null;
  /** A monotonic time as epoch ms, on the run's one mapping, so scheduled times keep their exact spacing. */
  const epochAt = (mono: number): number => roundMs(startedAt + (mono - startedAtMono));
  return {
    async emit(record) {
      await emitRecord(sink.onRecord, record);
      stageSummaries?.add(record);
      progress.attempts++;
      if (!record.warmup) addRequestOutcome(progress.outcomes, record);
    },
    measured: (planned, attempt, result, stage, dueAt) => ({
      runId,
      ...planned,
      attempt,
      ...result.fields,
      ...verdictOf(checks, planned.inputIndex, result),
      scheduledAt: epochAt(dueAt),
      queueMs: roundMs(result.handedToFetchAt - dueAt),
      stage,
      ...(toolJudge === null ? {} : toolCallFields(toolJudge, checks, planned.inputIndex, result, keptOutputChars)),
      ...requested[planned.inputIndex],
      ...(structuredOutputJudge === null ? {} : { structuredOutput: structuredOutputOf(structuredOutputJudge, result) }),
      ...stageFields?.(stage),
    }),
    unsent: (planned, stage, dueAt, errorKind, errorMessage) => ({
      runId,
      ...planned,
      attempt: 1,
      ...UNMEASURED_FIELDS,
      startedAt: epochAt(dueAt),
      latencyMs: 0,
      status: "error",
      errorKind,
      errorMessage,
      scheduledAt: epochAt(dueAt),
      stage,
      ...requested[planned.inputIndex],
      ...stageFields?.(stage),
    }),
  };
}

type RequestedLengths = Pick<RequestRecord, "requestedInputTokens" | "requestedOutputTokens">;

/** Per input, the record fields of its requested lengths, made once; empty when no input has any (spread as nothing). */
function requestedLengthsByInput(inputs: readonly ExpandedInput[]): readonly (RequestedLengths | undefined)[] {
  if (!inputs.some((input) => input.requestedOutputTokens !== undefined)) return [];
  return inputs.map((input) => ({ requestedInputTokens: input.requestedInputTokens ?? null, requestedOutputTokens: input.requestedOutputTokens ?? null }));
}

/** Checks judge the whole answer, before the record keeps only its beginning; a failed attempt has none. */
function verdictOf(checks: readonly CompiledCheck[], inputIndex: number, attempt: MeasuredAttempt): ChecksVerdict {
  if (checks.length === 0 || attempt.fields.status !== "ok" || attempt.fullOutput === undefined || attempt.fullOutput === null) return NO_CHECKS;
  return judgeOutput(checks, inputIndex, attempt.fullOutput, attempt.toolCalls);
}

/** A run that offered tools: each answer's calls judged, and whether one named the tool its input expects. */
function toolCallFields(judge: ToolJudge, checks: readonly CompiledCheck[], inputIndex: number, attempt: MeasuredAttempt, keptChars: number): Pick<RequestRecord, "toolCalls" | "rightTool"> {
  if (attempt.fields.status !== "ok" || attempt.toolCalls === undefined) return { toolCalls: null, rightTool: null };
  const expectedTools = checks.flatMap((check) => (check.tool !== undefined && (check.inputs === null || check.inputs.has(inputIndex)) ? [check.tool] : []));
  return { toolCalls: judge.judge(attempt.toolCalls, keptChars), rightTool: rightToolOf(expectedTools, attempt.toolCalls) };
}

/** A run that asked for JSON: the whole answer judged against its response format; null for a failed attempt. */
function structuredOutputOf(judge: StructuredOutputJudge, attempt: MeasuredAttempt): RequestRecord["structuredOutput"] {
  if (attempt.fields.status !== "ok" || attempt.fullOutput === undefined || attempt.fullOutput === null) return null;
  return judge(attempt.fullOutput);
}

/** Microseconds are finer than any clock a browser gives (as attempt.ts rounds). */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * A record the sink cannot take (JSON.stringify throws on a string past V8's limit, a store refuses a
 * value) becomes an error record for that request, without its output, so one answer never ends the
 * run. Only a sink that refuses that too (a full disk, a closed file) fails the run.
 */
export async function emitRecord(onRecord: (record: RequestRecord) => unknown, record: RequestRecord): Promise<void> {
  try {
    await onRecord(record);
  } catch (error) {
    const reason = describeError(error);
    await onRecord({
      ...record,
      status: "error",
      errorKind: "bad_response",
      errorMessage: `the record could not be written (${reason.slice(0, 200)}); its output was dropped`,
      ttftMs: null,
      inputTokens: null,
      outputTokens: null,
      tokensEstimated: false,
      output: null,
      truncated: record.output !== null,
      ...NO_CHECKS,
    });
  }
}
