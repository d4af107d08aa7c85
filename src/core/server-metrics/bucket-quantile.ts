// Percentiles from a histogram's cumulative buckets, as Prometheus' histogram_quantile takes them: the
// bucket that holds the rank, and a linear interpolation inside it. A bucket says only that a value lies
// between its bounds, so the answer carries them: the resolution is the bucket's width, never finer.
import type { BucketCounts } from "./server-scrape";

export interface BucketQuantile {
  /** Interpolated inside the bucket; in the +Inf bucket, the last finite bound. */
  value: number;
  /** The bucket that holds the rank: the value lies in (lower, upper]. */
  lower: number;
  /** null: beyond the last finite bound (the +Inf bucket), so `value` is a lower bound only. */
  upper: number | null;
}

/** The requests the run added: the last scrape's counts less the first's (the server counts since it started). */
export function bucketsBetween(first: BucketCounts | undefined, last: BucketCounts): BucketCounts | null {
  if (first === undefined) return last;
  if (first.le.length !== last.le.length || first.le.some((bound, index) => bound !== last.le[index])) return null;
  const counts = last.counts.map((count, index) => count - first.counts[index]!);
  // A server restarted between the two: its counters went back to zero, and the difference means nothing.
  if (counts.some((count) => count < 0)) return null;
  return { le: last.le, counts };
}

export function totalCount(buckets: BucketCounts): number {
  return buckets.counts[buckets.counts.length - 1] ?? 0;
}

/** The q-quantile (0 < q ≤ 1); null when the histogram counted nothing. */
export function bucketQuantile(buckets: BucketCounts, q: number): BucketQuantile | null {
  const total = totalCount(buckets);
  if (!(total > 0)) return null;
  const rank = q * total;
  const index = buckets.counts.findIndex((count) => count >= rank);
  const at = index < 0 ? buckets.counts.length - 1 : index;
  const lower = at === 0 ? Math.min(0, buckets.le[0] ?? 0) : buckets.le[at - 1]!;
  const upper = at < buckets.le.length ? buckets.le[at]! : null;
  if (upper === null) return { value: lower, lower, upper: null };
  const below = at === 0 ? 0 : buckets.counts[at - 1]!;
  const inBucket = buckets.counts[at]! - below;
  const value = inBucket > 0 ? lower + ((upper - lower) * (rank - below)) / inBucket : upper;
  return { value, lower, upper };
}
