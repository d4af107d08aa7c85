// The few numbers the history list shows for a run, taken from its summary when the run ends.
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
  };
}
