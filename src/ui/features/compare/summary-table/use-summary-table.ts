// The summary table's data: its columns (the target, then each metric shown), the sorting, and the best
// target(s) of each quality column.
import { useMemo } from "react";
import {
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  sortFn_text,
  tableFeatures,
  useTable,
  type ReactTable,
  type Row,
} from "@tanstack/react-table";
import { METRICS, bestTargetIds, type Metric } from "../../../../core/metrics";
import type { MeasuredFigures } from "../../../../core/metrics/measured-figures";
import type { SummaryRow } from "../../../../core/stats";
import { useColumnChoices } from "./column-chooser";
import { isColumnShown, type ColumnChoices } from "./column-settings";
import { targetInfoById, type TargetInfo } from "../target-info";

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

export type SummaryTableModel = ReactTable<typeof features, SummaryRow>;
export type SummaryRowModel = Row<typeof features, SummaryRow>;

/** undefined (not null) for "no value", because the table's sorter keeps undefined values last. */
function sortValue(metric: Metric, row: SummaryRow): number | undefined {
  return metric.value(row) ?? undefined;
}

function summaryColumns(targetsById: ReadonlyMap<string, TargetInfo>, shownMetrics: readonly Metric[]) {
  return columnHelper.columns([
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
  ]);
}

export interface SummaryTableData {
  /** The columns the user chose (remembered in this browser). */
  choices: ColumnChoices;
  targetsById: Map<string, TargetInfo>;
  /** Per metric id, the targets with its best value. */
  bestByColumn: Map<string, ReadonlySet<string>>;
  table: SummaryTableModel;
}

export function useSummaryTable(rows: SummaryRow[], targets: TargetInfo[], figures: MeasuredFigures | undefined): SummaryTableData {
  const targetsById = useMemo(() => targetInfoById(targets), [targets]);
  const choices = useColumnChoices();
  const shownMetrics = useMemo(() => METRICS.filter((metric) => isColumnShown(metric, choices, figures)), [choices, figures]);
  const columns = useMemo(() => summaryColumns(targetsById, shownMetrics), [targetsById, shownMetrics]);
  const bestByColumn = useMemo(
    () => new Map(shownMetrics.map((metric) => [metric.id, bestTargetIds(rows, metric)])),
    [rows, shownMetrics],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.targetId });
  return { choices, targetsById, bestByColumn, table };
}
