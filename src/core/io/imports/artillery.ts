// Artillery's JSON report (`artillery run --output report.json`, also from run-fargate and run-lambda) of a
// test exported by ProviderBench (src/cli/artillery): { aggregate: { counters, summaries, … }, intermediate,
// metadata? }. Artillery keeps no request, only counters and histogram summaries, so the run is
// summary-level: per target the providerbench.<target>.* counters (requests, ok, errors by kind,
// attempts) and the percentiles of its histograms (latency, TTFT, tokens) become the target's summary
// row, and the run has no records. run-fargate's report names its region and worker count (metadata), and
// the processor counts its worker threads and their AWS region (Lambda's report names neither): the run is
// tagged with them. docs/metrics.md states what differs from a summary made from records.
import { z } from "zod";
import { ARTILLERY_COUNTERS, ARTILLERY_HISTOGRAMS, ARTILLERY_REGION_PREFIX, ARTILLERY_WORKER_THREADS, parseArtilleryMetricName, type ArtilleryHistogram } from "../artillery-metrics";
import { firstIssue } from "../bundle/format";
import { countOf, nonNegative, ERROR_KINDS, isErrorKind, type ErrorKind } from "../../record";
import { type Distribution, type PercentileKey, emptyDistribution, noInterval, errorRate, failureRate, SummaryAccumulator, type DistributionMetric, type SummaryRow } from "../../stats";
import type { Scenario } from "../../scenario";
import { importedScenario, ImportProblem } from "./imported-run";

const count = countOf;

/** Artillery's summary of a histogram (its DDSketch's quantiles): every histogram ProviderBench exports is of times or tokens, never negative. */
const histogramSummarySchema = z.object({
  min: nonNegative,
  max: nonNegative,
  count: count,
  mean: nonNegative.optional(),
  p50: nonNegative,
  p75: nonNegative.optional(),
  p90: nonNegative.optional(),
  p95: nonNegative.optional(),
  p99: nonNegative.optional(),
  p999: nonNegative.optional(),
});

const artilleryReportSchema = z.object({
  aggregate: z.object({
    counters: z.record(z.string(), count),
    // `--output` writes the summaries under both names; either one is enough.
    summaries: z.record(z.string(), z.unknown()).optional(),
    histograms: z.record(z.string(), z.unknown()).optional(),
    firstMetricAt: z.number().finite().optional(),
    lastMetricAt: z.number().finite().optional(),
    firstCounterAt: z.number().finite().optional(),
    lastCounterAt: z.number().finite().optional(),
    period: z.union([z.number(), z.string()]).optional(),
  }),
  intermediate: z.array(z.unknown()).optional(),
  metadata: z
    .object({
      count: z.number().int().positive().nullable().optional(),
      region: z.string().nullable().optional(),
      artilleryVersion: z.object({ core: z.string().optional() }).partial().nullable().optional(),
    })
    .partial()
    .nullable()
    .optional(),
});

/** Keys that say a JSON document is Artillery's report (detection). */
export function looksLikeArtilleryReport(value: unknown): boolean {
  if (typeof value !== "object" || value === null || !("aggregate" in value)) return false;
  const aggregate = (value as { aggregate: unknown }).aggregate;
  return typeof aggregate === "object" && aggregate !== null && "counters" in aggregate;
}

export interface ImportedArtilleryReport {
  scenario: Scenario;
  startedAt: number;
  finishedAt: number | null;
  toolVersion: string | null;
  /** One row per target, read from the report (no records). */
  rows: SummaryRow[];
  /** run-fargate's region (metadata.region), else the regions the workers ran in (AWS_REGION: Lambda); null for a local run. */
  region: string | null;
  /** Workers the test ran on (run-fargate's metadata.count); null when the report does not say. */
  workerCount: number | null;
  /** Artillery worker threads that ran virtual users (every machine's together); null in a report without the count. */
  workerThreads: number | null;
}

const HISTOGRAM_METRICS: Record<ArtilleryHistogram, DistributionMetric> = {
  latencyMs: "latencyMs",
  ttftMs: "ttftMs",
  outputTokens: "outputTokens",
  inputTokens: "inputTokens",
};

const PERCENTILES_READ = ["p50", "p75", "p90", "p95", "p99", "p999"] as const satisfies readonly PercentileKey[];

/** The report's summary as a distribution: the percentiles Artillery keeps, the others (and every interval) absent. */
function distributionOf(value: unknown, path: string): Distribution {
  const checked = histogramSummarySchema.safeParse(value);
  if (!checked.success) throw new ImportProblem(firstIssue(checked.error, path));
  const summary = checked.data;
  const distribution = emptyDistribution();
  distribution.count = summary.count;
  distribution.min = summary.min;
  distribution.max = summary.max;
  distribution.mean = summary.mean ?? null;
  for (const key of PERCENTILES_READ) distribution[key] = summary[key] ?? null;
  const reason = "Artillery's report keeps percentiles, not the values: no interval";
  for (const key of Object.keys(distribution.ci95) as (keyof Distribution["ci95"])[]) distribution.ci95[key] = noInterval(reason);
  return distribution;
}

