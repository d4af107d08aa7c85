// An imported file's columns, each with the template variable it fills (its own name by default, or left
// out), and what is wrong with the mapping beside the column it concerns.
import { checkColumnMapping } from "../../../../core/datasets";
import { LEAVE_OUT, type ImportState } from "./use-dataset-import";

export function ColumnMappingFields(props: {
  imported: Extract<ImportState, { kind: "imported" }>;
  templateVariables: readonly string[];
  /** The file input's id, which each column's select extends. */
  idPrefix: string;
  onRemap(column: string, variable: string): void;
}) {
  const { imported, templateVariables, idPrefix, onRemap } = props;
  const problems = checkColumnMapping(imported.table.columns, imported.mapping);
  return (
    <fieldset className="column-mapping">
      <legend>
        {imported.fileName}: {imported.table.rows.length.toLocaleString("en-US")} rows. Each column fills the template variable:
      </legend>
      {imported.table.columns.map((column) => {
        const mapped = imported.mapping[column];
        const selected = mapped === undefined ? column : (mapped ?? LEAVE_OUT);
        const options = [...new Set([column, ...templateVariables])];
        const problem = problems.find((candidate) => candidate.column === column);
        return (
          <div key={column} className="form-row column-mapping-row">
            <label htmlFor={`${idPrefix}-${column}`}>
              <code>{column}</code> →
            </label>
            <select id={`${idPrefix}-${column}`} value={selected} aria-invalid={problem ? true : undefined} onChange={(event) => onRemap(column, event.target.value)}>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
              <option value={LEAVE_OUT}>(leave out)</option>
            </select>
            {problem ? <span className="field-error">{problem.message}</span> : null}
          </div>
        );
      })}
    </fieldset>
  );
}
