import { useDeferredValue, useMemo } from "react";
import { measuredFigures } from "../../../core/metrics";
import { type RequestRecord, firstStartMs, type RecordColumns } from "../../../core/record";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import type { RecordsReadProgress } from "../../../store/queries";
import { formatCount } from "../../components/ui/format";
import { Notice } from "../../components/ui/notice";
import { Section } from "../../components/ui/section";
import { ExportButtons } from "./export-buttons";
import { RecordsLoading } from "./records/records-loading";
import { RunDetails } from "./run-details";
import { SummaryTable } from "./summary-table/summary-table";
import { describeTargets } from "./target-info";
import type { ServerScrape } from "../../../core/server-metrics";
import "../../components/ui/ui.css";
import "./compare.css";

interface RunComparisonProps {
  runId: string;
  scenario: Scenario;
  /** null while they are read (the summary shows meanwhile, when the run has one), and for a large run. */
  records: RequestRecord[] | null;
  /** The records' columns: null while they are read. */
  columns: RecordColumns | null;
  /** Too many records to read whole (use-run-data.ts): the views that need every record are left out. */
  large: boolean;
  /**
   * The summary was read from an imported file that keeps no request (Artillery's report): there is
   * nothing to draw charts, outputs or records from, and the page says so instead of empty charts.
   */
  summaryLevel?: boolean;
  runLabel: string;
  /** The run's summary (stored with it, or computed once from its records); null until there is one. */
  summary: SummaryRow[] | null;
  recordsProgress?: RecordsReadProgress | null;
  /** The endpoints' metrics pages as the run scraped them: drawn under the latency timeline. */
  serverMetrics?: readonly ServerScrape[];
}

/**
 * Everything about one finished (or aborted) run: summary, charts, outputs, raw records and exports.
 * The summary paints first; the rest follows in a later, interruptible render (a deferred value), so
 * drawing thousands of chart points never holds the summary back.
 */
export function RunComparison(props: RunComparisonProps) {
  const { runId, scenario, records, columns, large, summaryLevel = false, runLabel, summary: rows, recordsProgress = null, serverMetrics } = props;
  // Built from the summary's order, which also holds targets that have records but left the scenario.
  const targets = useMemo(
    () =>
      rows === null
        ? []
        : describeTargets(rows.map((row) => row.targetId), scenario),
    [rows, scenario],
  );
  const figures = useMemo(() => measuredFigures(scenario), [scenario]);
  const detailRecords = useDeferredValue(records, null);
  const detailColumns = useDeferredValue(columns, null);

  if (rows === null) {
    return (
      <div className="pb-compare" data-testid="run-comparison">
        <Section title={`Summary — ${scenario.name} · ${runLabel}`}>
          <RecordsLoading progress={recordsProgress} />
        </Section>
      </div>
    );
  }
  const warmupCount = rows.reduce((total, row) => total + row.warmupAttempts, 0);
  return (
    <div className="pb-compare" data-testid="run-comparison">
      <Section
        title={`Summary — ${scenario.name} · ${runLabel}`}
        actions={
          columns !== null ? (
            <ExportButtons
              runId={runId}
              scenario={scenario}
              runLabel={runLabel}
              records={records}
              recordCount={columns.length}
              runStartedAtMs={firstStartMs(columns)}
              rows={rows}
            />
          ) : undefined
        }
      >
        <SummaryTable rows={rows} targets={targets} figures={figures} />
        <p className="pb-footnote">
          Latency percentiles and token rates are over successful requests; the best value of each column is highlighted.
          {warmupCount > 0 && ` ${formatCount(warmupCount)} warm-up attempts are left out of statistics and charts.`}
        </p>
      </Section>
      {summaryLevel && columns !== null && columns.length === 0 ? (
        <div data-testid="summary-level-notice">
          <Notice tone="info">
            A summary-level run: the file it came from keeps counts and percentiles per target, not the requests themselves. The table
            above is that file&apos;s; charts, outputs, records and the paired tests need records, so they are not drawn.
          </Notice>
        </div>
      ) : detailColumns !== null && (large || detailRecords !== null) ? (
        <RunDetails runId={runId} scenario={scenario} records={large ? null : detailRecords} columns={detailColumns} rows={rows} targets={targets} serverMetrics={serverMetrics} />
      ) : (
        <RecordsLoading progress={recordsProgress} />
      )}
    </div>
  );
}
