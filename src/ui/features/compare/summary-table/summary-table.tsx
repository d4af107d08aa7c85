import { useMemo } from "react";
import {
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  sortFn_text,
  tableFeatures,
  useTable,
  type SortDirection,
} from "@tanstack/react-table";
import { METRICS, estimatedExplanation, bestTargetIds, describeInterval, formatMetric, isEstimated, type Metric } from "../../../../core/metrics";
import type { MeasuredFigures } from "../../../../core/metrics/measured-figures";
import type { SummaryRow } from "../../../../core/stats";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { ColumnChooser, useColumnChoices } from "./column-chooser";
import { isColumnShown } from "./column-settings";
import { TOO_FEW_SAMPLES, figureUncertainty, formatIntervalRange } from "./figure-uncertainty";
import { targetInfoById, type TargetInfo } from "../target-info";
import "../compare.css";

interface SummaryColumnMeta {
  metric: Metric | null;
  description: string;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text },
  columnMeta: metaHelper<SummaryColumnMeta>(),
});
const columnHelper = createColumnHelper<typeof features, SummaryRow>();

const ARIA_SORT: Record<SortDirection, "ascending" | "descending"> = { asc: "ascending", desc: "descending" };
const SORT_ARROW: Record<SortDirection, string> = { asc: "▲", desc: "▼" };

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

/** undefined (not null) for "no value", because the table's sorter keeps undefined values last. */
function sortValue(metric: Metric, row: SummaryRow): number | undefined {
  return metric.value(row) ?? undefined;
}

/**
 * One row per target: sortable by any column, with the best value of each quality column highlighted,
 * each figure's interval under it, and the columns the user chose (remembered in this browser).
 */
export function SummaryTable(props: { rows: SummaryRow[]; targets: TargetInfo[]; figures?: MeasuredFigures }) {
  const { rows, targets, figures } = props;
  const targetsById = useMemo(() => targetInfoById(targets), [targets]);
  const choices = useColumnChoices();
  const shownMetrics = useMemo(() => METRICS.filter((metric) => isColumnShown(metric, choices, figures)), [choices, figures]);

  const columns = useMemo(
    () =>
      columnHelper.columns([
        columnHelper.accessor((row) => targetsById.get(row.targetId)?.label ?? row.targetId, {
          id: "target",
          header: "Target",
          sortFn: "text",
          sortDescFirst: false,
          meta: { metric: null, description: "Provider and model" },
        }),
        ...shownMetrics.map((metric) =>
          columnHelper.accessor((row) => sortValue(metric, row), {
            id: metric.id,
            header: metric.header,
            // The first click puts the best target on top.
            sortDescFirst: metric.better !== "lower",
            sortUndefined: "last",
            meta: { metric, description: `${metric.label}: ${metric.definition}` },
          }),
        ),
      ]),
    [targetsById, shownMetrics],
  );

  const bestByColumn = useMemo(
    () => new Map(shownMetrics.map((metric) => [metric.id, bestTargetIds(rows, metric)])),
    [rows, shownMetrics],
  );

  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.targetId });

  return (
    <div className="pb-summary">
      <div className="pb-summary-controls">
        <ColumnChooser choices={choices} figures={figures} />
      </div>
      <div className="pb-table-scroll">
        <table className="pb-table pb-summary-table" data-testid="summary-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const meta = header.column.columnDef.meta;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted ? ARIA_SORT[sorted] : "none"}
                      className={meta?.metric ? "pb-num" : undefined}
                      data-column={header.column.id}
                    >
                      <button
                        type="button"
                        className="pb-sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                        title={meta?.description}
                      >
                        <table.FlexRender header={header} />
                        <span className="pb-sort-arrow" aria-hidden="true">
                          {sorted ? SORT_ARROW[sorted] : ""}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const summary = row.original;
              const target = targetsById.get(summary.targetId);
              return (
                <tr key={row.id} data-testid="summary-row" data-target-id={summary.targetId}>
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
                    const isBest = bestByColumn.get(metric.id)?.has(summary.targetId) ?? false;
                    return (
                      <td
                        key={cell.id}
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
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
