// Turns records into the series the charts draw. Warm-up requests are left out, as in the statistics,
// and no series ever holds more than MAX_POINTS_PER_SERIES points (the timeline TIMELINE_POINTS_PER_SERIES),
// whatever the size of the run.
import type { ErrorKind, RequestRecord } from "../../../core/record";
import { ERROR_KINDS } from "../../../core/record";
import { ecdfWithBand, type EcdfWithBand } from "../../../core/ecdf-band";
import { downsample, type SummaryRow } from "../../../core/stats";

export const MAX_POINTS_PER_SERIES = 2000;
/**
 * The timeline draws each point as its own SVG group (recharts' Scatter): 3 series of 2,000 took about
 * 2.6 s to draw. 750 still trace throttling and drift over the run's wall clock, at well under half that.
 */
export const TIMELINE_POINTS_PER_SERIES = 750;
/** Failures are rarer and matter more than successes: they keep up to this share of a timeline series. */
const ERROR_SHARE_OF_TIMELINE = 0.25;

/** Epoch ms of the first request of the run (warm-up included): the zero of every "offset" shown. */
export function runStartMs(records: readonly RequestRecord[]): number | null {
  let start = Infinity;
  for (const record of records) start = Math.min(start, record.startedAt);
  return Number.isFinite(start) ? start : null;
}

/** The per-request times an ECDF can be drawn of: end-to-end latency, or time to first token. */
export type EcdfQuantity = "latency" | "ttft";

/** A successful measured request's latency or TTFT (null when it has none: not streamed). */
function quantityOf(record: RequestRecord, quantity: EcdfQuantity): number | null {
  return quantity === "latency" ? record.latencyMs : record.ttftMs;
}

/** Latencies (or TTFTs) of successful measured requests, per target: the values the statistics use. */
export function successfulValuesByTarget(records: readonly RequestRecord[], quantity: EcdfQuantity = "latency"): Map<string, number[]> {
  const byTarget = new Map<string, number[]>();
  for (const record of records) {
    if (record.warmup || record.status !== "ok") continue;
    const value = quantityOf(record, quantity);
    if (value === null) continue;
    let values = byTarget.get(record.targetId);
    if (values === undefined) {
      values = [];
      byTarget.set(record.targetId, values);
    }
    values.push(value);
  }
  return byTarget;
}

export interface EcdfSeries extends EcdfWithBand {
  targetId: string;
}

/** Each target's ECDF with its 95% DKW band, at most MAX_POINTS_PER_SERIES points. */
export function ecdfSeries(records: readonly RequestRecord[], targetIds: string[], quantity: EcdfQuantity): EcdfSeries[] {
  const byTarget = successfulValuesByTarget(records, quantity);
  return targetIds.map((targetId) => ({ targetId, ...ecdfWithBand(byTarget.get(targetId) ?? [], MAX_POINTS_PER_SERIES) }));
}

export interface TimelinePoint {
  /** Seconds since the start of the run. */
  offsetSeconds: number;
  latencyMs: number;
  failed: boolean;
}

export interface TimelineSeries {
  targetId: string;
  points: TimelinePoint[];
}

/**
 * Latency against the time each request started, to show throttling or drift during the run. Failures
 * get their own share of the point budget so that downsampling a large run never hides them.
 */
export function latencyTimelineSeries(records: readonly RequestRecord[], targetIds: string[]): TimelineSeries[] {
  const start = runStartMs(records) ?? 0;
  const okByTarget = new Map<string, TimelinePoint[]>(targetIds.map((id) => [id, []]));
  const failedByTarget = new Map<string, TimelinePoint[]>(targetIds.map((id) => [id, []]));
  for (const record of records) {
    if (record.warmup) continue;
    const failed = record.status !== "ok";
    const points = (failed ? failedByTarget : okByTarget).get(record.targetId);
    points?.push({ offsetSeconds: (record.startedAt - start) / 1000, latencyMs: record.latencyMs, failed });
  }
  const byOffset = (a: TimelinePoint, b: TimelinePoint) => a.offsetSeconds - b.offsetSeconds;
  return targetIds.map((targetId) => {
    const failed = (failedByTarget.get(targetId) ?? []).sort(byOffset);
    const ok = (okByTarget.get(targetId) ?? []).sort(byOffset);
    const keptFailed = downsample(failed, Math.max(2, Math.floor(TIMELINE_POINTS_PER_SERIES * ERROR_SHARE_OF_TIMELINE)));
    const keptOk = downsample(ok, TIMELINE_POINTS_PER_SERIES - keptFailed.length);
    return { targetId, points: [...keptOk, ...keptFailed].sort(byOffset) };
  });
}

export interface TtftLengthPoint {
  outputTokens: number;
  ttftMs: number;
  /** The output token count was estimated from the stream (the provider reported none). */
  estimated: boolean;
}

export interface TtftLengthSeries {
  targetId: string;
  points: TtftLengthPoint[];
  /** Requests the series stands for before thinning: all successful streamed ones with a token count. */
  total: number;
}

/**
 * Time to first token against output length, one point per successful streamed request that has both,
 * at most TIMELINE_POINTS_PER_SERIES per target, evenly spaced through the run (so thinning keeps the
 * shape of the cloud and every phase of the run).
 */
export function ttftLengthSeries(records: readonly RequestRecord[], targetIds: string[]): TtftLengthSeries[] {
  const byTarget = new Map<string, TtftLengthPoint[]>(targetIds.map((id) => [id, []]));
  for (const record of records) {
    if (record.warmup || record.status !== "ok" || record.ttftMs === null || record.outputTokens === null) continue;
    byTarget.get(record.targetId)?.push({ outputTokens: record.outputTokens, ttftMs: record.ttftMs, estimated: record.tokensEstimated });
  }
  return targetIds.map((targetId) => {
    const points = byTarget.get(targetId) ?? [];
    return { targetId, points: downsample(points, TIMELINE_POINTS_PER_SERIES), total: points.length };
  });
}

/** "other" counts failed attempts recorded without a kind, so the stacks add up to the failed attempts. */
export type ErrorBucket = ErrorKind | "other";

export interface ErrorBreakdownRow {
  targetId: string;
  counts: Partial<Record<ErrorBucket, number>>;
}

export function errorBreakdown(rows: SummaryRow[]): { rows: ErrorBreakdownRow[]; buckets: ErrorBucket[] } {
  const breakdown = rows.map((row) => {
    const counts: Partial<Record<ErrorBucket, number>> = { ...row.failedAttemptsByKind };
    const classified = ERROR_KINDS.reduce((total, kind) => total + (row.failedAttemptsByKind[kind] ?? 0), 0);
    if (row.failedAttempts > classified) counts.other = row.failedAttempts - classified;
    return { targetId: row.targetId, counts };
  });
  const allBuckets: ErrorBucket[] = [...ERROR_KINDS, "other"];
  const buckets = allBuckets.filter((bucket) => breakdown.some((row) => (row.counts[bucket] ?? 0) > 0));
  return { rows: breakdown, buckets };
}
