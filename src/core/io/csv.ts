// CSV export of records and summaries: RFC 4180, UTF-8, CRLF, via papaparse.

import Papa from "papaparse";
import { SUMMARY_FILE_COLUMNS, summaryFileRows, type SummaryFileContext } from "../metrics";
import { RECORD_FIELDS, type RequestRecord } from "../record";
import type { SummaryRow } from "../stats";

const NEWLINE = "\r\n";

/**
 * Every CSV file this product writes, from the browser or the CLI, starts with a UTF-8 byte-order mark:
 * without it Excel reads the file in the legacy code page and garbles non-ASCII model output, and other
 * spreadsheet tools and CSV parsers skip it. It is part of the header so no writer can forget it.
 */
export const CSV_BYTE_ORDER_MARK = "\uFEFF";

type Cell = string | number | boolean | null;

/**
 * Spreadsheet formula injection (OWASP): a spreadsheet runs a cell starting with = + - @ (or a tab or
 * CR ahead of one) as a formula, and outputs and error messages come from remote servers. A leading '
 * makes it text. Only string cells go through this: a number-typed cell, negative or not, stays a number.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One CSV line (with its CRLF): null → empty cell, booleans true/false, strings neutralised and quoted as needed. */
function cellsToCsvLine(cells: readonly Cell[]): string {
  const safeCells = cells.map((cell) => (typeof cell === "string" ? neutraliseFormula(cell) : cell));
  return Papa.unparse([safeCells], { newline: NEWLINE }) + NEWLINE;
}

/** The first line of a records file, byte-order mark included. */
export function recordsCsvHeader(): string {
  return CSV_BYTE_ORDER_MARK + cellsToCsvLine(RECORD_FIELDS);
}

export function recordToCsvLine(record: RequestRecord): string {
  return cellsToCsvLine(RECORD_FIELDS.map((field) => recordCell(record[field])));
}

/** A structured field (a task's outputValue: labels, boxes, a blob reference) is one cell of JSON. */
function recordCell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  return typeof value === "object" ? JSON.stringify(value) : (value as Cell);
}

/** The whole file as one string, for browser downloads (the CLI streams header and lines itself). */
export function recordsToCsv(records: Iterable<RequestRecord>): string {
  const lines = [recordsCsvHeader()];
  for (const record of records) lines.push(recordToCsvLine(record));
  return lines.join("");
}

/** The summary CSV: one line per target, the columns and rounding of the metric catalogue. */
export function summaryToCsv(rows: readonly SummaryRow[], context: SummaryFileContext): string {
  const lines = [CSV_BYTE_ORDER_MARK, cellsToCsvLine(SUMMARY_FILE_COLUMNS)];
  for (const fields of summaryFileRows(rows, context)) lines.push(cellsToCsvLine(SUMMARY_FILE_COLUMNS.map((column) => fields[column] ?? null)));
  return lines.join("");
}
