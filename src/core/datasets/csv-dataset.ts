// A CSV file of template variables, read by a real parser (papaparse): quoted fields, quotes doubled
// inside them, newlines inside quotes, a byte order mark, blank lines, CRLF or LF. The first row names
// the columns; every other row must have as many fields.
import Papa from "papaparse";
import { lineCounter, MAX_DATASET_ERRORS, MAX_DATASET_ROWS, withoutBom, type DatasetError, type DatasetParseResult, type DatasetRow } from "./dataset";

export function parseCsvDataset(input: string): DatasetParseResult {
  const text = withoutBom(input);
  const records: { fields: string[]; startOffset: number }[] = [];
  const errors: DatasetError[] = [];
  let errorCount = 0;
  const lineAt = lineCounter(text);
  let offset = 0;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: "greedy",
    step: (results) => {
      // A row starts after the line breaks (and blank lines) that end the one before.
      let start = offset;
      while (start < text.length && (text[start] === "\n" || text[start] === "\r")) start++;
      offset = results.meta.cursor;
      // One column has no delimiter to detect: papaparse then reads commas, which is right.
      for (const problem of results.errors.filter((error) => error.code !== "UndetectableDelimiter")) {
        errorCount++;
        if (errors.length < MAX_DATASET_ERRORS) errors.push({ row: records.length === 0 ? null : records.length, line: lineAt(start), message: csvProblem(problem) });
      }
      records.push({ fields: results.data, startOffset: start });
    },
  });
  if (records.length === 0) return { ok: false, errors: [{ row: null, line: null, message: "the file is empty: the first row names the columns" }] };
  const [header, ...body] = records;
  const columns = header!.fields.map((name) => name.trim());
  const headerLine = lineCounter(text)(header!.startOffset);
  const seen = new Map<string, number>();
  columns.forEach((name, index) => {
    if (name === "") errors.push({ row: null, line: headerLine, message: `column ${index + 1} has no name in the header row` });
    else if (seen.has(name)) errors.push({ row: null, line: headerLine, field: name, message: `column ${index + 1} repeats the name of column ${seen.get(name)! + 1}` });
    else seen.set(name, index);
  });
  if (body.length === 0) errors.push({ row: null, line: null, message: "no rows under the header" });
  if (body.length > MAX_DATASET_ROWS) errors.push({ row: null, line: null, message: `${body.length} rows: at most ${MAX_DATASET_ROWS} are taken` });
  const rows: DatasetRow[] = [];
  const lines: number[] = [];
  const rowLine = lineCounter(text);
  body.forEach((record, index) => {
    const line = rowLine(record.startOffset);
    if (record.fields.length !== columns.length) {
      errorCount++;
      if (errors.length < MAX_DATASET_ERRORS) {
        errors.push({ row: index + 1, line, message: `${record.fields.length} field${record.fields.length === 1 ? "" : "s"}, but the header names ${columns.length} columns` });
      }
      return;
    }
    const row: DatasetRow = {};
    columns.forEach((name, column) => (row[name] = record.fields[column]!));
    rows.push(row);
    lines.push(line);
  });
  if (errors.length > 0) return { ok: false, errors: errorCount > errors.length ? [...errors, { row: null, line: null, message: `… and ${errorCount - errors.length} more problems` }] : errors };
  return { ok: true, table: { columns, rows, lines } };
}

function csvProblem(problem: Papa.ParseError): string {
  if (problem.code === "MissingQuotes") return "a quoted field is never closed (a missing \" ?)";
  if (problem.code === "InvalidQuotes") return "a quote inside an unquoted field (quote the field and double the quote: \"\")";
  return problem.message;
}
