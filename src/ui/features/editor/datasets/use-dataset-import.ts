// A dataset file's import: read off the main thread, refused with its errors, or imported with each
// column mapped to a template variable; the rows go to the caller whenever the mapping is sound.
import { useState, type ChangeEvent } from "react";
import {
  checkColumnMapping,
  datasetFormatOf,
  datasetSizeError,
  mapRows,
  type ColumnMapping,
  type DatasetError,
  type DatasetRow,
  type DatasetTable,
} from "../../../../core/datasets";
import { parseDatasetOffThread } from "./off-thread";

export type ImportState =
  | { kind: "idle" }
  | { kind: "reading"; fileName: string }
  | { kind: "failed"; fileName: string; errors: DatasetError[] }
  | { kind: "imported"; fileName: string; table: DatasetTable; mapping: ColumnMapping };

/** The choice of a column mapped to no variable. */
export const LEAVE_OUT = "";

export interface DatasetImportControl {
  state: ImportState;
  onFile(event: ChangeEvent<HTMLInputElement>): Promise<void>;
  remap(column: string, variable: string): void;
}

export function useDatasetImport(onRows: (rows: DatasetRow[]) => void): DatasetImportControl {
  const [state, setState] = useState<ImportState>({ kind: "idle" });

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

  return { state, onFile, remap };
}
