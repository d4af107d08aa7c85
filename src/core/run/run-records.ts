// Every record of a run: built from a measured attempt or from an arrival that was never sent, handed to
// the sink, and counted (progress, and the stage summaries an adaptive sweep reads).
import { judgeOutput, NO_CHECKS, rightToolOf, type ChecksVerdict, type CompiledCheck, type ExpandedInput, type StructuredOutputJudge, type ToolJudge } from "../scenario";
import { describeError } from "../text";
import { relevanceNdcg } from "../agreement";
import { relevanceLabelsOf } from "../tasks";
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
  /** The scenario gives tool results: each record says how its tool loop went (tool-loop.ts). */
  toolLoop?: boolean;
  /** Characters of output a record keeps: a call's arguments are cut to it too. */
  keptOutputChars?: number;
  /** The run's inputs: a synthetic prompt's requested lengths go into each of its records. */
  inputs: readonly ExpandedInput[];
  /** The scenario's warm-ups (run.warmup): a cold prompt a warm-up sent is no longer cold. */
  warmups?: number;
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
  const toolLoop = parts.toolLoop === true;
  const requested = requestedLengthsByInput(parts.inputs);
  const sessionTurns = sessionFieldsByInput(parts.inputs);
  const probeOf = cacheProbes(parts.inputs, parts.warmups ?? 0);
  const stageFields = parts.stageFields ?? null;
  const rankingQuality = rankingQualityByInput(parts.inputs);
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
      ...(toolLoop && toolJudge !== null ? toolLoopFields(toolJudge, result, keptOutputChars) : {}),
      ...sessionTurns[planned.inputIndex],
      ...probeOf(planned, attempt),
      ...stageFields?.(stage),
      ...rankingQuality?.(planned.inputIndex, result),
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
      ...sessionTurns[planned.inputIndex],
      ...probeOf(planned, 1),
      ...stageFields?.(stage),
    }),
  };
}

type SessionFields = Pick<RequestRecord, "sessionId" | "turn" | "sessionTurns">;

/** Per input, the record fields of the session turn it is, made once; empty when the inputs are no sessions (spread as nothing). */
function sessionFieldsByInput(inputs: readonly ExpandedInput[]): readonly (SessionFields | undefined)[] {
  if (!inputs.some((input) => input.session !== undefined)) return [];
  return inputs.map((input) => (input.session === undefined ? undefined : { sessionId: input.session.id, turn: input.session.turn, sessionTurns: input.session.turns }));
}

type ProbeField = Pick<RequestRecord, "cacheProbe">;
const PROBE_FIELDS: Readonly<Record<"warm" | "cold" | "neither", ProbeField>> = { warm: { cacheProbe: "warm" }, cold: { cacheProbe: "cold" }, neither: { cacheProbe: null } };

/**
 * A record's cacheProbe, for a run whose prompts probe the prefix cache (nothing otherwise). A cold
 * prompt is cold the first time a target is sent it; sent again (a later repetition, a retry, a measured
 * request after a warm-up sent it) its whole text may be cached, so it is neither warm nor cold.
 */
function cacheProbes(inputs: readonly ExpandedInput[], warmups: number): (planned: PlannedRequest, attempt: number) => ProbeField | undefined {
  if (!inputs.some((input) => input.cacheProbe !== undefined)) return () => undefined;
  return (planned, attempt) => {
    const probe = inputs[planned.inputIndex]?.cacheProbe;
    if (probe !== "cold") return probe === undefined ? undefined : PROBE_FIELDS.warm;
    const sentBefore = attempt > 1 || (planned.warmup ? planned.repetition >= inputs.length : planned.repetition > 0 || planned.inputIndex < warmups);
    return sentBefore ? PROBE_FIELDS.neither : PROBE_FIELDS.cold;
  };
}

type RequestedLengths = Pick<RequestRecord, "requestedInputTokens" | "requestedOutputTokens" | "traceHashIds">;

/**
 * Per input, the record fields of its requested lengths (and a trace's hash ids), made once; empty when
 * no input has any (spread as nothing).
 */
function requestedLengthsByInput(inputs: readonly ExpandedInput[]): readonly (RequestedLengths | undefined)[] {
  if (!inputs.some((input) => input.requestedOutputTokens !== undefined)) return [];
  return inputs.map((input) => {
    const fields: RequestedLengths = { requestedInputTokens: input.requestedInputTokens ?? null, requestedOutputTokens: input.requestedOutputTokens ?? null };
    if (input.traceHashIds !== undefined) fields.traceHashIds = input.traceHashIds;
    return fields;
  });
}

type RankingQuality = Pick<RequestRecord, "relevanceNdcg">;

/**
 * For a run whose inputs carry relevance labels (text-ranking): each answer's NDCG@10 against its input's
 * labels, null for a failed attempt or an input without labels; null (nothing added) when no input has any.
 */
function rankingQualityByInput(inputs: readonly ExpandedInput[]): ((inputIndex: number, attempt: MeasuredAttempt) => RankingQuality) | null {
  const labels = inputs.map((input) => relevanceLabelsOf(input.value));
  if (labels.every((relevance) => relevance === undefined)) return null;
  return (inputIndex, attempt) => {
    const relevance = labels[inputIndex];
    const scored = attempt.fields.status === "ok" && relevance !== undefined;
    return { relevanceNdcg: scored ? relevanceNdcg(relevance, attempt.fields.outputValue) : null };
  };
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

type ToolLoopFields = Pick<
  RequestRecord,
  "toolSteps" | "toolLoopEnd" | "timeToFinalAnswerMs" | "toolStepCalls" | "toolLoopInputTokens" | "toolLoopOutputTokens" | "toolLoopCachedInputTokens"
>;

const NO_TOOL_LOOP: ToolLoopFields = {
  toolSteps: null,
  toolLoopEnd: null,
  timeToFinalAnswerMs: null,
  toolStepCalls: null,
  toolLoopInputTokens: null,
  toolLoopOutputTokens: null,
  toolLoopCachedInputTokens: null,
};

/** A run with tool results: how the request's loop went, every step's calls judged; all null for an attempt that made no loop (its first step failed). */
function toolLoopFields(judge: ToolJudge, attempt: MeasuredAttempt, keptChars: number): ToolLoopFields {
  const loop = attempt.toolLoop;
  if (loop === undefined) return NO_TOOL_LOOP;
  return {
    toolSteps: loop.steps,
    toolLoopEnd: loop.end,
    timeToFinalAnswerMs: loop.timeToFinalAnswerMs,
    toolStepCalls: loop.stepCalls.map((calls) => judge.judge(calls, keptChars)),
    toolLoopInputTokens: loop.tokens.inputTokens,
    toolLoopOutputTokens: loop.tokens.outputTokens,
    toolLoopCachedInputTokens: loop.tokens.cachedInputTokens,
  };
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
