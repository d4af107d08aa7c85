import type { RequestRecord } from "../../../core/record";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import { Section } from "../../components/ui/section";
import { AgreementTables } from "./agreement/agreement-tables";
import { EcdfChart } from "./ecdf-chart";
import { ErrorBreakdownChart } from "./error-breakdown-chart";
import { LatencyPercentilesChart } from "./latency-percentiles-chart";
import { LatencyTimelineChart } from "./latency-timeline-chart";
import { OutputsByInput } from "./outputs-by-input";
import { RecordsTable } from "./records-table";
import type { TargetInfo } from "./target-info";
import { TtftLengthChart } from "./ttft-length-chart";
import { ValueScatterChart } from "./value-scatter-chart";
import "./compare.css";

/** What follows a run's summary once its records are read: charts, outputs side by side, and every record. */
export function RunDetails(props: { scenario: Scenario; records: RequestRecord[]; rows: SummaryRow[]; targets: TargetInfo[] }) {
  const { scenario, records, rows, targets } = props;
  return (
    <>
      <div className="pb-chart-grid">
        <Section title="Latency percentiles">
          <LatencyPercentilesChart rows={rows} targets={targets} title={null} />
        </Section>
        <Section title="Latency distribution (ECDF)">
          <EcdfChart records={records} targets={targets} quantity="latency" />
        </Section>
        <Section title="Time to first token distribution (ECDF)">
          <EcdfChart records={records} targets={targets} quantity="ttft" />
        </Section>
        <Section title="Time to first token vs output length">
          <TtftLengthChart records={records} targets={targets} />
        </Section>
        {rows.some((row) => row.costPer1000RequestsUsd !== null) ? (
          <Section title="Cost vs latency vs quality">
            <ValueScatterChart rows={rows} targets={targets} />
          </Section>
        ) : null}
        <Section title="Latency over the run">
          <LatencyTimelineChart records={records} targets={targets} />
        </Section>
        <Section title="Failed attempts by kind (retried or not)">
          <ErrorBreakdownChart rows={rows} targets={targets} />
        </Section>
      </div>
      <Section title="Outputs by input">
        <OutputsByInput scenario={scenario} records={records} targets={targets} />
      </Section>
      <Section title="Agreement across targets" testId="agreement-section">
        <AgreementTables task={scenario.task} records={records} targets={targets} />
      </Section>
      <Section title="Records">
        <RecordsTable records={records} targets={targets} />
      </Section>
    </>
  );
}
