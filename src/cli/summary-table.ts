// The per-target summary as an aligned plain-text table for the terminal.
import type { SummaryRow } from "../core/stats";

interface Column {
  header: string;
  cell(row: SummaryRow): string;
}

const ms = (value: number | null): string => (value === null ? "—" : value < 10 ? value.toFixed(2) : value.toFixed(0));
const rate = (value: number | null): string => (value === null ? "—" : value.toFixed(1));

const COLUMNS: Column[] = [
  { header: "target", cell: (row) => row.targetId },
  { header: "n", cell: (row) => String(row.count) },
  { header: "errors", cell: (row) => String(row.errorCount) },
  { header: "err %", cell: (row) => (row.errorRate * 100).toFixed(1) },
  { header: "p50 ms", cell: (row) => ms(row.latencyMs.p50) },
  { header: "p90 ms", cell: (row) => ms(row.latencyMs.p90) },
  { header: "p99 ms", cell: (row) => ms(row.latencyMs.p99) },
  { header: "TTFT p50 ms", cell: (row) => ms(row.ttftMs.p50) },
  { header: "tok/s p50", cell: (row) => (row.tokensEstimated && row.outputTokensPerSecond.p50 !== null ? "≈" : "") + rate(row.outputTokensPerSecond.p50) },
  { header: "req/s", cell: (row) => (row.requestsPerSecond === null ? "—" : row.requestsPerSecond.toFixed(2)) },
];

/** Text left-aligned, numbers right-aligned, two spaces between columns. */
export function formatSummaryTable(rows: SummaryRow[]): string {
  const cells = rows.map((row) => COLUMNS.map((column) => column.cell(row)));
  const widths = COLUMNS.map((column, index) => Math.max(column.header.length, ...cells.map((line) => line[index]!.length)));
  const pad = (text: string, index: number): string => (index === 0 ? text.padEnd(widths[index]!) : text.padStart(widths[index]!));
  const lines = [COLUMNS.map((column, index) => pad(column.header, index)).join("  ")];
  lines.push(widths.map((width) => "─".repeat(width)).join("  "));
  for (const line of cells) lines.push(line.map(pad).join("  "));
  return lines.join("\n");
}
