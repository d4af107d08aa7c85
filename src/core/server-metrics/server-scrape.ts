// One scrape of one target's metrics page as the run keeps it: a line of `--server-metrics` (JSONL) and an
// entry of a bundle's tail. The page itself is not kept: only the mapped quantities (known-families.ts),
// the names the scenario picked, and the histograms' buckets, so a later reader can take percentiles over
// any span of the run.
import { z } from "zod";
import { HISTOGRAM_QUANTITY_IDS, SCALAR_QUANTITY_IDS, SERVER_KINDS, type HistogramQuantityId, type ScalarQuantityId, type ServerKind } from "./known-families";

/** Cumulative counts per upper bound, bounds ascending and finite; `counts` has one more entry, the +Inf bucket (the total). */
export interface BucketCounts {
  le: number[];
  counts: number[];
}

export interface ServerScrape {
  targetId: string;
  /** Wall clock when the scrape was sent, epoch ms (the records' `startedAt` clock). */
  atMs: number;
  ok: boolean;
  /** Sent → page parsed (or failed), ms. */
  durationMs: number;
  /** Of durationMs, the parse and mapping on the run's event loop: what a scrape can take from the requests' timing. */
  parseMs: number | null;
  /** Bytes of the page. */
  bytes: number | null;
  /** The server that wrote the page, from its families' names; null when none is known. */
  server: ServerKind | null;
  values: Partial<Record<ScalarQuantityId, number>>;
  /** Time histograms in milliseconds. */
  histograms: Partial<Record<HistogramQuantityId, BucketCounts>>;
  /** run.serverMetrics.names: each named gauge or counter, its label sets summed. */
  picked: Record<string, number>;
  /** Why the scrape failed, in our words (never the server's text); null when it did not. */
  error: string | null;
}

const finite = z.number().finite();
const bucketCountsSchema = z
  .strictObject({ le: z.array(finite).max(1000), counts: z.array(z.number().finite().nonnegative()).max(1001) })
  .refine((buckets) => buckets.counts.length === buckets.le.length + 1, { message: "counts must have one entry more than le (the +Inf bucket)" });

export const serverScrapeSchema = z.strictObject({
  targetId: z.string().min(1).max(64),
  atMs: finite.nonnegative(),
  ok: z.boolean(),
  durationMs: finite.nonnegative(),
  parseMs: finite.nonnegative().nullable(),
  bytes: z.number().int().nonnegative().nullable(),
  server: z.enum(SERVER_KINDS).nullable(),
  values: z.partialRecord(z.enum(SCALAR_QUANTITY_IDS), finite),
  histograms: z.partialRecord(z.enum(HISTOGRAM_QUANTITY_IDS), bucketCountsSchema),
  picked: z.record(z.string().max(200), finite),
  error: z.string().max(500).nullable(),
}) satisfies z.ZodType<ServerScrape>;

/** A failed scrape: counted and shown, never fatal. */
export function failedScrape(targetId: string, atMs: number, durationMs: number, error: string): ServerScrape {
  return { targetId, atMs, ok: false, durationMs, parseMs: null, bytes: null, server: null, values: {}, histograms: {}, picked: {}, error };
}
