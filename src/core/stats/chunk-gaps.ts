// The gaps between a stream's output chunks, kept compactly per record: exact mean, p50, p99 and max of
// the request's own gaps, and a log-bucket histogram from which the summary pools every gap of a target.
//
// Histogram: bucket 0 holds gaps under 1/32 ms (chunks that arrived in the same network read, or within
// the clock's resolution); bucket b ≥ 1 holds [2^((b−1)/8), 2^(b/8)) × 1/32 ms, eight buckets per
// doubling, so a pooled percentile read from a bucket's geometric middle is within 4.5% of the exact
// one. A record keeps only the buckets it used, as text: "b:count b:count …" in ascending b (a CSV cell,
// a JSON string): a steady stream of a thousand tokens touches a handful of buckets.
import { percentile } from "./percentile";

export const GAP_BUCKETS_PER_DOUBLING = 8;
const SMALLEST_BUCKETED_GAP_MS = 1 / 32;
/** The last bucket: 31.75 doublings above 1/32 ms, about 30 hours; any longer gap lands here too. */
export const LAST_GAP_BUCKET = 255;

export function gapBucket(gapMs: number): number {
  if (!(gapMs >= SMALLEST_BUCKETED_GAP_MS)) return 0;
  const bucket = 1 + Math.floor(GAP_BUCKETS_PER_DOUBLING * Math.log2(gapMs / SMALLEST_BUCKETED_GAP_MS));
  return Math.min(LAST_GAP_BUCKET, bucket);
}

/** The value a bucket stands for: 0 for bucket 0, else the geometric middle of its range. */
export function gapBucketValueMs(bucket: number): number {
  if (bucket === 0) return 0;
  return SMALLEST_BUCKETED_GAP_MS * 2 ** ((bucket - 0.5) / GAP_BUCKETS_PER_DOUBLING);
}

export function encodeGapHistogram(gapsMs: ArrayLike<number>): string {
  const counts = new Map<number, number>();
  for (let i = 0; i < gapsMs.length; i++) {
    const bucket = gapBucket(gapsMs[i] as number);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((first, second) => first[0] - second[0])
    .map(([bucket, count]) => `${bucket}:${count}`)
    .join(" ");
}

/**
 * Adds a record's histogram to `counts` (indexed by bucket). Returns false and adds nothing when the text
 * is not a histogram (a hand-edited or foreign file): a bad cell must not skew the pooled gaps. A loop
 * over character codes rather than split and a regular expression: it runs once per record of a run.
 */
export function addGapHistogram(text: string, counts: Float64Array): boolean {
  // Reused, not allocated per record: bucket and count pairs, checked in full before any is added.
  let parsed: Float64Array = parsedScratch;
  let parsedLength = 0;
  let bucket = -1;
  let number = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : SPACE;
    if (code >= DIGIT_0 && code <= DIGIT_9) {
      number = number * 10 + (code - DIGIT_0);
      if (++digits > 9) return false;
    } else if (code === COLON && bucket < 0 && digits > 0) {
      if (number > LAST_GAP_BUCKET) return false;
      bucket = number;
      number = digits = 0;
    } else if (code === SPACE && (bucket >= 0 ? digits > 0 : digits === 0)) {
      if (bucket >= 0) {
        if (parsedLength === parsed.length) parsed = growParsedScratch();
        parsed[parsedLength++] = bucket;
        parsed[parsedLength++] = number;
      }
      bucket = -1;
      number = digits = 0;
    } else {
      return false;
    }
  }
  for (let i = 0; i < parsedLength; i += 2) counts[parsed[i]!]! += parsed[i + 1]!;
  return true;
}

/** Room for every bucket once; grown (rarely: a bucket named twice) when a histogram holds more pairs. */
let parsedScratch: Float64Array = new Float64Array(2 * (LAST_GAP_BUCKET + 1));
function growParsedScratch(): Float64Array {
  const larger = new Float64Array(parsedScratch.length * 2);
  larger.set(parsedScratch);
  parsedScratch = larger;
  return larger;
}
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const COLON = 0x3a;
const SPACE = 0x20;

/** What a record keeps of its stream's gaps (all null when it had fewer than two output chunks). */
export interface ChunkGapFields {
  chunkGapMeanMs: number | null;
  chunkGapP50Ms: number | null;
  chunkGapP99Ms: number | null;
  maxChunkGapMs: number | null;
  chunkGapHistogram: string | null;
}

export function chunkGapFields(gapsMs: Float64Array, roundMs: (ms: number) => number): ChunkGapFields {
  if (gapsMs.length === 0) {
    return { chunkGapMeanMs: null, chunkGapP50Ms: null, chunkGapP99Ms: null, maxChunkGapMs: null, chunkGapHistogram: null };
  }
  const sorted = Float64Array.from(gapsMs).sort();
  let total = 0;
  for (const gap of sorted) total += gap;
  return {
    chunkGapMeanMs: roundMs(total / sorted.length),
    chunkGapP50Ms: roundMs(percentile(sorted, 50)),
    chunkGapP99Ms: roundMs(percentile(sorted, 99)),
    maxChunkGapMs: roundMs(sorted[sorted.length - 1]!),
    chunkGapHistogram: encodeGapHistogram(sorted),
  };
}
