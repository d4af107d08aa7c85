// A records CSV (`run --csv`, Download records CSV) read back into records: the header names the columns
// (any release's subset of RECORD_FIELDS, in any order), each row is turned into the values its JSONL line
// would hold and checked by the same rules (record-line.ts), so both files of one run read alike.
import Papa from "papaparse";
import { CSV_BYTE_ORDER_MARK } from "../csv";
import { RECORD_FIELDS, type RequestRecord, parseRecordValue } from "../../record";

type RecordField = (typeof RECORD_FIELDS)[number];

/** How a cell's text becomes the field's value: an empty cell is null for every kind (csv.ts writes null as empty). */
type CellKind = "string" | "number" | "boolean" | "json";

const CELL_KINDS = {
  runId: "string",
  targetId: "string",
  inputIndex: "number",
  repetition: "number",
  attempt: "number",
  warmup: "boolean",
  startedAt: "number",
  ttftMs: "number",
  latencyMs: "number",
  status: "string",
  errorKind: "string",
  httpStatus: "number",
  errorMessage: "string",
  inputTokens: "number",
  outputTokens: "number",
  tokensEstimated: "boolean",
  chunkCount: "number",
  output: "string",
  outputBytes: "number",
  truncated: "boolean",
  checksPassed: "boolean",
  failedChecks: "string",
  connectMs: "number",
  tlsMs: "number",
  waitingMs: "number",
  receivingMs: "number",
  connectionReused: "boolean",
  clientReadMs: "number",
  scheduledAt: "number",
  queueMs: "number",
  stage: "number",
  retryAfterMs: "number",
  timeToFirstAnswerTokenMs: "number",
  timeToSecondTokenMs: "number",
  lastTokenMs: "number",
  outputChunkCount: "number",
  chunkGapMeanMs: "number",
  chunkGapP50Ms: "number",
  chunkGapP99Ms: "number",
  maxChunkGapMs: "number",
  chunkGapHistogram: "string",
  reasoningTokens: "number",
  reasoningTokensEstimated: "boolean",
  inputAudioSeconds: "number",
  outputAudioSeconds: "number",
  outputImages: "number",
  outputValue: "json",
  cachedInputTokens: "number",
  toolCalls: "json",
  timeToFirstToolCallMs: "number",
  timeToToolCallMs: "number",
  rightTool: "boolean",
  answerShape: "string",
  requestedInputTokens: "number",
  requestedOutputTokens: "number",
  structuredOutput: "string",
  toolSteps: "number",
  toolLoopEnd: "string",
  timeToFinalAnswerMs: "number",
  toolStepCalls: "json",
  sessionId: "string",
  turn: "number",
  sessionTurns: "number",
  cacheProbe: "string",
  traceHashIds: "json",
  reasoningEffort: "string",
  toolLoopInputTokens: "number",
  toolLoopOutputTokens: "number",
  toolLoopCachedInputTokens: "number",
  relevanceNdcg: "number",
} as const satisfies Record<RecordField, CellKind>;

/** A records CSV's header line (its byte-order mark, if any, included): what format detection asks. */
export function isRecordsCsvHeader(line: string): boolean {
  return stripByteOrderMark(line).startsWith("runId,targetId,");
}

function stripByteOrderMark(line: string): string {
  return line.startsWith(CSV_BYTE_ORDER_MARK) ? line.slice(CSV_BYTE_ORDER_MARK.length) : line;
}

/** csv.ts puts ' before a string cell starting with = + - @ tab or CR (formula injection); it comes off here. */
function unneutralise(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function cellValue(kind: CellKind, cell: string): unknown {
  if (cell === "") return null;
  if (kind === "string") return unneutralise(cell);
  if (kind === "boolean") return cell === "true" ? true : cell === "false" ? false : cell;
  if (kind === "number") return /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cell) ? Number(cell) : cell;
  try {
    return JSON.parse(unneutralise(cell));
  } catch {
    return cell;
  }
}

function parseCells(text: string): string[] {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  return parsed.data[0] ?? [];
}

export class RecordsCsvProblem extends Error {}

/**
 * Reads the rows after the header, a record per row, in file order. A quoted cell may hold line breaks
 * (model output does): a row is complete when its text holds an even number of quotes (RFC 4180 doubles
 * a quote inside a cell), so lines are joined until then.
 */
export async function readRecordsCsv(
  header: { line: string; lineNumber: number },
  lines: AsyncIterable<{ line: string; lineNumber: number }>,
  onRecord: (record: RequestRecord, lineNumber: number) => void | Promise<void>,
): Promise<void> {
  const columns = parseCells(stripByteOrderMark(header.line));
  const known = new Set<string>(RECORD_FIELDS);
  columns.forEach((column, index) => {
    if (!known.has(column)) throw new RecordsCsvProblem(`line ${header.lineNumber}: column ${index + 1} "${column}": not a record field`);
  });
  const kinds = columns.map((column) => CELL_KINDS[column as RecordField]);
  let pending: string[] = [];
  let pendingQuotes = 0;
  let rowLineNumber = 0;
  for await (const { line, lineNumber } of lines) {
    if (pending.length === 0) {
      if (line === "") continue;
      rowLineNumber = lineNumber;
    }
    pending.push(line);
    pendingQuotes += countQuotes(line);
    if (pendingQuotes % 2 === 1) continue;
    const cells = parseCells(pending.join("\n"));
    pending = [];
    pendingQuotes = 0;
    if (cells.length !== columns.length) throw new RecordsCsvProblem(`line ${rowLineNumber}: ${cells.length} cells, the header has ${columns.length}`);
    const value = Object.fromEntries(columns.map((column, index) => [column, cellValue(kinds[index]!, cells[index]!)]));
    const parsed = parseRecordValue(value, rowLineNumber);
    if (!parsed.ok) throw new RecordsCsvProblem(parsed.message);
    await onRecord(parsed.record, rowLineNumber);
  }
  if (pending.length > 0) throw new RecordsCsvProblem(`line ${rowLineNumber}: a quoted cell is never closed`);
}

function countQuotes(line: string): number {
  let count = 0;
  for (let index = line.indexOf('"'); index !== -1; index = line.indexOf('"', index + 1)) count++;
  return count;
}
