// CSV export of records and summaries, and import of user datasets: RFC 4180, UTF-8, CRLF, via papaparse.

import Papa from "papaparse";
import { ERROR_KINDS, RECORD_FIELDS, type RequestRecord } from "./record";
import type { Distribution, SummaryRow } from "./stats";

const NEWLINE = "\r\n";

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

export function recordsCsvHeader(): string {
  return cellsToCsvLine(RECORD_FIELDS);
}

export function recordToCsvLine(record: RequestRecord): string {
  return cellsToCsvLine(RECORD_FIELDS.map((field) => record[field]));
}

/** The whole file as one string, for browser downloads (the CLI streams header and lines itself). */
export function recordsToCsv(records: Iterable<RequestRecord>): string {
  const lines = [recordsCsvHeader()];
  for (const record of records) lines.push(recordToCsvLine(record));
  return lines.join("");
}

interface SummaryColumn {
  name: string;
  value: (row: SummaryRow) => Cell;
}

const DISTRIBUTION_KEYS = ["count", "min", "mean", "p50", "p90", "p95", "p99", "max"] as const satisfies readonly (keyof Distribution)[];

/** A distribution flattens to `<metric>_count`, `<metric>_min`, … `<metric>_max`. */
function distributionColumns(metric: string, distributionOf: (row: SummaryRow) => Distribution): SummaryColumn[] {
  return DISTRIBUTION_KEYS.map((key) => ({ name: `${metric}_${key}`, value: (row) => distributionOf(row)[key] }));
}

// Names and values are declared side by side so the header and the cells cannot drift apart.
const SUMMARY_COLUMN_SPECS: readonly SummaryColumn[] = [
  { name: "targetId", value: (row) => row.targetId },
  { name: "count", value: (row) => row.count },
  { name: "okCount", value: (row) => row.okCount },
  { name: "errorCount", value: (row) => row.errorCount },
  { name: "errorRate", value: (row) => row.errorRate },
  ...ERROR_KINDS.map((kind) => ({ name: `errorsByKind_${kind}`, value: (row: SummaryRow) => row.errorsByKind[kind] ?? 0 })),
  { name: "warmupCount", value: (row) => row.warmupCount },
  { name: "abortedCount", value: (row) => row.abortedCount },
  ...distributionColumns("latencyMs", (row) => row.latencyMs),
  { name: "latencyP50Ci95_low", value: (row) => row.latencyP50Ci95?.[0] ?? null },
  { name: "latencyP50Ci95_high", value: (row) => row.latencyP50Ci95?.[1] ?? null },
  ...distributionColumns("ttftMs", (row) => row.ttftMs),
  ...distributionColumns("itlMs", (row) => row.itlMs),
  { name: "meanOutputTokens", value: (row) => row.meanOutputTokens },
  ...distributionColumns("outputTokensPerSecond", (row) => row.outputTokensPerSecond),
  ...distributionColumns("decodeTokensPerSecond", (row) => row.decodeTokensPerSecond),
  { name: "requestsPerSecond", value: (row) => row.requestsPerSecond },
  { name: "outputTokenThroughput", value: (row) => row.outputTokenThroughput },
  { name: "wallSpanMs", value: (row) => row.wallSpanMs },
  { name: "tokensEstimated", value: (row) => row.tokensEstimated },
];

export const SUMMARY_COLUMNS: readonly string[] = SUMMARY_COLUMN_SPECS.map((column) => column.name);

export function summaryToCsv(rows: SummaryRow[]): string {
  const lines = [cellsToCsvLine(SUMMARY_COLUMNS)];
  for (const row of rows) lines.push(cellsToCsvLine(SUMMARY_COLUMN_SPECS.map((column) => column.value(row))));
  return lines.join("");
}

export interface CsvTable {
  columns: string[];
  rows: Record<string, string>[];
}

export class CsvParseError extends Error {
  /** 1-based line of the file where the offending row starts. */
  readonly line: number;

  constructor(line: number, problem: string) {
    super(`line ${line}: ${problem}`);
    this.name = "CsvParseError";
    this.line = line;
  }
}

interface ParsedRow {
  fields: string[];
  /** 1-based line where the row starts; differs from the row index once a quoted cell holds a newline. */
  line: number;
}

/** Line breaks in text[from, to): CRLF, LF and a lone CR each end one line, as an editor shows them. */
function countLineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const char = text[i];
    if (char === "\n" || (char === "\r" && text[i + 1] !== "\n")) breaks++;
  }
  return breaks;
}

/** All rows with their starting lines; papaparse's own errors (e.g. an unterminated quote) become CsvParseError. */
function parseRows(text: string): ParsedRow[] {
  const rows: ParsedRow[] = [];
  let rowStartOffset = 0;
  let rowStartLine = 1;
  let firstError: CsvParseError | null = null;
  // Step mode, because only it reports where each row ends (meta.cursor), which gives line numbers.
  Papa.parse<string[]>(text, {
    delimiter: ",",
    step: (result, parser) => {
      if (result.errors.length > 0 && firstError === null) {
        firstError = new CsvParseError(rowStartLine, result.errors[0]?.message ?? "malformed CSV");
        parser.abort();
        return;
      }
      rows.push({ fields: result.data, line: rowStartLine });
      rowStartLine += countLineBreaks(text, rowStartOffset, result.meta.cursor);
      rowStartOffset = result.meta.cursor;
    },
  });
  if (firstError !== null) throw firstError;
  return rows;
}

function isBlankRow(row: ParsedRow): boolean {
  return row.fields.length === 1 && (row.fields[0] ?? "").trim() === "";
}

/** Column names are trimmed (a space after a comma is a slip, not part of a template variable's name). */
function validateColumns(header: ParsedRow): string[] {
  const columns = header.fields.map((name) => name.trim());
  const firstPositionByName = new Map<string, number>();
  columns.forEach((name, index) => {
    const position = index + 1;
    if (name === "") throw new CsvParseError(header.line, `column ${position} has no name`);
    const earlier = firstPositionByName.get(name);
    if (earlier !== undefined) throw new CsvParseError(header.line, `column "${name}" appears twice (columns ${earlier} and ${position})`);
    firstPositionByName.set(name, position);
  });
  return columns;
}

/**
 * A user dataset (template variables): header row required, unique non-empty column names, every row
 * with the header's field count. A BOM is stripped and blank trailing lines are ignored; a blank line
 * in the middle is a row like any other (an empty value in a one-column table, an error otherwise).
 */
export function parseCsvTable(text: string): CsvTable {
  const withoutBom = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const rows = parseRows(withoutBom);
  while (rows.length > 0 && isBlankRow(rows[rows.length - 1] as ParsedRow)) rows.pop();

  const [header, ...dataRows] = rows;
  if (header === undefined) throw new CsvParseError(1, "header row required, the file is empty");
  const columns = validateColumns(header);

  return {
    columns,
    rows: dataRows.map(({ fields, line }) => {
      if (fields.length !== columns.length) {
        throw new CsvParseError(line, `expected ${columns.length} fields, found ${fields.length}`);
      }
      // fromEntries defines own properties, so a column named "__proto__" cannot touch the prototype.
      return Object.fromEntries(columns.map((name, index) => [name, fields[index] as string]));
    }),
  };
}
