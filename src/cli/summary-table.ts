// The per-target summary as an aligned plain-text table for the terminal, from the metric catalogue.
import { formatMetricNumber, headerWithUnit, metricsIn } from "../core/metrics";
import type { SummaryRow } from "../core/stats";

interface Column {
  header: string;
  cell(row: SummaryRow): string;
}

/** Text left-aligned, numbers right-aligned, two spaces between columns; targets by their display name. */
export function formatSummaryTable(rows: readonly SummaryRow[], targetLabel: (targetId: string) => string): string {
  const columns: Column[] = [
    { header: "target", cell: (row) => targetLabel(row.targetId) },
    ...metricsIn("cli").map((metric) => ({ header: headerWithUnit(metric), cell: (row: SummaryRow) => formatMetricNumber(metric, row) })),
  ];
  const cells = rows.map((row) => columns.map((column) => column.cell(row)));
  const widths = columns.map((column, index) => Math.max(column.header.length, ...cells.map((line) => line[index]!.length)));
  const pad = (text: string, index: number): string => (index === 0 ? text.padEnd(widths[index]!) : text.padStart(widths[index]!));
  const lines = [columns.map((column, index) => pad(column.header, index)).join("  ")];
  lines.push(widths.map((width) => "─".repeat(width)).join("  "));
  for (const line of cells) lines.push(line.map(pad).join("  "));
  return lines.join("\n");
}
