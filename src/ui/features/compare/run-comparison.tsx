import { useMemo } from "react";
import type { RequestRecord } from "../../../core/record";
import type { Scenario } from "../../../core/scenario";
import { summarize } from "../../../core/stats";
import { formatCount } from "../../components/ui/format";
import { Section } from "../../components/ui/section";
import { ErrorBreakdownChart } from "./error-breakdown-chart";
import { ExportButtons } from "./export-buttons";
import { LatencyDistributionChart } from "./latency-distribution-chart";
import { LatencyPercentilesChart } from "./latency-percentiles-chart";
import { LatencyTimelineChart } from "./latency-timeline-chart";
import { OutputsByInput } from "./outputs-by-input";
import { RecordsTable } from "./records-table";
import { SummaryTable } from "./summary-table";
import { describeTargets } from "./target-info";
import "./compare.css";

/** Everything about one finished (or aborted) run: summary, charts, outputs, raw records and exports. */
export function RunComparison(props: { scenario: Scenario; records: RequestRecord[]; runLabel: string }) {
  const { scenario, records, runLabel } = props;
  const rows = useMemo(() => summarize(records, scenario.targets.map((target) => target.id)), [records, scenario]);
  // Built from the summary's order, which also holds targets that have records but left the scenario.
  const targets = useMemo(
    () => describeTargets(rows.map((row) => row.targetId), new Map(scenario.targets.map((target) => [target.id, target.label ?? target.id]))),
    [rows, scenario],
  );
  const warmupCount = rows.reduce((total, row) => total + row.warmupCount, 0);

  return (
    <div className="pb-compare" data-testid="run-comparison">
      <Section
        title={`Summary — ${scenario.name} · ${runLabel}`}
        actions={<ExportButtons scenarioName={scenario.name} runLabel={runLabel} records={records} rows={rows} />}
      >
        <SummaryTable rows={rows} targets={targets} />
        <p className="pb-footnote">
          Latency percentiles and token rates are over successful requests; the best value of each column is highlighted.
          {warmupCount > 0 && ` ${formatCount(warmupCount)} warm-up requests are left out of statistics and charts.`}
        </p>
      </Section>
      <div className="pb-chart-grid">
        <Section title="Latency percentiles">
          <LatencyPercentilesChart rows={rows} targets={targets} />
        </Section>
        <Section title="Latency distribution (ECDF)">
          <LatencyDistributionChart records={records} targets={targets} />
        </Section>
        <Section title="Latency over the run">
          <LatencyTimelineChart records={records} targets={targets} />
        </Section>
        <Section title="Errors by kind">
          <ErrorBreakdownChart rows={rows} targets={targets} />
        </Section>
      </div>
      <Section title="Outputs by input">
        <OutputsByInput scenario={scenario} records={records} targets={targets} />
      </Section>
      <Section title="Records">
        <RecordsTable records={records} targets={targets} />
      </Section>
    </div>
  );
}
