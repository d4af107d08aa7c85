// Turns a run's record columns (core/record/record-columns.ts) into the series the charts draw. Warm-up requests are left out, as in the statistics,
// and no series ever holds more than MAX_POINTS_PER_SERIES points (the timeline TIMELINE_POINTS_PER_SERIES),
// whatever the size of the run.
import type { ErrorKind, RequestRecord } from "../../../../core/record";
import { ERROR_KINDS } from "../../../../core/record";
import { firstStartMs, RECORD_FLAG, targetPlace, type RecordColumns } from "../../../../core/record/record-columns";
import { ecdfWithBand, type EcdfWithBand } from "../../../../core/stats/ecdf-band";
import { downsample, type SummaryRow } from "../../../../core/stats";

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

/** Latencies (or TTFTs) of successful measured requests, per target: the values the statistics use. */
export function successfulValuesByTarget(columns: RecordColumns, quantity: EcdfQuantity = "latency"): Map<string, Float64Array> {
  const source = quantity === "latency" ? columns.latencyMs : columns.ttftMs;
  const counts = new Uint32Array(columns.targetIds.length);
  const wanted = (i: number): boolean => (columns.flags[i]! & (RECORD_FLAG.warmup | RECORD_FLAG.ok)) === RECORD_FLAG.ok && !Number.isNaN(source[i]!);
  for (let i = 0; i < columns.length; i++) if (wanted(i)) counts[columns.targetIndex[i]!]!++;
  const values = columns.targetIds.map((_, place) => new Float64Array(counts[place]!));
  counts.fill(0);
  for (let i = 0; i < columns.length; i++) {
    if (!wanted(i)) continue;
    const place = columns.targetIndex[i]!;
    values[place]![counts[place]!++] = source[i]!;
  }
  return new Map(columns.targetIds.map((targetId, place) => [targetId, values[place]!]));
}

export interface EcdfSeries extends EcdfWithBand {
  targetId: string;
}

/** Each target's ECDF with its 95% DKW band, at most MAX_POINTS_PER_SERIES points. */
export function ecdfSeries(columns: RecordColumns, targetIds: string[], quantity: EcdfQuantity): EcdfSeries[] {
  const byTarget = successfulValuesByTarget(columns, quantity);
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
 * Positions of the records `keep` picks, per target place, in start order. Records are stored in the
 * order they ended, so a run's start times are nearly sorted already; only the picked ones are sorted.
 */
function positionsByTarget(columns: RecordColumns, keep: (i: number) => boolean): number[][] {
  const byTarget: number[][] = columns.targetIds.map(() => []);
  for (let i = 0; i < columns.length; i++) if (keep(i)) byTarget[columns.targetIndex[i]!]!.push(i);
  for (const positions of byTarget) positions.sort((a, b) => columns.startedAt[a]! - columns.startedAt[b]! || a - b);
  return byTarget;
}

/**
 * Latency against the time each request started, to show throttling or drift during the run. Failures
 * get their own share of the point budget so that downsampling a large run never hides them. Only the
 * points kept become objects.
 */
export function latencyTimelineSeries(columns: RecordColumns, targetIds: string[]): TimelineSeries[] {
  const start = firstStartMs(columns) ?? 0;
  const measured = (i: number): boolean => (columns.flags[i]! & RECORD_FLAG.warmup) === 0;
  const ok = positionsByTarget(columns, (i) => measured(i) && (columns.flags[i]! & RECORD_FLAG.ok) !== 0);
  const failed = positionsByTarget(columns, (i) => measured(i) && (columns.flags[i]! & RECORD_FLAG.ok) === 0);
  const point = (i: number): TimelinePoint => ({
    offsetSeconds: (columns.startedAt[i]! - start) / 1000,
    latencyMs: columns.latencyMs[i]!,
    failed: (columns.flags[i]! & RECORD_FLAG.ok) === 0,
  });
  return targetIds.map((targetId) => {
    const place = targetPlace(columns, targetId);
    const keptFailed = downsample(failed[place] ?? [], Math.max(2, Math.floor(TIMELINE_POINTS_PER_SERIES * ERROR_SHARE_OF_TIMELINE)));
    const keptOk = downsample(ok[place] ?? [], TIMELINE_POINTS_PER_SERIES - keptFailed.length);
    return { targetId, points: [...keptOk, ...keptFailed].sort((a, b) => columns.startedAt[a]! - columns.startedAt[b]! || a - b).map(point) };
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
export function ttftLengthSeries(columns: RecordColumns, targetIds: string[]): TtftLengthSeries[] {
  const byTarget: number[][] = columns.targetIds.map(() => []);
  for (let i = 0; i < columns.length; i++) {
    if ((columns.flags[i]! & (RECORD_FLAG.warmup | RECORD_FLAG.ok)) !== RECORD_FLAG.ok) continue;
    if (Number.isNaN(columns.ttftMs[i]!) || Number.isNaN(columns.outputTokens[i]!)) continue;
    byTarget[columns.targetIndex[i]!]!.push(i);
  }
  return targetIds.map((targetId) => {
    const positions = byTarget[targetPlace(columns, targetId)] ?? [];
    const points = downsample(positions, TIMELINE_POINTS_PER_SERIES).map((i) => ({
      outputTokens: columns.outputTokens[i]!,
      ttftMs: columns.ttftMs[i]!,
      estimated: (columns.flags[i]! & RECORD_FLAG.tokensEstimated) !== 0,
    }));
    return { targetId, points, total: positions.length };
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
