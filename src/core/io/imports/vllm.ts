// `vllm bench serve --save-result --save-detailed`: one JSON object per benchmark (a line each with
// --append-result), the per-request figures as parallel arrays (vllm/benchmarks/serve.py: input_lens,
// output_lens, ttfts, itls, latencies, start_times, queue_times, generated_texts, errors). Each request
// becomes a record; each object of an appended file a stage. docs/metrics.md states what differs.
import { max } from "d3-array";
import { z } from "zod";
import { chunkGapFields } from "../../stats";
import { type RequestRecord, countOf, durationSeconds, nonNegative } from "../../record";
import type { Scenario } from "../../scenario";
import { firstIssue } from "../bundle/format";
import { earliestStart, errorKindOf, importedRecord, importedScenario, ImportProblem, roundMs, statusOfReason, targetIdFor, utf8Length } from "./imported-run";


/** Only the fields read; the rest of vLLM's object (its summary figures, metadata) is left alone. */
const vllmResultSchema = z
  .object({
    date: z.string().optional(),
    backend: z.string().optional(),
    endpoint_type: z.string().optional(),
    model_id: z.string().min(1),
    max_concurrency: z.number().int().positive().nullable().optional(),
    duration: nonNegative,
    input_lens: z.array(countOf),
    output_lens: z.array(countOf),
    ttfts: z.array(durationSeconds),
    itls: z.array(z.array(durationSeconds)),
    latencies: z.array(durationSeconds).optional(),
    start_times: z.array(z.number().finite()).optional(),
    queue_times: z.array(durationSeconds).optional(),
    generated_texts: z.array(z.string()).optional(),
    errors: z.array(z.string().nullable()),
  })
  .superRefine((result, context) => {
    const count = result.ttfts.length;
    for (const key of ["input_lens", "output_lens", "itls", "errors", "latencies", "start_times", "queue_times", "generated_texts"] as const) {
      const values = result[key];
      if (values !== undefined && values.length !== count) context.addIssue({ code: "custom", path: [key], message: `holds ${values.length} requests, ttfts ${count}` });
    }
  });

type VllmResult = z.output<typeof vllmResultSchema>;

/** Keys that say a JSON object is vLLM's saved result (detection). */
export function looksLikeVllmResult(value: unknown): boolean {
  return typeof value === "object" && value !== null && "ttfts" in value && "model_id" in value;
}

/** A result saved without --save-detailed has its summary only: said so, rather than "ttfts: required". */
function checkResult(value: unknown, lineNumber: number): VllmResult {
  if (typeof value === "object" && value !== null && "model_id" in value && !("ttfts" in value)) {
    throw new ImportProblem(`line ${lineNumber}: ttfts: missing: this vLLM result was saved without --save-detailed, so it holds no per-request figures`);
  }
  const checked = vllmResultSchema.safeParse(value);
  if (!checked.success) throw new ImportProblem(`line ${lineNumber}: ${firstIssue(checked.error, "")}`);
  return checked.data;
}

/** "20251123-194502" (vLLM writes the local time when the benchmark ended, no zone: read as UTC) → epoch ms. */
function dateOf(text: string | undefined): number | null {
  const match = text === undefined ? null : /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

function recordsOf(result: VllmResult, runId: string, stage: number, fallbackStart: number): RequestRecord[] {
  const targetId = targetIdFor(result.model_id);
  const endedAt = dateOf(result.date);
  // start_times are perf_counter seconds: relative to the first request, placed at the end minus the duration.
  const startedAt = endedAt === null ? fallbackStart : endedAt - result.duration * 1000;
  const firstStart = result.start_times === undefined ? 0 : result.start_times.reduce((first, time) => Math.min(first, time), Infinity);
  return result.ttfts.map((ttftSeconds, index) => {
    const error = result.errors[index] ?? "";
    const itls = result.itls[index] ?? [];
    const gaps = Float64Array.from(itls, (gap) => gap * 1000);
    const ok = error === "";
    const lastTokenMs = ttftSeconds * 1000 + gaps.reduce((total, gap) => total + gap, 0);
    const httpStatus = ok ? 200 : statusOfReason(error);
    const text = result.generated_texts?.[index] ?? null;
    const queueSeconds = result.queue_times?.[index];
    const start = startedAt + ((result.start_times?.[index] ?? firstStart) - firstStart) * 1000;
    return importedRecord({
      runId,
      targetId,
      inputIndex: index,
      stage,
      startedAt: Math.round(start),
      status: ok ? "ok" : "error",
      errorKind: ok ? null : errorKindOf(httpStatus, error),
      httpStatus,
      errorMessage: ok ? null : error.slice(0, 2000),
      ttftMs: ok ? roundMs(ttftSeconds * 1000) : null,
      // Older files have no latencies: the last token's arrival is what vLLM's own timeline plot uses then.
      latencyMs: roundMs(result.latencies !== undefined ? result.latencies[index]! * 1000 : ok ? lastTokenMs : 0),
      inputTokens: result.input_lens[index] ?? null,
      outputTokens: ok ? (result.output_lens[index] ?? null) : null,
      chunkCount: ok ? gaps.length + 1 : 0,
      outputChunkCount: ok ? gaps.length + 1 : null,
      timeToFirstAnswerTokenMs: ok ? roundMs(ttftSeconds * 1000) : null,
      timeToSecondTokenMs: ok && gaps.length > 0 ? roundMs(gaps[0]!) : null,
      lastTokenMs: ok ? roundMs(lastTokenMs) : null,
      ...(ok ? chunkGapFields(gaps, roundMs) : {}),
      output: text,
      outputBytes: text === null ? 0 : utf8Length(text),
      queueMs: queueSeconds === undefined ? null : roundMs(queueSeconds * 1000),
      scheduledAt: queueSeconds === undefined ? null : Math.round(start - queueSeconds * 1000),
    });
  });
}

export interface ImportedRunParts {
  scenario: Scenario;
  startedAt: number;
  finishedAt: number | null;
  toolVersion: string | null;
  records: RequestRecord[];
}

/** Each value is one JSON object of the file, with its line number (1 for a file of one object). */
export function importVllmResults(values: { value: unknown; lineNumber: number }[], options: { runId: string; fileName: string; now: number }): ImportedRunParts {
  const results = values.map(({ value, lineNumber }) => checkResult(value, lineNumber));
  const records = results.flatMap((result, stage) => recordsOf(result, options.runId, stage, options.now));
  const models = [...new Set(results.map((result) => result.model_id))];
  const backend = results[0]!.endpoint_type ?? results[0]!.backend ?? "openai";
  const scenario = importedScenario({
    tool: "vllm-bench-serve",
    fileName: options.fileName,
    task: backend.includes("chat") ? "chat-completion" : backend.includes("embed") ? "feature-extraction" : "text-generation",
    targets: models.map((model) => ({ id: targetIdFor(model), label: model })),
    concurrency: results[0]!.max_concurrency ?? null,
  });
  const startedAt = earliestStart(records) ?? options.now;
  const ends = results.map((result) => dateOf(result.date));
  // A loop, not a spread: an appended file of 200,000 results is past the engine's limit on arguments.
  const finishedAt = ends.every((end) => end !== null) ? (max(ends as number[]) ?? null) : null;
  return { scenario, startedAt, finishedAt, toolVersion: null, records };
}
