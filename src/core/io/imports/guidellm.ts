// GuideLLM's `benchmarks.json` (GenerativeBenchmarksReport: src/guidellm/benchmark/schemas/report.py):
// { metadata, config, benchmarks: [{ config, requests: { successful, incomplete, errored }, … }] }.
// Each request (GenerativeRequestStats, with its computed fields: request_latency, time_to_first_token_ms,
// prompt_tokens, output_tokens, …) becomes a record; each benchmark of a sweep a stage.
import { max } from "d3-array";
import { z } from "zod";
import { type RequestRecord, countOf, durationMs, durationSeconds, nonNegative } from "../../record";
import { firstIssue } from "../bundle/format";
import { earliestStart, errorKindOf, importedRecord, importedScenario, ImportProblem, roundMs, targetIdFor, utf8Length } from "./imported-run";
import type { ImportedRunParts } from "./vllm";

/** Epoch seconds (GuideLLM's clock), or a position on it. */
const optionalTime = nonNegative.nullable().optional();

const requestSchema = z.object({
  request_id: z.string().optional(),
  output: z.string().nullable().optional(),
  info: z
    .object({
      error: z.string().nullable().optional(),
      timings: z
        .object({
          request_start: optionalTime,
          resolve_start: optionalTime,
          first_token_iteration: optionalTime,
          first_output_token_iteration: optionalTime,
          last_token_iteration: optionalTime,
          token_iterations: countOf.optional(),
          request_end: optionalTime,
          resolve_end: optionalTime,
        })
        .optional(),
    })
    .optional(),
  request_start_time: optionalTime,
  request_end_time: optionalTime,
  request_latency: durationSeconds.nullable().optional(),
  prompt_tokens: countOf.nullable().optional(),
  output_tokens: countOf.nullable().optional(),
  time_to_first_token_ms: durationMs.nullable().optional(),
  time_to_first_output_token_ms: durationMs.nullable().optional(),
  /** The input tokens the server said its prefix cache served (GuideLLM keeps the usage's count; null when not reported). */
  cached_tokens: countOf.nullable().optional(),
});

type GuidellmRequest = z.output<typeof requestSchema>;

const benchmarkSchema = z.object({
  config: z.object({ backend: z.record(z.string(), z.unknown()).optional(), requests: z.record(z.string(), z.unknown()).optional() }).optional(),
  requests: z.object({
    successful: z.array(requestSchema),
    incomplete: z.array(requestSchema).default([]),
    errored: z.array(requestSchema).default([]),
  }),
  start_time: optionalTime,
  end_time: optionalTime,
});

const reportSchema = z.object({
  metadata: z.object({ guidellm_version: z.string().optional() }).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  benchmarks: z.array(benchmarkSchema).min(1, "needs at least one benchmark"),
});

/** Keys that say a JSON object is GuideLLM's report (detection). */
export function looksLikeGuidellmReport(value: unknown): boolean {
  return typeof value === "object" && value !== null && "benchmarks" in value && Array.isArray((value as { benchmarks: unknown }).benchmarks);
}

/** The model a benchmark asked for, wherever this version of GuideLLM keeps it; "guidellm" when none. */
function modelOf(benchmark: z.output<typeof benchmarkSchema>, report: z.output<typeof reportSchema>): string {
  const candidates = [benchmark.config?.requests?.model, benchmark.config?.backend?.model, report.config?.model];
  return candidates.find((candidate): candidate is string => typeof candidate === "string" && candidate !== "") ?? "guidellm";
}

type Outcome = "successful" | "incomplete" | "errored";

