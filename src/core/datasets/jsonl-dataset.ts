// A JSONL file of template variables: one JSON object per line, each value a string, a number or a
// boolean (what a template can print); blank lines are skipped, a byte order mark ignored.
import { MAX_DATASET_ERRORS, MAX_DATASET_ROWS, withoutBom, type DatasetError, type DatasetParseResult, type DatasetRow } from "./dataset";

export function parseJsonlDataset(input: string): DatasetParseResult {
  const lines = withoutBom(input).split(/\r?\n/);
  const rows: DatasetRow[] = [];
  const rowLines: number[] = [];
  const columns: string[] = [];
  const known = new Set<string>();
  const errors: DatasetError[] = [];
  let errorCount = 0;
  const fail = (error: DatasetError): void => {
    errorCount++;
    if (errors.length < MAX_DATASET_ERRORS) errors.push(error);
  };
  lines.forEach((text, index) => {
    if (text.trim() === "") return;
    const line = index + 1;
    const row = rows.length + errorCount + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      fail({ row, line, message: `not JSON: ${(error as Error).message}` });
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      fail({ row, line, message: `must be a JSON object ({"name": "value", …}), not ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}` });
      return;
    }
    const parsed: DatasetRow = {};
    for (const [key, cell] of Object.entries(value)) {
      if (typeof cell === "string" || typeof cell === "boolean" || (typeof cell === "number" && Number.isFinite(cell))) parsed[key] = cell;
      else return fail({ row, line, field: key, message: `must be a string, a number or a boolean, not ${cell === null ? "null" : Array.isArray(cell) ? "an array" : typeof cell}` });
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
    }
    rows.push(parsed);
    rowLines.push(line);
  });
  if (errorCount === 0 && rows.length === 0) return { ok: false, errors: [{ row: null, line: null, message: "the file holds no rows" }] };
  if (rows.length > MAX_DATASET_ROWS) fail({ row: null, line: null, message: `${rows.length} rows: at most ${MAX_DATASET_ROWS} are taken` });
  if (errorCount > 0) return { ok: false, errors: errorCount > errors.length ? [...errors, { row: null, line: null, message: `… and ${errorCount - errors.length} more problems` }] : errors };
  return { ok: true, table: { columns, rows, lines: rowLines } };
}
