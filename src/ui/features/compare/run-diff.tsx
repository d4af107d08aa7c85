import { useMemo } from "react";
import type { SummaryRow } from "../../../core/stats";
import {
  formatMs,
  formatMsChange,
  formatPercent,
  formatPercentChange,
  formatPercentPointChange,
} from "../../components/ui/format";
import { TargetSwatch } from "../../components/ui/target-swatch";
import { DIFF_METRICS, diffRuns, type DiffLine } from "./run-diff-lines";
import { describeTargets } from "./target-info";
import "./compare.css";

const METRIC_LABELS = new Map(DIFF_METRICS.map((metric) => [metric.id, metric.label]));

const WITHIN_NOISE_EXPLANATION =
  "The two runs' 95% bootstrap intervals of the median overlap: this change may be chance. Run more repetitions to tell.";

function formatValue(line: DiffLine, value: number | null): string {
  return line.metric === "errorRate" ? formatPercent(value) : formatMs(value);
}

function formatChange(line: DiffLine): string {
  return line.metric === "errorRate" ? formatPercentPointChange(line.change) : formatMsChange(line.change);
}

/** Two runs of one scenario, per target, from their summaries: did latency and the error rate get better or worse? */
export function RunDiff(props: {
  oldRows: SummaryRow[];
  newRows: SummaryRow[];
  targetIds: string[];
  oldLabel?: string;
  newLabel?: string;
}) {
  const { oldRows, newRows, targetIds, oldLabel = "Before", newLabel = "After" } = props;
  const lines = useMemo(() => diffRuns(oldRows, newRows, targetIds), [oldRows, newRows, targetIds]);
  const targets = useMemo(() => describeTargets(targetIds), [targetIds]);

  return (
    <div className="pb-table-scroll">
      <table className="pb-table pb-run-diff" data-testid="run-diff">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Metric</th>
            <th scope="col" className="pb-num">{oldLabel}</th>
            <th scope="col" className="pb-num">{newLabel}</th>
            <th scope="col" className="pb-num">Change</th>
            <th scope="col" className="pb-num">%</th>
          </tr>
        </thead>
        {targets.map((target) => (
          <tbody key={target.id}>
            {lines
              .filter((line) => line.targetId === target.id)
              .map((line, index) => (
                <tr
                  key={line.metric}
                  data-testid="run-diff-row"
                  data-target-id={target.id}
                  data-metric={line.metric}
                  data-verdict={line.verdict ?? undefined}
                >
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={DIFF_METRICS.length} className="pb-target-cell">
                      <TargetSwatch color={target.color} />
                      {target.label}
                    </th>
                  )}
                  <td>{METRIC_LABELS.get(line.metric)}</td>
                  <td className="pb-num" data-column="old">{formatValue(line, line.oldValue)}</td>
                  <td className="pb-num" data-column="new">{formatValue(line, line.newValue)}</td>
                  <td className={`pb-num pb-verdict-${line.verdict ?? "none"}`} data-column="change">
                    {formatChange(line)}
                  </td>
                  <td className={`pb-num pb-verdict-${line.verdict ?? "none"}`} data-column="percentChange">
                    {formatPercentChange(line.percentChange)}
                    {line.verdict === "better" || line.verdict === "worse" ? (
                      <span className="pb-visually-hidden"> ({line.verdict})</span>
                    ) : null}
                    {line.verdict === "within-noise" ? (
                      <span title={WITHIN_NOISE_EXPLANATION}>
                        {" ≈"}
                        <span className="pb-visually-hidden"> (within noise)</span>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
          </tbody>
        ))}
      </table>
      <p className="pb-footnote">
        Lower is better. A p50 change marked ≈ is not coloured: the two runs&apos; 95% bootstrap intervals of the median
        overlap, so it may be chance.
      </p>
    </div>
  );
}
