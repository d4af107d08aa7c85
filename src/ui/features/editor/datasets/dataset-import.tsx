// Rows from a CSV or JSONL file: read off the main thread, errors naming the row, the line and the
// reason; then each column mapped to the template variable it fills (its own name by default).
import { useId, useState, type ChangeEvent } from "react";
import {
  checkColumnMapping,
  datasetFormatOf,
  datasetSizeError,
  formatDatasetError,
  mapRows,
  type ColumnMapping,
  type DatasetError,
  type DatasetRow,
  type DatasetTable,
} from "../../../../core/datasets";
import { Notice } from "../../../components/ui/notice";
import { parseDatasetOffThread } from "./off-thread";

interface DatasetImportProps {
  /** The variables the template reads, offered as targets of the mapping. */
  templateVariables: readonly string[];
  onRows(rows: DatasetRow[]): void;
}

type ImportState =
  | { kind: "idle" }
  | { kind: "reading"; fileName: string }
  | { kind: "failed"; fileName: string; errors: DatasetError[] }
  | { kind: "imported"; fileName: string; table: DatasetTable; mapping: ColumnMapping };

const LEAVE_OUT = "";

export function DatasetImport({ templateVariables, onRows }: DatasetImportProps) {
  const [state, setState] = useState<ImportState>({ kind: "idle" });
  const inputId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Choosing the same file again after fixing it must fire change again.
    input.value = "";
    if (!file) return;
    const format = datasetFormatOf(file.name);
    if (format === null) {
      setState({ kind: "failed", fileName: file.name, errors: [{ row: null, line: null, message: "a .csv or .jsonl file is expected" }] });
      return;
    }
    const tooLarge = datasetSizeError(file.size);
    if (tooLarge !== null) {
      setState({ kind: "failed", fileName: file.name, errors: [tooLarge] });
      return;
    }
    setState({ kind: "reading", fileName: file.name });
    const result = await parseDatasetOffThread(await file.text(), format);
    if (!result.ok) {
      setState({ kind: "failed", fileName: file.name, errors: result.errors });
      return;
    }
    setState({ kind: "imported", fileName: file.name, table: result.table, mapping: {} });
    onRows(mapRows(result.table, {}));
  };

  const remap = (column: string, variable: string): void => {
    if (state.kind !== "imported") return;
    const mapping = { ...state.mapping, [column]: variable === LEAVE_OUT ? null : variable };
    setState({ ...state, mapping });
    if (checkColumnMapping(state.table.columns, mapping).length === 0) onRows(mapRows(state.table, mapping));
  };

  const problems = state.kind === "imported" ? checkColumnMapping(state.table.columns, state.mapping) : [];
  return (
    <div className="dataset-import">
      <div className="form-row">
        <label htmlFor={inputId} className="button">
          Import CSV or JSONL…
        </label>
        <input
          id={inputId}
          className="visually-hidden-file"
          type="file"
          accept=".csv,.jsonl,.ndjson,text/csv"
          data-testid="dataset-file"
          onChange={(event) => void onFile(event)}
        />
        <span className="hint">A CSV file whose first row names the columns, or one JSON object per line. Its rows replace the table.</span>
      </div>
      {state.kind === "reading" ? <Notice tone="info">Reading {state.fileName}…</Notice> : null}
      {state.kind === "failed" ? (
        <Notice tone="error" title={`${state.fileName} was not imported`}>
          <ul className="dataset-errors" data-testid="dataset-errors">
            {state.errors.map((error, index) => (
              <li key={index}>{formatDatasetError(error)}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {state.kind === "imported" ? (
        <fieldset className="column-mapping">
          <legend>
            {state.fileName}: {state.table.rows.length.toLocaleString("en-US")} rows. Each column fills the template variable:
          </legend>
          {state.table.columns.map((column) => {
            const mapped = state.mapping[column];
            const selected = mapped === undefined ? column : (mapped ?? LEAVE_OUT);
            const options = [...new Set([column, ...templateVariables])];
            const problem = problems.find((candidate) => candidate.column === column);
            return (
              <div key={column} className="form-row column-mapping-row">
                <label htmlFor={`${inputId}-${column}`}>
                  <code>{column}</code> →
                </label>
                <select id={`${inputId}-${column}`} value={selected} aria-invalid={problem ? true : undefined} onChange={(event) => remap(column, event.target.value)}>
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
      ) : null}
    </div>
  );
}
