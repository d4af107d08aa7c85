// The server's side beside the client's, per target (`run`'s end and `analyze`): server-side TTFT, token
// gaps, end-to-end latency and queue time as percentiles of its histograms' buckets, each with the bucket
// it lies in (the resolution: a histogram places a value only between two bounds), and the client's
// percentiles of the same figure. The difference is network plus client. Then what the gauges did and
// what scraping cost.
import { formatBytes, formatCount, formatMs, formatPercent, roundForFile } from "../core/text";
import type { SummaryRow } from "../core/stats";
import { CLIENT_FIGURE_BESIDE, formatBucketQuantile, SERVER_NAMES, summarizeServerMetrics, type BucketQuantile, type ServerPercentiles, type ServerScrape, type ServerTargetSummary } from "../core/server-metrics";
import { formatTextTable } from "./text-table";

const PERCENTS = ["p50", "p90", "p99"] as const;

function percentileRows(summary: ServerTargetSummary, label: string, row: SummaryRow | undefined): string[][] {
  const rows: string[][] = [];
  for (const percentiles of summary.percentiles) {
    rows.push([label, `${percentiles.label}, server`, ...PERCENTS.map((percent) => formatBucketQuantile(percentiles[percent])), formatCount(percentiles.count)]);
    const client = CLIENT_FIGURE_BESIDE[percentiles.quantity];
    if (client === null || row === undefined) continue;
    const distribution = row[client.metric];
    rows.push(["", `${client.label}, client`, ...PERCENTS.map((percent) => formatMs(distribution[percent])), formatCount(distribution.count)]);
  }
  return rows;
}

function gaugeLine(summary: ServerTargetSummary): string {
  const parts = summary.gauges.map((gauge) => {
    const ratio = gauge.quantity === "kvCacheUsage" || gauge.quantity === "prefixCacheHitRate";
    const show = (value: number): string => (ratio ? formatPercent(value) : value.toFixed(1));
    return `${gauge.label} mean ${show(gauge.mean)}, max ${show(gauge.max)}`;
  });
  if (summary.prefixCacheHitRate !== null) parts.push(`prefix-cache hit rate ${formatPercent(summary.prefixCacheHitRate)}`);
  return parts.join("; ");
}

function costLine(summary: ServerTargetSummary): string {
  const failed = summary.failures === 0 ? "none failed" : `${summary.failures} failed (last: ${summary.lastError ?? "?"})`;
  const cost =
    summary.scrapeMs.median === null
      ? ""
      : `; a scrape took ${formatMs(summary.scrapeMs.median)} (median), its parse ${formatMs(summary.parseMs.max)} at most on the run's thread, pages of ${formatBytes(summary.pageBytes ?? 0)}`;
  return `${summary.scrapes} scrapes, ${failed}${cost}`;
}

/** The section printed after the summary table; "" without scrapes. */
export function formatServerMetricsReport(scrapes: readonly ServerScrape[], rows: readonly SummaryRow[], targetLabel: (targetId: string) => string): string {
  const summaries = summarizeServerMetrics(scrapes, rows.map((row) => row.targetId));
  if (summaries.length === 0) return "";
  const lines = [
    "Server metrics (each target's /metrics), beside the client's figures: a server percentile is read from its histogram's buckets and lies in the bucket shown (lower–upper), the resolution it has; the difference from the client's is network plus client.",
  ];
  for (const summary of summaries) {
    const label = targetLabel(summary.targetId);
    const server = summary.server === null ? "no known server's names" : SERVER_NAMES[summary.server];
    lines.push("", `${label} (${server}): ${costLine(summary)}`);
    const table = percentileRows(summary, label, rows.find((row) => row.targetId === summary.targetId));
    if (table.length > 0) lines.push(formatTextTable(["target", "figure", "p50", "p90", "p99", "n"], table, [2, 3, 4, 5]));
    const gauges = gaugeLine(summary);
    if (gauges !== "") lines.push(gauges);
  }
  return `${lines.join("\n")}\n`;
}

function quantileJson(quantile: BucketQuantile | null): Record<string, number | null> | null {
  if (quantile === null) return null;
  return { valueMs: roundForFile("ms", quantile.value), bucketLowerMs: quantile.lower, bucketUpperMs: quantile.upper };
}

function percentilesJson(percentiles: ServerPercentiles): Record<string, unknown> {
  return { quantity: percentiles.quantity, count: percentiles.count, p50: quantileJson(percentiles.p50), p90: quantileJson(percentiles.p90), p99: quantileJson(percentiles.p99) };
}

/** `analyze --json`'s `serverMetrics`: per target, what the scrapes say. */
export function serverMetricsJson(scrapes: readonly ServerScrape[], targetIds: readonly string[]): Record<string, unknown>[] {
  return summarizeServerMetrics(scrapes, targetIds).map((summary) => ({
    targetId: summary.targetId,
    server: summary.server,
    scrapes: summary.scrapes,
    failures: summary.failures,
    lastError: summary.lastError,
    scrapeMs: summary.scrapeMs,
    parseMs: summary.parseMs,
    pageBytes: summary.pageBytes,
    percentiles: summary.percentiles.map(percentilesJson),
    gauges: summary.gauges.map(({ quantity, mean, max }) => ({ quantity, mean, max })),
    prefixCacheHitRate: summary.prefixCacheHitRate,
  }));
}
