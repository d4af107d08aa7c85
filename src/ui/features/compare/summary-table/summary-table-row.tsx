// One target's row of the summary table: its name, then each figure with its interval under it, the best
// of each quality column marked.
import { estimatedExplanation, describeInterval, formatMetric, isEstimated, type Metric } from "../../../../core/metrics";
import type { SummaryRow } from "../../../../core/stats";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { TOO_FEW_SAMPLES, figureUncertainty, formatIntervalRange } from "./figure-uncertainty";
import type { SummaryRowModel } from "./use-summary-table";
import type { TargetInfo } from "../target-info";

/** A cell's hover: its interval (or why there is none), and why it is marked as an estimate. */
function cellTitle(metric: Metric, row: SummaryRow): string | undefined {
  const parts = [describeInterval(metric, row), isEstimated(metric, row) ? estimatedExplanation(metric) : null].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

/** The line under a figure: its 95% interval as a range, or that there were too few samples for one. */
function UncertaintyLine(props: { metric: Metric; row: SummaryRow }) {
  const uncertainty = figureUncertainty(props.metric, props.row);
  if (uncertainty.kind === "none") return null;
  if (uncertainty.kind === "tooFewSamples") {
    return (
      <span className="pb-cell-uncertainty pb-too-few" data-uncertainty="too-few" title={uncertainty.reason}>
        {TOO_FEW_SAMPLES}
      </span>
    );
  }
  return (
    <span className="pb-cell-uncertainty" data-uncertainty="interval">
      <span className="pb-visually-hidden">95% interval </span>[{formatIntervalRange(props.metric, uncertainty.low, uncertainty.high)}]
    </span>
  );
}

function FigureCell(props: { metric: Metric; summary: SummaryRow; isBest: boolean }) {
  const { metric, summary, isBest } = props;
  return (
    <td
      data-column={metric.id}
      data-best={isBest ? "true" : undefined}
      className={isBest ? "pb-num pb-best" : "pb-num"}
      title={cellTitle(metric, summary)}
    >
      <span className="pb-cell-figure" data-figure="">
        {formatMetric(metric, summary)}
      </span>
      {isBest && <span className="pb-visually-hidden"> (best)</span>}
      <UncertaintyLine metric={metric} row={summary} />
    </td>
  );
}

export function SummaryTableRow(props: { row: SummaryRowModel; target: TargetInfo | undefined; bestByColumn: ReadonlyMap<string, ReadonlySet<string>> }) {
  const { row, target, bestByColumn } = props;
  const summary = row.original;
  return (
    <tr data-testid="summary-row" data-target-id={summary.targetId}>
      {row.getAllCells().map((cell) => {
        const metric = cell.column.columnDef.meta?.metric ?? null;
        if (metric === null) {
          return (
            <th key={cell.id} scope="row" data-column="target" className="pb-target-cell">
              <TargetSwatch color={target?.color ?? "currentColor"} />
              <span title={summary.targetId}>{target?.label ?? summary.targetId}</span>
            </th>
          );
        }
        return <FigureCell key={cell.id} metric={metric} summary={summary} isBest={bestByColumn.get(metric.id)?.has(summary.targetId) ?? false} />;
      })}
    </tr>
  );
}
