// The numbers kept on a run's row when it ends, taken from its summary: the history list's few
// numbers, and the whole summary table for the Compare page.
import type { SummaryRow } from "../core/stats";
import type { RunHeadline } from "./db";

export function headlineFromSummary(rows: readonly SummaryRow[]): RunHeadline {
  return {
    count: rows.reduce((total, row) => total + row.count, 0),
    errorCount: rows.reduce((total, row) => total + row.errorCount, 0),
    targets: rows.map((row) => ({
      targetId: row.targetId,
      count: row.count,
      errorCount: row.errorCount,
      p50LatencyMs: row.latencyMs.p50,
    })),
    summary: [...rows],
  };
}

/** The headline without its summary table: for a run whose records did not all reach the database. */
export function withoutStoredSummary({ summary: _summary, ...headline }: RunHeadline): RunHeadline {
  return headline;
}

/** The summary table stored with the run, or null when it must be computed from the records. */
export function storedSummary(headline: RunHeadline | null): SummaryRow[] | null {
  return headline?.summary ?? null;
}
