// A scenario's service-level objectives: the thresholds one request must meet to count as good (the
// SLO attainment and goodput of docs/metrics.md).
import { z } from "zod";
import type { RequestRecord } from "../record";

const milliseconds = z.number({ error: "must be a number of milliseconds" }).positive("must be more than 0").max(3_600_000, "must be at most 3,600,000 (one hour)");

export const sloSchema = z
  .strictObject({
    /** Time to first token at most this (streaming runs only). */
    maxTtftMs: milliseconds.optional(),
    /** End-to-end latency at most this. */
    maxLatencyMs: milliseconds.optional(),
    /** Every check of the request's input passed (a request whose input has no check meets this). */
    checksPassed: z.literal(true, { error: "must be true (leave it out to not require checks)" }).optional(),
  })
  .refine((slo) => slo.maxTtftMs !== undefined || slo.maxLatencyMs !== undefined || slo.checksPassed !== undefined, {
    message: "needs at least one objective (maxTtftMs, maxLatencyMs or checksPassed)",
  });

export type Slo = z.output<typeof sloSchema>;

/**
 * Whether one request (its last attempt) met every objective. A failed request never does: errors
 * count as not meeting the SLO. A streaming request that brought no content has no TTFT and misses a TTFT objective.
 * Times count from when the request was due, so the client's own queue (`queueMs`) is added: an open
 * loop's arrival that waited for a free slot waited as a user would. In a closed loop it is the client's
 * overhead, well under a millisecond.
 */
export function meetsSlo(slo: Slo, record: Pick<RequestRecord, "status" | "ttftMs" | "latencyMs" | "checksPassed" | "queueMs">): boolean {
  if (record.status !== "ok") return false;
  // Records from before queueMs existed have none: their times are taken as they are.
  const queueMs = typeof record.queueMs === "number" && Number.isFinite(record.queueMs) ? record.queueMs : 0;
  if (slo.maxTtftMs !== undefined && (record.ttftMs === null || !(queueMs + record.ttftMs <= slo.maxTtftMs))) return false;
  if (slo.maxLatencyMs !== undefined && !(queueMs + record.latencyMs <= slo.maxLatencyMs)) return false;
  // `!== false` and not `=== true`: a record of an input without checks (null), or one stored before
  // checks existed (undefined), has nothing that failed.
  if (slo.checksPassed === true && record.checksPassed === false) return false;
  return true;
}
