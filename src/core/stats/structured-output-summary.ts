// Structured output per target (docs/metrics.md, "Structured output"): how often an answer met the
// response format asked for, and how often it was JSON that failed the schema. Fed one record at a time
// by the accumulator (summary.ts); counters only, for the runs that asked for JSON.
import type { RequestRecord } from "../record";
import { wilsonInterval95 } from "./proportion";

export interface StructuredOutputTotals {
  structuredRequests: number;
  schemaValidRequests: number;
  schemaMismatchRequests: number;
}

export function emptyStructuredOutputTotals(): StructuredOutputTotals {
  return { structuredRequests: 0, schemaValidRequests: 0, schemaMismatchRequests: 0 };
}

/** One successful measured record; a record of a run that asked for no JSON (no verdict) adds nothing. */
export function addStructuredOutputRecord(totals: StructuredOutputTotals, record: RequestRecord): void {
  const verdict = record.structuredOutput;
  if (record.status !== "ok" || verdict === undefined || verdict === null) return;
  totals.structuredRequests += 1;
  if (verdict === "valid") totals.schemaValidRequests += 1;
  else if (verdict === "schema-mismatch") totals.schemaMismatchRequests += 1;
}

export interface StructuredOutputSummary {
  /** Successful measured requests that asked for JSON (response_format): the rates' denominator. */
  structuredRequests: number;
  /** Answers that parse as JSON and meet the format (the schema; an object for json_object) / structuredRequests; null without response_format. */
  schemaValidRate: number | null;
  schemaValidRateCi95: [number, number] | null;
  /** Answers that parse as JSON but fail the format / structuredRequests: the rest of the failures are not JSON at all. */
  schemaMismatchRate: number | null;
  schemaMismatchRateCi95: [number, number] | null;
}

export function summarizeStructuredOutput(totals: StructuredOutputTotals): StructuredOutputSummary {
  const n = totals.structuredRequests;
  return {
    structuredRequests: n,
    schemaValidRate: n > 0 ? totals.schemaValidRequests / n : null,
    schemaValidRateCi95: wilsonInterval95(totals.schemaValidRequests, n),
    schemaMismatchRate: n > 0 ? totals.schemaMismatchRequests / n : null,
    schemaMismatchRateCi95: wilsonInterval95(totals.schemaMismatchRequests, n),
  };
}
