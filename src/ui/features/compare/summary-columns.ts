// The numeric columns of the summary table: what each shows, how it is formatted, and which way is better.
import type { SummaryRow } from "../../../core/stats";
import {
  formatCount,
  formatMs,
  formatPercent,
  formatRequestsPerSecond,
  formatTokensPerSecond,
} from "../../components/ui/format";

export type SummaryColumnId =
  | "target"
  | "n"
  | "errors"
  | "errorRate"
  | "p50"
  | "p90"
  | "p99"
  | "ttftP50"
  | "tokensPerSecond"
  | "requestsPerSecond";

export type Better = "lower" | "higher";

export interface NumericSummaryColumn {
  id: Exclude<SummaryColumnId, "target">;
  header: string;
  description: string;
  /** undefined (not null) for "no value", because the table's sorter keeps undefined values last. */
  value: (row: SummaryRow) => number | undefined;
  format: (value: number | undefined) => string;
  /** Which direction wins the highlight; absent when the column is not a quality (n, error count). */
  better?: Better;
}

function defined(value: number | null): number | undefined {
  return value ?? undefined;
}

export const NUMERIC_SUMMARY_COLUMNS: readonly NumericSummaryColumn[] = [
  { id: "n", header: "n", description: "Measured requests (warm-up excluded)", value: (row) => row.count, format: formatCount },
  { id: "errors", header: "Errors", description: "Failed measured requests", value: (row) => row.errorCount, format: formatCount },
  {
    id: "errorRate",
    header: "Error rate",
    description: "Errors / measured requests",
    // A target with no measured requests has no error rate, not a perfect one.
    value: (row) => (row.count > 0 ? row.errorRate : undefined),
    format: formatPercent,
    better: "lower",
  },
  { id: "p50", header: "p50", description: "Median end-to-end latency", value: (row) => defined(row.latencyMs.p50), format: formatMs, better: "lower" },
  { id: "p90", header: "p90", description: "90th percentile latency", value: (row) => defined(row.latencyMs.p90), format: formatMs, better: "lower" },
  { id: "p99", header: "p99", description: "99th percentile latency", value: (row) => defined(row.latencyMs.p99), format: formatMs, better: "lower" },
  { id: "ttftP50", header: "TTFT p50", description: "Median time to first token (streaming only)", value: (row) => defined(row.ttftMs.p50), format: formatMs, better: "lower" },
  {
    id: "tokensPerSecond",
    header: "Output tok/s",
    description: "Median of per-request output tokens / latency",
    value: (row) => defined(row.outputTokensPerSecond.p50),
    format: formatTokensPerSecond,
    better: "higher",
  },
  {
    id: "requestsPerSecond",
    header: "req/s",
    description: "Successful requests / wall-clock span of the target's requests",
    value: (row) => defined(row.requestsPerSecond),
    format: formatRequestsPerSecond,
    better: "higher",
  },
];

/**
 * The rows holding the best value of a column. Empty when every value is the same (including when
 * only one row has a value): a highlight must single something out. Ties for best are all included.
 */
export function bestTargetIds(rows: SummaryRow[], column: NumericSummaryColumn): Set<string> {
  if (column.better === undefined) return new Set();
  const valued = rows.flatMap((row) => {
    const value = column.value(row);
    return value === undefined ? [] : [{ targetId: row.targetId, value }];
  });
  const values = valued.map((entry) => entry.value);
  const best = column.better === "lower" ? Math.min(...values) : Math.max(...values);
  if (values.every((value) => value === best)) return new Set();
  return new Set(valued.filter((entry) => entry.value === best).map((entry) => entry.targetId));
}
