// Below the variables table: a button adding an empty row, and a field naming a new column (a template
// variable's name) with its button.
import { useId, useState } from "react";
import type { DatasetRow } from "../../../../core/datasets";

/** A name a template can read as a variable, not taken by a column yet. */
function isNewColumnName(name: string, columns: readonly string[]): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !columns.includes(name);
}

export function VariablesAdditions(props: { rows: readonly DatasetRow[]; columns: readonly string[]; onRowsChange(rows: DatasetRow[]): void }) {
  const { rows, columns, onRowsChange } = props;
  const [newColumn, setNewColumn] = useState("");
  const newColumnId = useId();

  const addRow = (): void => onRowsChange([...rows, Object.fromEntries(columns.map((column) => [column, ""]))]);
  const addColumn = (): void => {
    const name = newColumn.trim();
    if (!isNewColumnName(name, columns)) return;
    onRowsChange((rows.length > 0 ? rows : [{}]).map((row) => ({ ...row, [name]: "" })));
    setNewColumn("");
  };

  return (
    <div className="form-row">
      <button type="button" className="button" onClick={addRow}>
        Add a row
      </button>
      {/* Not a form: the scenario editor that mounts this table is one already, and forms do not nest. */}
      <div className="form-row">
        <label htmlFor={newColumnId} className="visually-hidden">
          New column name
        </label>
        <input
          id={newColumnId}
          type="text"
          placeholder="new_column"
          value={newColumn}
          onChange={(event) => setNewColumn(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            addColumn();
          }}
        />
        <button type="button" className="button" onClick={addColumn} disabled={!isNewColumnName(newColumn.trim(), columns)}>
          Add a column
        </button>
      </div>
    </div>
  );
}
