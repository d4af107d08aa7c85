import { useMemo } from "react";
import type { SummaryRow } from "../../../core/stats";
import { formatCount, formatMs, formatTokensPerSecond } from "../../components/ui/format";
import { TargetSwatch } from "../../components/ui/target-swatch";
import { LatencyPercentilesChart } from "./latency-percentiles-chart";
import { describeTargets } from "./target-info";
import "./compare.css";

/** The compact view of a run in progress: counts, headline latencies and a percentile chart per target. */
export function LiveSummary({ rows }: { rows: SummaryRow[] }) {
  const rowTargetKey = rows.map((row) => row.targetId).join("\u0000");
  const targets = useMemo(
    () => describeTargets(rowTargetKey === "" ? [] : rowTargetKey.split("\u0000")),
    [rowTargetKey],
  );

  return (
    <div className="pb-live-summary" data-testid="live-summary">
      <table className="pb-table pb-compact-table">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col" className="pb-num">n</th>
            <th scope="col" className="pb-num">Errors</th>
            <th scope="col" className="pb-num">p50</th>
            <th scope="col" className="pb-num">p90</th>
            <th scope="col" className="pb-num">TTFT p50</th>
            <th scope="col" className="pb-num">Output tok/s</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.targetId} data-testid="live-summary-row" data-target-id={row.targetId}>
              <th scope="row" className="pb-target-cell">
                <TargetSwatch color={targets[index]?.color ?? "currentColor"} />
                {row.targetId}
              </th>
              <td className="pb-num" data-column="n">{formatCount(row.count)}</td>
              <td className="pb-num" data-column="errors">{formatCount(row.errorCount)}</td>
              <td className="pb-num" data-column="p50">{formatMs(row.latencyMs.p50)}</td>
              <td className="pb-num" data-column="p90">{formatMs(row.latencyMs.p90)}</td>
              <td className="pb-num" data-column="ttftP50">{formatMs(row.ttftMs.p50)}</td>
              <td className="pb-num" data-column="tokensPerSecond">
                {row.tokensEstimated && row.outputTokensPerSecond.p50 !== null ? "≈" : ""}
                {formatTokensPerSecond(row.outputTokensPerSecond.p50)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <LatencyPercentilesChart rows={rows} targets={targets} height={170} />
    </div>
  );
}