export function importArtilleryReport(value: unknown, options: { fileName: string; now: number }): ImportedArtilleryReport {
  const checked = artilleryReportSchema.safeParse(value);
  if (!checked.success) throw new ImportProblem(firstIssue(checked.error, ""));
  const report = checked.data;
  const { counters } = report.aggregate;
  const histograms = report.aggregate.summaries ?? report.aggregate.histograms ?? {};
  const histogramsPath = report.aggregate.summaries !== undefined ? "aggregate.summaries" : "aggregate.histograms";

  const targetIds: string[] = [];
  const seen = (targetId: string): void => {
    if (!targetIds.includes(targetId)) targetIds.push(targetId);
  };
  for (const name of [...Object.keys(counters), ...Object.keys(histograms)]) {
    const parsed = parseArtilleryMetricName(name);
    if (parsed !== null) seen(parsed.targetId);
  }
  if (targetIds.length === 0) {
    const errors = Object.entries(counters)
      .filter(([name]) => name.startsWith("errors."))
      .map(([name, value]) => `${name.slice("errors.".length)} (${value})`);
    throw new ImportProblem(
      `aggregate.counters: no providerbench.<target>.requests counter: this report is not of a test made by \`providerbench export artillery\`${errors.length > 0 ? `, or its virtual users failed: ${errors.join("; ")}` : ""}`,
    );
  }

  const rows = new SummaryAccumulator().summarize(targetIds);
  for (const row of rows) {
    const counter = (figure: string): number => counters[`providerbench.${row.targetId}.${figure}`] ?? 0;
    const requestsName = `providerbench.${row.targetId}.${ARTILLERY_COUNTERS.requests}`;
    if (counters[requestsName] === undefined) throw new ImportProblem(`aggregate.counters.${requestsName}: missing (the report has other figures of ${row.targetId})`);
    const requests = counter(ARTILLERY_COUNTERS.requests);
    const ok = counter(ARTILLERY_COUNTERS.ok);
    const failed = counter(ARTILLERY_COUNTERS.errors);
    const attempts = counter(ARTILLERY_COUNTERS.attempts);
    if (ok + failed !== requests) {
      throw new ImportProblem(`aggregate.counters.${requestsName}: ${requests}, but ok (${ok}) and errors (${failed}) add up to ${ok + failed}`);
    }
    row.okRequests = ok;
    row.failedRequests = failed;
    row.requests = requests;
    // Every attempt is either the one success of its request or a failure: attempts = ok + failed attempts.
    row.failedAttempts = Math.max(failed, attempts - ok);
    row.retries = Math.max(0, attempts - requests);
    row.failureRate = failureRate(row);
    row.errorRate = errorRate(row);
    const byKind: Partial<Record<ErrorKind, number>> = {};
    const prefix = `providerbench.${row.targetId}.${ARTILLERY_COUNTERS.errors}.`;
    for (const [name, value] of Object.entries(counters)) {
      if (!name.startsWith(prefix)) continue;
      const kind = name.slice(prefix.length);
      if (!isErrorKind(kind)) throw new ImportProblem(`aggregate.counters.${name}: "${kind}" is not an error kind (${ERROR_KINDS.join(", ")})`);
      byKind[kind] = value;
    }
    row.failedAttemptsByKind = byKind;
    for (const [histogram, figure] of Object.entries(ARTILLERY_HISTOGRAMS) as [ArtilleryHistogram, string][]) {
      const name = `providerbench.${row.targetId}.${figure}`;
      if (histograms[name] !== undefined) row[HISTOGRAM_METRICS[histogram]] = distributionOf(histograms[name], `${histogramsPath}.${name}`);
    }
  }

  const regions = Object.keys(counters)
    .filter((name) => name.startsWith(ARTILLERY_REGION_PREFIX))
    .map((name) => name.slice(ARTILLERY_REGION_PREFIX.length));
  const region = report.metadata?.region ?? (regions.length > 0 ? regions.join(", ") : null);
  const workerCount = report.metadata?.count ?? null;
  const workerThreads = counters[ARTILLERY_WORKER_THREADS] ?? null;
  const scenario = importedScenario({ tool: "artillery", fileName: options.fileName, task: "chat-completion", targets: targetIds.map((id) => ({ id, label: id })) });
  const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;
  const machines = workerCount !== null ? plural(workerCount, "worker") : null;
  const threads = workerThreads !== null ? plural(workerThreads, "worker thread") : null;
  const on = machines !== null && threads !== null ? `${machines} (${threads})` : (machines ?? threads);
  const where = [on !== null ? `on ${on}` : null, region !== null ? `in ${region}` : null].filter((part) => part !== null).join(" ");
  if (where !== "") scenario.description = `${scenario.description} Ran ${where}.`;
  const { firstMetricAt, firstCounterAt, lastMetricAt, lastCounterAt } = report.aggregate;
  const startedAt = firstMetricAt ?? firstCounterAt ?? options.now;
  const finishedAt = lastMetricAt ?? lastCounterAt ?? null;
  return { scenario, startedAt, finishedAt, toolVersion: report.metadata?.artilleryVersion?.core ?? null, rows, region, workerCount, workerThreads };
}
