// The summary table's header row: one sort button per column, its state told by aria-sort and an arrow.
import type { SortDirection } from "@tanstack/react-table";
import type { SummaryTableModel } from "./use-summary-table";

const ARIA_SORT: Record<SortDirection, "ascending" | "descending"> = { asc: "ascending", desc: "descending" };
const SORT_ARROW: Record<SortDirection, string> = { asc: "▲", desc: "▼" };

export function SummaryTableHead({ table }: { table: SummaryTableModel }) {
  return (
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
                <button type="button" className="pb-sort-button" onClick={header.column.getToggleSortingHandler()} title={meta?.description}>
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
  );
}
