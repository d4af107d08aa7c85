// The ranges a measured figure read from a file must lie in, one definition for our records and every
// other tool's import: a file can hold any number, and a negative latency or a 300-digit one would pass
// into every percentile and chart as if measured.
import { z } from "zod";

/**
 * A day: the longest a request (or a wait, a gap, a queue) read from a file may last. A scenario's timeout
 * is at most an hour; other tools' requests end sooner than a day too.
 */
export const MAX_DURATION_MS = 86_400_000;

/** A duration in milliseconds: 0 to a day. */
export const durationMs = z.number().min(0, "must be 0 or more").max(MAX_DURATION_MS, `must be at most a day (${MAX_DURATION_MS.toLocaleString("en-US")} ms)`);

/** A duration in seconds (other tools' unit): 0 to a day. */
export const durationSeconds = z.number().min(0, "must be 0 or more").max(MAX_DURATION_MS / 1000, `must be at most a day (${(MAX_DURATION_MS / 1000).toLocaleString("en-US")} s)`);

/** A wall-clock time, epoch milliseconds: 0 to the last time a JavaScript Date holds. */
export const epochMs = z.number().min(0, "must be 0 or more").max(8.64e15, "is past the last date a clock can hold");

/** A count (requests, attempts, tokens, chunks): a whole number, 0 or more, exact in a double. */
export const countOf = z.number().min(0, "must be 0 or more").refine(Number.isSafeInteger, "must be a whole number below 2^53");

/** A rate or any other figure that cannot be negative (tokens per second, requests per second). */
export const nonNegative = z.number().min(0, "must be 0 or more").refine(Number.isFinite, "must be a finite number");
