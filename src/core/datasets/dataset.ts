// A table of template variables from a file (CSV, JSONL) or typed by hand: its columns, its rows, the
// source line of each row, and errors that name the row, the line and the reason.

export type CellValue = string | number | boolean;
export type DatasetRow = Record<string, CellValue>;

export interface DatasetTable {
  columns: string[];
  rows: DatasetRow[];
  /** The source line each row starts on (1-based), for messages about it. */
  lines: number[];
}

export interface DatasetError {
  /** The data row (1-based, the header not counted), or null for the file as a whole. */
  row: number | null;
  /** The source line (1-based) where the problem is, when known. */
  line: number | null;
  /** The column (CSV) or key (JSONL) at fault, when one is. */
  field?: string;
  message: string;
}

export type DatasetParseResult = { ok: true; table: DatasetTable } | { ok: false; errors: DatasetError[] };

export type DatasetFormat = "csv" | "jsonl";

/** Past this many rows a file is refused: a scenario sends every row to every target. */
export const MAX_DATASET_ROWS = 100_000;

/**
 * A dataset is read whole, as one string: 256 MiB is half the longest string a JavaScript engine holds,
 * and room for 100,000 rows of 2 KiB each many times over.
 */
export const MAX_DATASET_BYTES = 256 * 1024 ** 2;

/**
 * A row may carry a long document for the prompt (a model's million-token context is about 4 MiB of
 * text): 16 Mi characters a line. What is longer is not a table someone wrote, and a parser would
 * spend its time on it.
 */
export const MAX_DATASET_LINE_CHARS = 16 * 1024 ** 2;

/** The file's size, checked before it is read (a dataset is held whole). */
export function datasetSizeError(sizeBytes: number): DatasetError | null {
  if (sizeBytes <= MAX_DATASET_BYTES) return null;
  return { row: null, line: null, message: `${(sizeBytes / 1024 ** 2).toFixed(1)} MiB: a dataset may be at most ${MAX_DATASET_BYTES / 1024 ** 2} MiB` };
}

/** The first line over MAX_DATASET_LINE_CHARS (or a text over MAX_DATASET_BYTES' characters), searched once through the text. */
export function datasetTextError(text: string): DatasetError | null {
  if (text.length > MAX_DATASET_BYTES) return datasetSizeError(text.length);
  let line = 1;
  for (let start = 0; start <= text.length; line++) {
    const end = text.indexOf("\n", start);
    const lineEnd = end === -1 ? text.length : end;
    if (lineEnd - start > MAX_DATASET_LINE_CHARS) return { row: null, line, message: `longer than ${MAX_DATASET_LINE_CHARS / 1024 ** 2} Mi characters, the most a line may hold` };
    if (end === -1) break;
    start = end + 1;
  }
  return null;
}

/** Problems listed at most: a file wrong on every line says so in a screenful. */
export const MAX_DATASET_ERRORS = 20;

/** `row 3 (line 5), column "topic": reason`. */
export function formatDatasetError(error: DatasetError): string {
  const where: string[] = [];
  if (error.row !== null) where.push(`row ${error.row}`);
  if (error.line !== null) where.push(error.row === null ? `line ${error.line}` : `(line ${error.line})`);
  const place = where.join(" ");
  const field = error.field === undefined ? "" : `${place ? ", " : ""}field ${JSON.stringify(error.field)}`;
  return place || field ? `${place}${field}: ${error.message}` : error.message;
}

export function formatDatasetErrors(errors: readonly DatasetError[], total = errors.length): string {
  const lines = errors.map(formatDatasetError);
  if (total > errors.length) lines.push(`… and ${total - errors.length} more`);
  return lines.join("\n");
}

/** `.csv` or `.jsonl`/`.ndjson` by the file's name; null for anything else. */
export function datasetFormatOf(fileName: string): DatasetFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  return null;
}

/** A byte order mark is how some tools start a UTF-8 file; it is not part of the first column's name. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Line numbers of offsets asked in increasing order, counted once through the text. */
export function lineCounter(text: string): (offset: number) => number {
  let position = 0;
  let line = 1;
  return (offset) => {
    for (; position < offset && position < text.length; position++) if (text.charCodeAt(position) === 10) line++;
    return line;
  };
}
