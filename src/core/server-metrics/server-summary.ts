// What a run's scrapes say per target: how many failed, what scraping cost, the gauges' mean and peak, and
// server-side percentiles over the run from the histograms' buckets (last scrape less the first: the
// server counts since it started, the run's share is the difference).
import { bucketQuantile, bucketsBetween, totalCount, type BucketQuantile } from "./bucket-quantile";
import { HISTOGRAM_QUANTITIES, SCALAR_QUANTITIES, type HistogramQuantityId, type ScalarQuantityId, type ServerKind } from "./known-families";
import type { ServerScrape } from "./server-scrape";

export interface ServerPercentiles {
  quantity: HistogramQuantityId;
  label: string;
  /** Requests (or, for inter-token latency, token gaps) the server counted during the run. */
  count: number;
  p50: BucketQuantile | null;
  p90: BucketQuantile | null;
  p99: BucketQuantile | null;
}

export interface ServerGauge {
  quantity: ScalarQuantityId;
  label: string;
  mean: number;
  max: number;
}

export interface ServerTargetSummary {
  targetId: string;
  server: ServerKind | null;
  scrapes: number;
  failures: number;
  /** The last failure's reason, or null. */
  lastError: string | null;
  /** Sent → parsed, per successful scrape: median and max, ms. */
  scrapeMs: { median: number | null; max: number | null };
  /** The part spent parsing on the run's event loop, per successful scrape: mean and max, ms. */
  parseMs: { mean: number | null; max: number | null };
  /** Median page size, bytes. */
  pageBytes: number | null;
  gauges: ServerGauge[];
  percentiles: ServerPercentiles[];
  /** Prefix-cache hits / queries the run added (vLLM's counters); null without them. */
  prefixCacheHitRate: number | null;
}

export function summarizeServerMetrics(scrapes: readonly ServerScrape[], targetIds: readonly string[]): ServerTargetSummary[] {
  const present = targetIds.filter((targetId) => scrapes.some((scrape) => scrape.targetId === targetId));
  return present.map((targetId) => summarizeTarget(targetId, scrapes.filter((scrape) => scrape.targetId === targetId)));
}

function summarizeTarget(targetId: string, scrapes: readonly ServerScrape[]): ServerTargetSummary {
  const ok = scrapes.filter((scrape) => scrape.ok);
  const failed = scrapes.filter((scrape) => !scrape.ok);
  const durations = ok.map((scrape) => scrape.durationMs);
  const parses = ok.map((scrape) => scrape.parseMs).filter((value): value is number => value !== null);
  const sizes = ok.map((scrape) => scrape.bytes).filter((value): value is number => value !== null);
  return {
    targetId,
    server: ok.find((scrape) => scrape.server !== null)?.server ?? null,
    scrapes: scrapes.length,
    failures: failed.length,
    lastError: failed[failed.length - 1]?.error ?? null,
    scrapeMs: { median: median(durations), max: durations.length === 0 ? null : Math.max(...durations) },
    parseMs: { mean: parses.length === 0 ? null : parses.reduce((sum, value) => sum + value, 0) / parses.length, max: parses.length === 0 ? null : Math.max(...parses) },
    pageBytes: median(sizes),
    gauges: gaugesOf(ok),
    percentiles: percentilesOf(ok),
    prefixCacheHitRate: counterRatio(ok, "prefixCacheHits", "prefixCacheQueries"),
  };
}

function gaugesOf(ok: readonly ServerScrape[]): ServerGauge[] {
  const gauges: ServerGauge[] = [];
  for (const quantity of SCALAR_QUANTITIES) {
    if (quantity.kind !== "gauge") continue;
    const values = ok.map((scrape) => scrape.values[quantity.id]).filter((value): value is number => value !== undefined);
    if (values.length === 0) continue;
    gauges.push({ quantity: quantity.id, label: quantity.label, mean: values.reduce((sum, value) => sum + value, 0) / values.length, max: Math.max(...values) });
  }
  return gauges;
}

function percentilesOf(ok: readonly ServerScrape[]): ServerPercentiles[] {
  const rows: ServerPercentiles[] = [];
  for (const quantity of HISTOGRAM_QUANTITIES) {
    const holding = ok.filter((scrape) => scrape.histograms[quantity.id] !== undefined);
    const last = holding[holding.length - 1]?.histograms[quantity.id];
    if (last === undefined) continue;
    const first = holding.length > 1 ? holding[0]!.histograms[quantity.id] : undefined;
    const run = bucketsBetween(first, last);
    if (run === null) continue;
    rows.push({ quantity: quantity.id, label: quantity.label, count: totalCount(run), p50: bucketQuantile(run, 0.5), p90: bucketQuantile(run, 0.9), p99: bucketQuantile(run, 0.99) });
  }
  return rows;
}

function counterRatio(ok: readonly ServerScrape[], numerator: ScalarQuantityId, denominator: ScalarQuantityId): number | null {
  const holding = ok.filter((scrape) => scrape.values[numerator] !== undefined && scrape.values[denominator] !== undefined);
  if (holding.length < 2) return null;
  const first = holding[0]!.values;
  const last = holding[holding.length - 1]!.values;
  const queries = last[denominator]! - first[denominator]!;
  return queries > 0 ? (last[numerator]! - first[numerator]!) / queries : null;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
