// AIPerf's `profile_export.jsonl`: one request per line, { metadata, metrics, error } (aiperf/common/models/
// record_models.py: MetricRecordInfo). Each line becomes a record as it is read. The file names no model:
// the target is "aiperf". docs/metrics.md states what differs from our definitions.
import { z } from "zod";
import { chunkGapFields } from "../../stats";
import { type RequestRecord, countOf, durationMs } from "../../record";
import { firstIssue } from "../bundle/format";
import { errorKindOf, importedRecord, ImportProblem, roundMs } from "./imported-run";

const metricValueSchema = z.object({ value: z.union([z.number(), z.array(z.number())]), unit: z.string() });

const aiperfLineSchema = z.object({
  metadata: z.object({
    session_num: z.number().int().nonnegative(),
    turn_index: z.number().int().nonnegative().nullable().optional(),
    request_start_ns: z.number().nonnegative().refine(Number.isFinite, "must be a finite number"),
    request_end_ns: z.number().nonnegative().refine(Number.isFinite, "must be a finite number"),
    benchmark_phase: z.string(),
    was_cancelled: z.boolean().optional(),
  }),
  metrics: z.record(z.string(), metricValueSchema).nullable(),
  error: z.object({ code: z.number().int().nullable().optional(), type: z.string().nullable().optional(), message: z.string().nullable().optional() }).nullable().optional(),
});

type AiperfLine = z.output<typeof aiperfLineSchema>;

export const AIPERF_TARGET_ID = "aiperf";

/** Keys that say a JSON line is AIPerf's record (detection). */
export function looksLikeAiperfLine(value: unknown): boolean {
  return typeof value === "object" && value !== null && "metadata" in value && "metrics" in value;
}

const TIME_UNITS_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, ms: 1, sec: 1000, s: 1000 };

/** A time metric in ms (AIPerf writes display units, ms today), or null when absent. */
function timeMs(line: AiperfLine, tag: string, lineNumber: number): number | null {
  const metric = line.metrics?.[tag];
  if (metric === undefined) return null;
  const scale = TIME_UNITS_MS[metric.unit];
  if (scale === undefined) throw new ImportProblem(`line ${lineNumber}: metrics.${tag}.unit: "${metric.unit}" is not a time unit (ns, us, ms, sec)`);
  if (typeof metric.value !== "number") throw new ImportProblem(`line ${lineNumber}: metrics.${tag}.value: expected a number`);
  return inRange(durationMs, metric.value * scale, `line ${lineNumber}: metrics.${tag}.value`);
}

function timesMs(line: AiperfLine, tag: string, lineNumber: number): number[] | null {
  const metric = line.metrics?.[tag];
  if (metric === undefined) return null;
  const scale = TIME_UNITS_MS[metric.unit];
  if (scale === undefined) throw new ImportProblem(`line ${lineNumber}: metrics.${tag}.unit: "${metric.unit}" is not a time unit (ns, us, ms, sec)`);
  if (!Array.isArray(metric.value)) throw new ImportProblem(`line ${lineNumber}: metrics.${tag}.value: expected a list of numbers`);
  return metric.value.map((value, index) => inRange(durationMs, value * scale, `line ${lineNumber}: metrics.${tag}.value[${index}]`));
}

function tokens(line: AiperfLine, tag: string, lineNumber: number): number | null {
  const metric = line.metrics?.[tag];
  if (metric === undefined) return null;
  if (typeof metric.value !== "number") throw new ImportProblem(`line ${lineNumber}: metrics.${tag}.value: expected a number`);
  return inRange(countOf, metric.value, `line ${lineNumber}: metrics.${tag}.value`);
}

/** The value when the range takes it, else the range's complaint at `where` (a time checked in ms, after its unit). */
function inRange(range: z.ZodType<number>, value: number, where: string): number {
  const checked = range.safeParse(value);
  if (!checked.success) throw new ImportProblem(`${where}: ${value} ${checked.error.issues[0]!.message}`);
  return value;
}

/** One line of profile_export.jsonl into a record; lineNumber is 1-based. */
export function aiperfRecord(json: unknown, lineNumber: number, runId: string): RequestRecord {
  const checked = aiperfLineSchema.safeParse(json);
  if (!checked.success) throw new ImportProblem(`line ${lineNumber}: ${firstIssue(checked.error, "")}`);
  const line = checked.data;
  const { metadata, error } = line;
  const failed = error !== null && error !== undefined;
  const message = failed ? [error.type, error.message].filter(Boolean).join(": ") : "";
  const httpStatus = failed ? (error.code !== null && error.code !== undefined && error.code >= 100 && error.code <= 599 ? error.code : null) : 200;
  const gaps = timesMs(line, "inter_chunk_latency", lineNumber);
  const ttftMs = timeMs(line, "time_to_first_token", lineNumber);
  const latencyMs = timeMs(line, "request_latency", lineNumber) ?? inRange(durationMs, (metadata.request_end_ns - metadata.request_start_ns) / 1e6, `line ${lineNumber}: metadata.request_end_ns − request_start_ns (ms)`);
  const gapArray = Float64Array.from(gaps ?? []);
  const secondTokenMs = timeMs(line, "time_to_second_token", lineNumber) ?? (gaps !== null && gaps.length > 0 ? gaps[0]! : null);
  return importedRecord({
    runId,
    targetId: AIPERF_TARGET_ID,
    inputIndex: metadata.session_num,
    repetition: metadata.turn_index ?? 0,
    warmup: metadata.benchmark_phase === "warmup",
    startedAt: Math.round(metadata.request_start_ns / 1e6),
    status: failed ? "error" : "ok",
    errorKind: failed ? (metadata.was_cancelled ? "aborted" : errorKindOf(httpStatus, message)) : null,
    httpStatus,
    errorMessage: failed ? message.slice(0, 2000) : null,
    ttftMs: ttftMs === null ? null : roundMs(ttftMs),
    latencyMs: roundMs(latencyMs),
    inputTokens: tokens(line, "input_sequence_length", lineNumber) ?? tokens(line, "error_isl", lineNumber),
    outputTokens: tokens(line, "output_sequence_length", lineNumber) ?? tokens(line, "output_token_count", lineNumber),
    reasoningTokens: tokens(line, "reasoning_token_count", lineNumber),
    chunkCount: gaps === null ? (ttftMs === null ? 0 : 1) : gaps.length + 1,
    outputChunkCount: gaps === null ? null : gaps.length + 1,
    timeToFirstAnswerTokenMs: ttftMs === null ? null : roundMs(ttftMs),
    timeToSecondTokenMs: secondTokenMs === null ? null : roundMs(secondTokenMs),
    lastTokenMs: ttftMs !== null && gaps !== null ? roundMs(ttftMs + gaps.reduce((total, gap) => total + gap, 0)) : null,
    ...(gaps !== null ? chunkGapFields(gapArray, roundMs) : {}),
  });
}
