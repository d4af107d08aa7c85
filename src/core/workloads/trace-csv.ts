// A trace that is a CSV file (BurstGPT, Azure): rows read by papaparse with the line each starts on,
// columns found by their header names (in any order, others ignored), every problem placed at its line
// and column.
import Papa from "papaparse";
import { lineCounter, withoutBom } from "../datasets";
import { MAX_TRACE_ROWS, TraceErrors, type TraceRow } from "./trace";

/** A data row's cells by the names the format reads, and its line. */
export interface CsvTraceCells {
  line: number;
  cell: (column: string) => string;
}

/**
 * Reads `text` whose header must name every one of `columns`; `toRow` makes a row of each data line's
 * cells, or reports (to errors) why it cannot and gives null.
 */
export function readCsvTrace(text: string, columns: readonly string[], errors: TraceErrors, toRow: (cells: CsvTraceCells) => TraceRow | null): TraceRow[] {
  const body = withoutBom(text);
  const lineAt = lineCounter(body);
  const rows: TraceRow[] = [];
  let header: Map<string, number> | null = null;
  let width = 0;
  let offset = 0;
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: "greedy",
    step: (results, handle) => {
      // A row starts after the line breaks (and blank lines) that end the one before.
      let start = offset;
      while (start < body.length && (body[start] === "\n" || body[start] === "\r")) start++;
      offset = results.meta.cursor;
      const line = lineAt(start);
      const problems = results.errors.filter((error) => error.code !== "UndetectableDelimiter");
      if (problems.length > 0) {
        for (const problem of problems) errors.add({ line, message: problem.code === "MissingQuotes" ? 'a quoted field is never closed (a missing " ?)' : problem.message });
        // Without a header the rows below cannot be read: the next one is not the header either.
        if (header === null) handle.abort();
        return;
      }
      if (header === null) {
        header = headerColumns(results.data, columns, line, errors);
        width = results.data.length;
        if (header === null) handle.abort();
        return;
      }
      if (rows.length === MAX_TRACE_ROWS) {
        errors.add({ line, message: `more than ${MAX_TRACE_ROWS.toLocaleString("en-US")} requests: cut the trace to the part to replay` });
        handle.abort();
        return;
      }
      if (results.data.length !== width) {
        errors.add({ line, message: `${results.data.length} field${results.data.length === 1 ? "" : "s"}, but the header names ${width} columns` });
        return;
      }
      const byName = header;
      const row = toRow({ line, cell: (column) => results.data[byName.get(column)!]!.trim() });
      if (row !== null) rows.push(row);
    },
  });
  return rows;
}

/** Where each column the format reads is, or null (with the missing ones reported) when any is absent. */
function headerColumns(cells: readonly string[], columns: readonly string[], line: number, errors: TraceErrors): Map<string, number> | null {
  const positions = new Map(cells.map((name, index) => [name.trim(), index] as const));
  const missing = columns.filter((column) => !positions.has(column));
  if (missing.length === 0) return positions;
  errors.add({ line, message: `the header lacks ${missing.map((column) => JSON.stringify(column)).join(", ")}: it must name ${columns.map((column) => JSON.stringify(column)).join(", ")}` });
  return null;
}
