// A `run --summary` JSON read back as a summary-level run: one row per target, no records (like an
// Artillery report). Two shapes have been written: today's `targets` (one flat object per target, the
// metric catalogue's keys, metrics/summary-file.ts summaryFileRows) and the first release's `rows` (nested
// distributions, counts of attempts). A figure a file does not hold stays "not measured" (null).
import { z } from "zod";
import { interval, errorRate, failureRate, SummaryAccumulator, type SummaryRow } from "../../stats";
import { METRICS, DISTRIBUTIONS } from "../../metrics";
import { ERROR_KINDS, isErrorKind, type ErrorKind, countOf, nonNegative } from "../../record";
import type { Scenario } from "../../scenario";
import { firstIssue } from "../bundle/format";
import { importedScenario, ImportProblem } from "./imported-run";

/** The run fields both shapes share, and either one of the two row lists. */
export function looksLikeSummaryFile(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const file = value as Record<string, unknown>;
  return typeof file.runId === "string" && typeof file.scenario === "string" && "status" in file && (Array.isArray(file.targets) || Array.isArray(file.rows));
}

const finite = z.number().refine(Number.isFinite, "expected a finite number");
const count = countOf;
const nullableFinite = finite.nullable();

const runShape = {
  runId: z.string().min(1),
  scenario: z.string(),
  status: z.string(),
  startedAt: finite,
  finishedAt: nullableFinite,
};

const todaysFileSchema = z.looseObject({
  ...runShape,
  targets: z.array(z.looseObject({ targetId: z.string().min(1), requests: count, failedRequests: count, failedAttempts: count, retries: count })),
});

/** The first release's distributions are all of times and token rates: none is negative. */
const nonNegativeFigure = nonNegative.nullable();
const firstDistributionSchema = z.looseObject({ count, min: nonNegativeFigure, mean: nonNegativeFigure, p50: nonNegativeFigure, p90: nonNegativeFigure, p95: nonNegativeFigure, p99: nonNegativeFigure, max: nonNegativeFigure });

const firstReleaseFileSchema = z.looseObject({
  ...runShape,
  rows: z.array(
    z.looseObject({
      targetId: z.string().min(1),
      count,
      okCount: count,
      errorCount: count,
      errorsByKind: z.record(z.string(), count),
      warmupCount: count,
      abortedCount: count,
      latencyMs: firstDistributionSchema,
      latencyP50Ci95: z.tuple([finite, finite]).nullable().optional(),
      ttftMs: firstDistributionSchema,
      itlMs: firstDistributionSchema.optional(),
      outputTokensPerSecond: firstDistributionSchema.optional(),
      decodeTokensPerSecond: firstDistributionSchema.optional(),
      requestsPerSecond: nonNegativeFigure,
      outputTokenThroughput: nonNegativeFigure.optional(),
      wallSpanMs: nonNegativeFigure.optional(),
      tokensEstimated: z.boolean().optional(),
    }),
  ),
});

export interface ImportedSummaryFile {
  runId: string;
  scenario: Scenario;
  startedAt: number;
  finishedAt: number | null;
  rows: SummaryRow[];
}

function emptyRows(targetIds: string[]): SummaryRow[] {
  return new SummaryAccumulator().summarize(targetIds);
}