function recordOf(request: GuidellmRequest, outcome: Outcome, context: { runId: string; targetId: string; stage: number; path: string }): RequestRecord {
  const timings = request.info?.timings;
  const startSeconds = request.request_start_time ?? timings?.request_start ?? timings?.resolve_start;
  if (startSeconds === null || startSeconds === undefined) throw new ImportProblem(`${context.path}.request_start_time: required (the request's start, epoch seconds)`);
  const endSeconds = request.request_end_time ?? timings?.request_end ?? timings?.resolve_end ?? null;
  const latencySeconds = request.request_latency ?? (endSeconds === null ? null : endSeconds - startSeconds);
  if (latencySeconds !== null && latencySeconds < 0) throw new ImportProblem(`${context.path}.request_end_time: ${endSeconds} is before the request's start (${startSeconds})`);
  if (latencySeconds === null) throw new ImportProblem(`${context.path}.request_latency: required for a ${outcome} request`);
  const ok = outcome === "successful";
  const message = request.info?.error ?? (outcome === "incomplete" ? "cancelled: the benchmark ended before the request did" : "errored");
  const lastToken = timings?.last_token_iteration;
  const requestStart = timings?.request_start ?? startSeconds;
  const text = request.output ?? null;
  return importedRecord({
    runId: context.runId,
    targetId: context.targetId,
    inputIndex: 0,
    stage: context.stage,
    startedAt: Math.round(startSeconds * 1000),
    status: ok ? "ok" : "error",
    errorKind: ok ? null : outcome === "incomplete" ? "aborted" : errorKindOf(null, message),
    errorMessage: ok ? null : message.slice(0, 2000),
    ttftMs: request.time_to_first_token_ms == null ? null : roundMs(request.time_to_first_token_ms),
    timeToFirstAnswerTokenMs: request.time_to_first_output_token_ms == null ? null : roundMs(request.time_to_first_output_token_ms),
    latencyMs: roundMs(latencySeconds * 1000),
    lastTokenMs: lastToken == null ? null : roundMs((lastToken - requestStart) * 1000),
    inputTokens: request.prompt_tokens ?? null,
    outputTokens: request.output_tokens ?? null,
    outputChunkCount: timings?.token_iterations ?? null,
    chunkCount: timings?.token_iterations ?? 0,
    output: text,
    outputBytes: text === null ? 0 : utf8Length(text),
    ...(request.cached_tokens == null ? {} : { cachedInputTokens: request.cached_tokens }),
  });
}

export function importGuidellmReport(value: unknown, options: { runId: string; fileName: string; now: number }): ImportedRunParts {
  const checked = reportSchema.safeParse(value);
  if (!checked.success) throw new ImportProblem(firstIssue(checked.error, ""));
  const report = checked.data;
  const records: RequestRecord[] = [];
  const models: string[] = [];
  report.benchmarks.forEach((benchmark, stage) => {
    const model = modelOf(benchmark, report);
    if (!models.includes(model)) models.push(model);
    const targetId = targetIdFor(model);
    const stageRecords: RequestRecord[] = [];
    for (const outcome of ["successful", "incomplete", "errored"] as const) {
      benchmark.requests[outcome].forEach((request, index) => {
        stageRecords.push(recordOf(request, outcome, { runId: options.runId, targetId, stage, path: `benchmarks[${stage}].requests.${outcome}[${index}]` }));
      });
    }
    // The file groups requests by outcome: in order of their start, each is an input of its own.
    stageRecords.sort((a, b) => a.startedAt - b.startedAt);
    stageRecords.forEach((record, inputIndex) => records.push({ ...record, inputIndex }));
  });
  const scenario = importedScenario({
    tool: "guidellm",
    fileName: options.fileName,
    task: "chat-completion",
    targets: models.map((model) => ({ id: targetIdFor(model), label: model })),
  });
  const ends = report.benchmarks.map((benchmark) => benchmark.end_time);
  const latestEnd = ends.every((end) => typeof end === "number") ? max(ends as number[]) : undefined;
  const finishedAt = latestEnd === undefined ? null : Math.round(latestEnd * 1000);
  return { scenario, startedAt: earliestStart(records) ?? options.now, finishedAt, toolVersion: report.metadata?.guidellm_version ?? null, records };
}
