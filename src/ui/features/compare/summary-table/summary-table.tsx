import type { MeasuredFigures } from "../../../../core/metrics/measured-figures";
import type { SummaryRow } from "../../../../core/stats";
import { ColumnChooser } from "./column-chooser";
import { SummaryTableHead } from "./summary-table-head";
import { SummaryTableRow } from "./summary-table-row";
import { useSummaryTable } from "./use-summary-table";
import type { TargetInfo } from "../target-info";
import "../compare.css";

/**
 * One row per target: sortable by any column, with the best value of each quality column highlighted,
 * each figure's interval under it, and the columns the user chose (remembered in this browser).
 */
export function SummaryTable(props: { rows: SummaryRow[]; targets: TargetInfo[]; figures?: MeasuredFigures }) {
  const { rows, targets, figures } = props;
  const { choices, targetsById, bestByColumn, table } = useSummaryTable(rows, targets, figures);
  return (
    <div className="pb-summary">
      <div className="pb-summary-controls">
        <ColumnChooser choices={choices} figures={figures} />
      </div>
      <div className="pb-table-scroll">
        <table className="pb-table pb-summary-table" data-testid="summary-table">
          <SummaryTableHead table={table} />
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <SummaryTableRow key={row.id} row={row} target={targetsById.get(row.original.targetId)} bestByColumn={bestByColumn} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
