import { useMemo } from "react";
import type { RequestRecord, RecordColumns } from "../../../core/record";
import type { ServerScrape } from "../../../core/server-metrics";
import { formatCount } from "../../components/ui/format";
import { Notice } from "../../components/ui/notice";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import { Section } from "../../components/ui/section";
import { AgreementTables } from "./agreement/agreement-tables";
import { EcdfChart } from "./charts/ecdf-chart";
import { ErrorBreakdownChart } from "./charts/error-breakdown-chart";
import { LatencyPercentilesChart } from "./charts/latency-percentiles-chart";
import { LatencyTimelineChart } from "./charts/latency-timeline-chart";
import { runTimeAxis } from "./charts/run-time-axis";
import { ServerTimelineChart } from "./server/server-timeline-chart";
import { OutputsByInput } from "./outputs/outputs-by-input";
import { RecordsTable, StoredRecordsTable } from "./records/records-table";
import type { TargetInfo } from "./target-info";
import { TtftLengthChart } from "./charts/ttft-length-chart";
import { hasSessions, TtftByTurnChart } from "./charts/ttft-by-turn-chart";
import { ValueScatterChart } from "./charts/value-scatter-chart";
import { LARGE_RUN_LEFT_TO_CLI } from "./large-run";
import "./compare.css";

/**
 * What follows a run's summary once its records are read: charts, outputs side by side, and every record.
 * `records` null: a run too large to read whole, drawn from its columns; its records table reads the
 * records in view from the store, and the views that compare every output are left out, saying so.
 */
export function RunDetails(props: {
  runId: string;
  scenario: Scenario;
  records: RequestRecord[] | null;
  columns: RecordColumns;
  rows: SummaryRow[];
  targets: TargetInfo[];
  serverMetrics?: readonly ServerScrape[] | undefined;
}) {
  const { runId, scenario, records, columns, rows, targets, serverMetrics } = props;
  const scraped = serverMetrics !== undefined && serverMetrics.length > 0 ? serverMetrics : null;
  const axis = useMemo(() => (scraped === null ? undefined : runTimeAxis(columns, scraped.map((scrape) => scrape.atMs))), [columns, scraped]);
  return (
    <>
      <div className="pb-chart-grid">
        <Section title="Latency percentiles">
          <LatencyPercentilesChart rows={rows} targets={targets} captioned={false} />
        </Section>
        <Section title="Latency distribution (ECDF)">
          <EcdfChart columns={columns} targets={targets} quantity="latency" />
        </Section>
        <Section title="Time to first token distribution (ECDF)">
          <EcdfChart columns={columns} targets={targets} quantity="ttft" />
        </Section>
        <Section title="Time to first token vs output length">
          <TtftLengthChart columns={columns} targets={targets} />
        </Section>
        {hasSessions(rows) ? (
          <Section title="Time to first token by turn">
            <TtftByTurnChart rows={rows} targets={targets} />
          </Section>
        ) : null}
        {rows.some((row) => row.costPer1000RequestsUsd !== null) ? (
          <Section title="Cost vs latency vs quality">
            <ValueScatterChart rows={rows} targets={targets} />
          </Section>
        ) : null}
        <Section title={scraped === null ? "Latency over the run" : "Latency over the run, the server under it"}>
          <LatencyTimelineChart columns={columns} targets={targets} axis={axis} />
          {scraped !== null && axis !== undefined ? <ServerTimelineChart scrapes={scraped} targets={targets} axis={axis} /> : null}
        </Section>
        <Section title="Failed attempts by kind (retried or not)">
          <ErrorBreakdownChart rows={rows} targets={targets} />
        </Section>
      </div>
      {records !== null ? (
        <>
          <Section title="Outputs by input">
            <OutputsByInput scenario={scenario} records={records} targets={targets} />
          </Section>
          <Section title="Agreement across targets" testId="agreement-section">
            <AgreementTables task={scenario.task} records={records} targets={targets} />
          </Section>
        </>
      ) : (
        <div data-testid="large-run-notice">
          <Notice tone="info">
            This run holds {formatCount(columns.length)} records: its charts are drawn from its timings alone, and the records table reads
            the rows in view. Outputs by input, agreement across targets, the paired tests and the load curves need every record:{" "}
            {LARGE_RUN_LEFT_TO_CLI}
          </Notice>
        </div>
      )}
      <Section title="Records">
        {records !== null ? <RecordsTable records={records} targets={targets} /> : <StoredRecordsTable runId={runId} columns={columns} targets={targets} />}
      </Section>
    </>
  );
}
