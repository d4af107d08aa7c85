import { useMemo } from "react";
import { measuredFigures, type MeasuringScenario } from "../../../../core/metrics/measured-figures";
import { estimatedExplanation, formatMetric, isEstimated, metricsIn } from "../../../../core/metrics";
import type { SummaryRow } from "../../../../core/stats";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { LatencyPercentilesChart } from "../charts/latency-percentiles-chart";
import { describeTargets } from "../target-info";
import "../compare.css";

/** The compact view of a run in progress: counts, headline latencies and a percentile chart per target. */
export function LiveSummary(props: { rows: SummaryRow[]; scenario: MeasuringScenario }) {
  const { rows, scenario } = props;
  // The catalogue's live view, of the figures this run measures (a speech run's real-time factor, no TTFT).
  const liveMetrics = useMemo(() => metricsIn("live", measuredFigures(scenario)), [scenario]);
  const rowTargetKey = rows.map((row) => row.targetId).join("\u0000");
  const targets = useMemo(
    () => describeTargets(rowTargetKey === "" ? [] : rowTargetKey.split("\u0000"), scenario),
    [rowTargetKey, scenario],
  );

  return (
    <div className="pb-live-summary" data-testid="live-summary">
      <table className="pb-table pb-compact-table cards-on-phone">
        <thead>
          <tr>
            <th scope="col">Target</th>
            {liveMetrics.map((metric) => (
              <th key={metric.id} scope="col" className="pb-num" data-column={metric.id} title={`${metric.label}: ${metric.definition}`}>
                {metric.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.targetId} data-testid="live-summary-row" data-target-id={row.targetId}>
              <th scope="row" className="pb-target-cell">
                <TargetSwatch color={targets[index]?.color ?? "currentColor"} />
                <span title={row.targetId}>{targets[index]?.label ?? row.targetId}</span>
              </th>
              {liveMetrics.map((metric) => (
                <td
                  key={metric.id}
                  className="pb-num"
                  data-column={metric.id}
                  data-label={metric.label}
                  title={isEstimated(metric, row) ? estimatedExplanation(metric) : undefined}
                >
                  {formatMetric(metric, row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <LatencyPercentilesChart rows={rows} targets={targets} height={170} />
    </div>
  );
}
