// Every pair of targets on every paired metric: the median of the paired differences (a − b), its 95%
// interval, the Holm-corrected p-value and the verdict in words, all from core (paired.ts, verdict.ts).
import { Fragment } from "react";
import { formatChangeIn, formatNumberIn } from "../../../components/ui/format";
import { PAIRED_METRICS, type Comparison } from "../../../../core/stats/paired";
import { describeComparison, favouredSide, formatPValue } from "../../../../core/verdict";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { targetInfoById, type TargetInfo } from "../target-info";
import "../compare.css";

export function PairwiseMatrix(props: { comparisons: readonly Comparison[]; targets: TargetInfo[] }) {
  const { comparisons, targets } = props;
  const byId = targetInfoById(targets);
  const label = (targetId: string): string => byId.get(targetId)?.label ?? targetId;
  const pairName = (comparison: Comparison) => (
    <>
      <TargetSwatch color={byId.get(comparison.a)?.color ?? "currentColor"} />
      {label(comparison.a)} − <TargetSwatch color={byId.get(comparison.b)?.color ?? "currentColor"} />
      {label(comparison.b)}
    </>
  );
  return (
    <div className="pb-table-scroll">
      <table className="pb-table pb-pairwise-table" data-testid="pairwise-matrix">
        <thead>
          <tr>
            <th scope="col">Pair (a − b)</th>
            <th scope="col" className="pb-num">
              Median difference
            </th>
            <th scope="col" className="pb-num">
              95% interval
            </th>
            <th scope="col" className="pb-num" title="Holm-corrected over every pair and metric compared">
              p (Holm)
            </th>
            <th scope="col" className="pb-num" title="Pairs: the same input and repetition, successful on both sides">
              n
            </th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        {PAIRED_METRICS.map((metric) => {
          const ofMetric = comparisons.filter((comparison) => comparison.metric === metric.id);
          if (ofMetric.length === 0) return null;
          return (
            <Fragment key={metric.id}>
              <tbody>
                <tr>
                  <th scope="rowgroup" colSpan={6} className="pb-pairwise-metric">
                    {metric.label} ({metric.better === "lower" ? "lower is better" : "higher is better"})
                  </th>
                </tr>
                {ofMetric.map((comparison) => {
                  const side = favouredSide(comparison);
                  return (
                    <tr key={`${comparison.a}:${comparison.b}`} data-metric={metric.id} data-pair={`${comparison.a}:${comparison.b}`} data-significant={comparison.significant}>
                      <th scope="row" className="pb-target-cell">
                        {pairName(comparison)}
                      </th>
                      <td className="pb-num">{formatChangeIn(metric.unit, comparison.medianDifference)}</td>
                      <td className="pb-num">
                        {comparison.ciLow === null || comparison.ciHigh === null
                          ? "—"
                          : `[${formatNumberIn(metric.unit, comparison.ciLow)}, ${formatNumberIn(metric.unit, comparison.ciHigh)}]`}
                      </td>
                      <td className="pb-num">{comparison.pValue === null ? "—" : formatPValue(comparison.pValue).replace(/^p /, "")}</td>
                      <td className="pb-num">{comparison.n}</td>
                      <td className={side === null ? "pb-pairwise-verdict" : "pb-pairwise-verdict pb-pairwise-significant"}>
                        {describeComparison(comparison, label(comparison.a), label(comparison.b))}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Fragment>
          );
        })}
      </table>
    </div>
  );
}
