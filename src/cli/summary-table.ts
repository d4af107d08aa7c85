// The per-target summary as an aligned plain-text table for the terminal, from the metric catalogue:
// the default columns (of the figures the run measures), a chosen few (--columns), or every metric
// (--wide, one line per metric).
import { type MeasuredFigures, formatMetricNumber, headerWithUnit, METRICS, metricsIn, METRIC_GROUPS, type Metric } from "../core/metrics";
import type { SummaryRow } from "../core/stats";

/** Which metrics the table shows: the catalogue's CLI view, every metric, or the ids given. */
export type TableView = { kind: "default" } | { kind: "wide" } | { kind: "columns"; metrics: Metric[] };

export const DEFAULT_TABLE_VIEW: TableView = { kind: "default" };

interface Column {
  header: string;
  cell(row: SummaryRow): string;
}

/** Text left-aligned, numbers right-aligned, two spaces between columns. */
function alignedTable(headers: readonly string[], lines: readonly string[][]): string {
  const widths = headers.map((header, index) => Math.max(header.length, ...lines.map((line) => line[index]!.length)));
  const pad = (text: string, index: number): string => (index === 0 ? text.padEnd(widths[index]!) : text.padStart(widths[index]!));
  const out = [headers.map(pad).join("  "), widths.map((width) => "─".repeat(width)).join("  ")];
  for (const line of lines) out.push(line.map(pad).join("  "));
  return out.join("\n");
}

/**
 * One line per target, one column per metric; targets by their display name. With --wide every metric
 * of the catalogue is shown instead, turned on its side (one line per metric, one column per target,
 * grouped as the catalogue groups them), since a few hundred columns could not be read. `figures`: what
 * the run measures (measured-figures.ts), which decides the default columns; every default one without.
 */
export function formatSummaryTable(
  rows: readonly SummaryRow[],
  targetLabel: (targetId: string) => string,
  view: TableView = DEFAULT_TABLE_VIEW,
  figures?: MeasuredFigures,
): string {
  if (view.kind === "wide") return formatWideTable(rows, targetLabel);
  const metrics = view.kind === "columns" ? view.metrics : metricsIn("cli", figures);
  const columns: Column[] = [
    { header: "target", cell: (row) => targetLabel(row.targetId) },
    ...metrics.map((metric) => ({ header: headerWithUnit(metric), cell: (row: SummaryRow) => formatMetricNumber(metric, row) })),
  ];
  const table = alignedTable(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.cell(row))),
  );
  return [table, ...caveatLines(rows, metrics, targetLabel)].join("\n");
}

function formatWideTable(rows: readonly SummaryRow[], targetLabel: (targetId: string) => string): string {
  const headers = ["metric", "unit", ...rows.map((row) => targetLabel(row.targetId))];
  const lines: string[][] = [];
  for (const group of METRIC_GROUPS) {
    const metrics = METRICS.filter((metric) => metric.group === group.id);
    if (metrics.length === 0) continue;
    lines.push([`${group.label}:`, "", ...rows.map(() => "")]);
    for (const metric of metrics) {
      const unit = headerWithUnit(metric).slice(metric.header.length).trim();
      lines.push([`  ${metric.id}`, unit, ...rows.map((row) => formatMetricNumber(metric, row))]);
    }
  }
  return [alignedTable(headers, lines), ...caveatLines(rows, METRICS, targetLabel)].join("\n");
}

/** A metric's warning for a target (several tokens per chunk beside ITL), once per target and warning. */
function caveatLines(rows: readonly SummaryRow[], metrics: readonly Metric[], targetLabel: (targetId: string) => string): string[] {
  const lines = new Set<string>();
  for (const row of rows) {
    for (const metric of metrics) {
      const caveat = metric.caveat?.(row) ?? null;
      if (caveat !== null && metric.value(row) !== null) lines.add(`note: ${targetLabel(row.targetId)}: ${caveat}`);
    }
  }
  return [...lines];
}