/** Every metric of the catalogue whose value sits in a distribution, found by its key in a flat row. */
function setDistributionFigures(row: SummaryRow, fields: Record<string, unknown>): void {
  for (const metric of METRICS) {
    if (metric.distribution === undefined) continue;
    const value = fields[metric.id];
    if (typeof value !== "number" || !Number.isFinite(value)) continue;
    const spec = DISTRIBUTIONS.find((candidate) => candidate.id === metric.distribution!.id);
    if (spec === undefined) continue;
    const distribution = spec.distribution(row);
    const { statistic } = metric.distribution;
    distribution[statistic] = value;
    const low = fields[`${metric.id}Ci95Low`];
    const high = fields[`${metric.id}Ci95High`];
    if (statistic !== "min" && statistic !== "max" && statistic !== "stdDev" && typeof low === "number" && typeof high === "number") distribution.ci95[statistic] = interval(low, high);
  }
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** What either shape gives: the run's times and rows, and the targets' labels where the file has them. */
type SummaryFileContent = Omit<ImportedSummaryFile, "scenario"> & { labels: Map<string, string> };

function readTodaysFile(value: unknown): SummaryFileContent {
  const checked = todaysFileSchema.safeParse(value);
  if (!checked.success) throw new ImportProblem(firstIssue(checked.error, ""));
  const file = checked.data;
  const rows = emptyRows(file.targets.map((target) => target.targetId));
  const labels = new Map<string, string>();
  file.targets.forEach((fields, index) => {
    const row = rows[index]!;
    if (fields.failedRequests > fields.requests) throw new ImportProblem(`targets[${index}].failedRequests: ${fields.failedRequests} is more than requests (${fields.requests})`);
    row.requests = fields.requests;
    row.failedRequests = fields.failedRequests;
    row.okRequests = fields.requests - fields.failedRequests;
    row.failedAttempts = fields.failedAttempts;
    row.retries = fields.retries;
    for (const key of ["recoveredRequests", "abortedRequests", "droppedRequests", "warmupAttempts", "retryAfterAttempts"] as const) {
      const figure = fields[key];
      if (typeof figure === "number" && Number.isInteger(figure) && figure >= 0) row[key] = figure;
    }
    row.failureRate = failureRate(row);
    row.errorRate = errorRate(row);
    row.requestsPerSecond = numberOrNull(fields.requestsPerSecond);
    row.outputTokenThroughput = numberOrNull(fields.outputTokenThroughput);
    row.tokensEstimated = fields.tokensEstimated === true;
    setDistributionFigures(row, fields);
    if (typeof fields.targetLabel === "string") labels.set(row.targetId, fields.targetLabel);
  });
  return { runId: file.runId, startedAt: file.startedAt, finishedAt: file.finishedAt, rows, labels };
}

/**
 * The first release counted attempts, not requests: `count` is every measured attempt, `errorCount` the
 * failed ones. With its default of one attempt per request (retry was opt-in) they are requests; the
 * run's description says so, since a run that enabled retries cannot be told apart from its summary.
 */
function readFirstReleaseFile(value: unknown): SummaryFileContent {
  const checked = firstReleaseFileSchema.safeParse(value);
  if (!checked.success) throw new ImportProblem(firstIssue(checked.error, ""));
  const file = checked.data;
  const rows = emptyRows(file.rows.map((row) => row.targetId));
  file.rows.forEach((fields, index) => {
    const row = rows[index]!;
    if (fields.okCount + fields.errorCount !== fields.count) throw new ImportProblem(`rows[${index}].count: ${fields.count}, but okCount (${fields.okCount}) and errorCount (${fields.errorCount}) add up to ${fields.okCount + fields.errorCount}`);
    row.requests = fields.count;
    row.okRequests = fields.okCount;
    row.failedRequests = fields.errorCount;
    row.failedAttempts = fields.errorCount;
    row.abortedRequests = fields.abortedCount;
    row.warmupAttempts = fields.warmupCount;
    const byKind: Partial<Record<ErrorKind, number>> = {};
    for (const [kind, figure] of Object.entries(fields.errorsByKind)) {
      if (!isErrorKind(kind)) throw new ImportProblem(`rows[${index}].errorsByKind.${kind}: not an error kind (${ERROR_KINDS.join(", ")})`);
      byKind[kind] = figure;
    }
    row.failedAttemptsByKind = byKind;
    row.failureRate = failureRate(row);
    row.errorRate = errorRate(row);
    row.requestsPerSecond = fields.requestsPerSecond;
    row.outputTokenThroughput = fields.outputTokenThroughput ?? null;
    row.wallSpanMs = fields.wallSpanMs ?? null;
    row.tokensEstimated = fields.tokensEstimated === true;
    const distributions = [
      [row.latencyMs, fields.latencyMs],
      [row.ttftMs, fields.ttftMs],
      [row.itlMs, fields.itlMs],
      [row.outputTokensPerSecond, fields.outputTokensPerSecond],
      [row.decodeTokensPerSecond, fields.decodeTokensPerSecond],
    ] as const;
    for (const [target, source] of distributions) {
      if (source === undefined) continue;
      for (const key of ["count", "min", "mean", "p50", "p90", "p95", "p99", "max"] as const) (target as Record<typeof key, number | null>)[key] = source[key];
    }
    if (fields.latencyP50Ci95) row.latencyMs.ci95.p50 = interval(fields.latencyP50Ci95[0], fields.latencyP50Ci95[1]);
  });
  return { runId: file.runId, startedAt: file.startedAt, finishedAt: file.finishedAt, rows, labels: new Map() };
}

export function importSummaryFile(value: unknown, options: { fileName: string }): ImportedSummaryFile {
  const firstRelease = typeof value === "object" && value !== null && Array.isArray((value as { rows?: unknown }).rows);
  const read = firstRelease ? readFirstReleaseFile(value) : readTodaysFile(value);
  const scenario = importedScenario({
    tool: "providerbench-cli",
    fileName: options.fileName,
    task: "chat-completion",
    targets: read.rows.map((row) => ({ id: row.targetId, label: read.labels.get(row.targetId) ?? row.targetId })),
  });
  scenario.description = `Imported from ${options.fileName}, a --summary file: one row per target, no records.${firstRelease ? " Its counts are attempts: the first release's summary did not tell retries from requests." : ""}`;
  return { runId: read.runId, scenario, startedAt: read.startedAt, finishedAt: read.finishedAt, rows: read.rows };
}
