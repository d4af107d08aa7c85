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
import type { SummaryRow } from "../../../core/stats";
import { formatMs } from "../../components/ui/format";
import { TargetSwatch } from "../../components/ui/target-swatch";
import { NUMERIC_SUMMARY_COLUMNS, bestTargetIds, type NumericSummaryColumn, type SummaryColumnId } from "./summary-columns";
import { targetInfoById, type TargetInfo } from "./target-info";
import "./compare.css";

interface SummaryColumnMeta {
  numeric: NumericSummaryColumn | null;
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

function numericCellText(column: NumericSummaryColumn, row: SummaryRow): string {
  const text = column.format(column.value(row));
  // Estimated token counts make every token rate of the row an estimate too.
  return column.id === "tokensPerSecond" && row.tokensEstimated && column.value(row) !== undefined ? `≈${text}` : text;
}

function cellTitle(column: NumericSummaryColumn, row: SummaryRow): string | undefined {
  if (column.id === "p50" && row.latencyP50Ci95 !== null) {
    return `p50 95% CI: ${formatMs(row.latencyP50Ci95[0])} – ${formatMs(row.latencyP50Ci95[1])} (bootstrap)`;
  }
  if (column.id === "tokensPerSecond" && row.tokensEstimated) return "Token counts estimated from the stream";
  if (column.id === "n" && row.warmupCount > 0) return `${row.warmupCount} warm-up requests not counted`;
  return undefined;
}

/** One row per target: sortable by any column, with the best value of each quality column highlighted. */
export function SummaryTable(props: { rows: SummaryRow[]; targets: TargetInfo[] }) {
  const { rows, targets } = props;
  const targetsById = useMemo(() => targetInfoById(targets), [targets]);

  const columns = useMemo(
    () =>
      columnHelper.columns([
        columnHelper.accessor((row) => targetsById.get(row.targetId)?.label ?? row.targetId, {
          id: "target" satisfies SummaryColumnId,
          header: "Target",
          sortFn: "text",
          sortDescFirst: false,
          meta: { numeric: null, description: "Provider and model" },
        }),
        ...NUMERIC_SUMMARY_COLUMNS.map((numeric) =>
          columnHelper.accessor(numeric.value, {
            id: numeric.id,
            header: numeric.header,
            // The first click puts the best target on top.
            sortDescFirst: numeric.better === "higher" || numeric.better === undefined,
            sortUndefined: "last",
            meta: { numeric, description: numeric.description },
          }),
        ),
      ]),
    [targetsById],
  );

  const bestByColumn = useMemo(
    () => new Map(NUMERIC_SUMMARY_COLUMNS.map((column) => [column.id, bestTargetIds(rows, column)])),
    [rows],
  );

  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.targetId });

  return (
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
                    className={meta?.numeric ? "pb-num" : undefined}
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
                  const numeric = cell.column.columnDef.meta?.numeric ?? null;
                  if (numeric === null) {
                    return (
                      <th key={cell.id} scope="row" data-column="target" className="pb-target-cell">
                        <TargetSwatch color={target?.color ?? "currentColor"} />
                        <span title={summary.targetId}>{target?.label ?? summary.targetId}</span>
                      </th>
                    );
                  }
                  const isBest = bestByColumn.get(numeric.id)?.has(summary.targetId) ?? false;
                  return (
                    <td
                      key={cell.id}
                      data-column={numeric.id}
                      data-best={isBest ? "true" : undefined}
                      className={isBest ? "pb-num pb-best" : "pb-num"}
                      title={cellTitle(numeric, summary)}
                    >
                      {numericCellText(numeric, summary)}
                      {isBest && <span className="pb-visually-hidden"> (best)</span>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
