import { useMemo } from "react";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import { formatChangeIn, formatPercentChange, formatValueIn } from "../../components/ui/format";
import { TargetSwatch } from "../../components/ui/target-swatch";
import { DIFF_METRICS, diffRuns } from "./run-diff-lines";
import { describeTargets } from "./target-info";
import "./compare.css";

const WITHIN_NOISE_EXPLANATION =
  "The two runs' 95% bootstrap intervals overlap: this change may be chance. Run more repetitions to tell.";

/** Two runs of one scenario, per target, from their summaries: did each metric get better or worse? */
export function RunDiff(props: {
  oldRows: readonly SummaryRow[];
  newRows: readonly SummaryRow[];
  scenario: Pick<Scenario, "targets">;
  oldLabel?: string;
  newLabel?: string;
}) {
  const { oldRows, newRows, scenario, oldLabel = "Before", newLabel = "After" } = props;
  const targetIds = useMemo(() => scenario.targets.map((target) => target.id), [scenario]);
  const lines = useMemo(() => diffRuns(oldRows, newRows, targetIds), [oldRows, newRows, targetIds]);
  const targets = useMemo(() => describeTargets(targetIds, scenario), [targetIds, scenario]);

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
                  key={line.metric.id}
                  data-testid="run-diff-row"
                  data-target-id={target.id}
                  data-metric={line.metric.id}
                  data-verdict={line.verdict ?? undefined}
                >
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={DIFF_METRICS.length} className="pb-target-cell">
                      <TargetSwatch color={target.color} />
                      {target.label}
                    </th>
                  )}
                  <td title={line.metric.definition}>{line.metric.label}</td>
                  <td className="pb-num" data-column="old">{formatValueIn(line.metric.unit, line.oldValue)}</td>
                  <td className="pb-num" data-column="new">{formatValueIn(line.metric.unit, line.newValue)}</td>
                  <td className={`pb-num pb-verdict-${line.verdict ?? "none"}`} data-column="change">
                    {formatChangeIn(line.metric.unit, line.change)}
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
        Each change is coloured by whether the metric moved its better way (lower latency, lower error rate). A change
        marked ≈ is not coloured: the two runs&apos; 95% bootstrap intervals overlap, so it may be chance.
      </p>
    </div>
  );
}
