// Rows from a CSV or JSONL file: read off the main thread, errors naming the row, the line and the
// reason; then each column mapped to the template variable it fills (its own name by default).
import { useId } from "react";
import { formatDatasetError, type DatasetRow } from "../../../../core/datasets";
import { Notice } from "../../../components/ui/notice";
import { ColumnMappingFields } from "./column-mapping-fields";
import { useDatasetImport } from "./use-dataset-import";

interface DatasetImportProps {
  /** The variables the template reads, offered as targets of the mapping. */
  templateVariables: readonly string[];
  onRows(rows: DatasetRow[]): void;
}

export function DatasetImport({ templateVariables, onRows }: DatasetImportProps) {
  const { state, onFile, remap } = useDatasetImport(onRows);
  const inputId = useId();
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
      {state.kind === "imported" ? <ColumnMappingFields imported={state} templateVariables={templateVariables} idPrefix={inputId} onRemap={remap} /> : null}
    </div>
  );
}
