// The summary file: one flat row per target with every metric of the catalogue, for the summary CSV and
// the --summary JSON alike.
import type { SummaryRow } from "../stats";
import { roundForFile } from "../text";
import { intervalOf, METRICS } from "./catalogue";
import type { Metric } from "./metric";

/** What a summary file says about the run each row belongs to. */
export interface SummaryFileContext {
  runId: string;
  scenarioName: string;
  /** The target's display name (see target-names.ts). */
  targetLabel(targetId: string): string;
}

export type SummaryFileValue = string | number | boolean | null;

interface FileField {
  key: string;
  read(row: SummaryRow, context: SummaryFileContext): SummaryFileValue;
}

/** A metric's fields in a file: its value, and the two ends of its interval when it has one. */
function metricFileFields(metric: Metric): FileField[] {
  const fields: FileField[] = [{ key: metric.id, read: (row) => roundForFile(metric.unit, metric.value(row)) }];
  if (metric.ci95 !== undefined) {
    fields.push(
      { key: `${metric.id}Ci95Low`, read: (row) => roundForFile(metric.unit, intervalOf(metric, row)?.[0]) },
      { key: `${metric.id}Ci95High`, read: (row) => roundForFile(metric.unit, intervalOf(metric, row)?.[1]) },
    );
  }
  return fields;
}

const FILE_FIELDS: readonly FileField[] = [
  { key: "runId", read: (_row, context) => context.runId },
  { key: "scenario", read: (_row, context) => context.scenarioName },
  { key: "targetId", read: (row) => row.targetId },
  { key: "targetLabel", read: (row, context) => context.targetLabel(row.targetId) },
  ...METRICS.flatMap(metricFileFields),
  { key: "tokensEstimated", read: (row) => row.tokensEstimated },
  { key: "reasoningTokensEstimated", read: (row) => row.reasoningTokensEstimated },
];

/** The keys of a summary file row, in order: the CSV header. */
export const SUMMARY_FILE_COLUMNS: readonly string[] = FILE_FIELDS.map((field) => field.key);

/**
 * One flat object per target, keys in SUMMARY_FILE_COLUMNS order: the run, the target, every metric
 * rounded for a file, and whether token counts were estimated. The summary CSV and the --summary JSON
 * are both this, so they always agree.
 */
export function summaryFileRows(rows: readonly SummaryRow[], context: SummaryFileContext): Record<string, SummaryFileValue>[] {
  return rows.map((row) => Object.fromEntries(FILE_FIELDS.map((field) => [field.key, field.read(row, context)])));
}
