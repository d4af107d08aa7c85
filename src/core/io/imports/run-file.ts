// One entry for every file that becomes a run: a run bundle, a `--jsonl` records file, or another tool's
// per-request export (vLLM, AIPerf, GuideLLM). The format is told from the first line; records are handed
// on one at a time (line-based formats never hold the file; vLLM and GuideLLM write one JSON document,
// read whole). Artillery's report holds no request: its run is summary-level (summaryRows, no records). The browser's import, the command line's `analyze` and anything built on runs read here.
import type { BundleRun, BundleTail } from "../bundle/format";
import { BundleProblem, isBundleHeadLine, readRunBundle } from "../bundle/read";
import type { RunOrigin, RunTool } from "../bundle/origin";
import { type RequestRecord, parseRecordLine } from "../../record";
import type { SummaryRow } from "../../stats";
import { RecordsFileFilter, type RecordsFileReport } from "../records-filter";
import { textLines, TextLimitExceeded, type LineEnds, type TextLineLimits } from "../text-lines";
import { isRecordsCsvHeader, readRecordsCsv, RecordsCsvProblem } from "./records-csv";
import { importArtilleryReport, looksLikeArtilleryReport } from "./artillery";
import { aiperfRecord, AIPERF_TARGET_ID, looksLikeAiperfLine } from "./aiperf";
import { importGuidellmReport, looksLikeGuidellmReport } from "./guidellm";
import { importedScenario, ImportProblem } from "./imported-run";
import { importSummaryFile, looksLikeSummaryFile } from "./summary-file";
import { looksLikeNightlySummary } from "./nightly-summary";
import { importVllmResults, looksLikeVllmResult, type ImportedRunParts } from "./vllm";

export const RUN_FILE_FORMATS = ["providerbench-bundle", "providerbench-records", "providerbench-summary", "vllm-bench-serve", "aiperf", "guidellm", "artillery"] as const;
export type RunFileFormat = (typeof RUN_FILE_FORMATS)[number];

/** A file that is not a run, or not a well-formed one: the message names the line (or JSON path) and field. */
export class RunFileProblem extends Error {}

/** A file ProviderBench itself writes beside runs that is not one (the nightly script's summary): left out, not refused. */
export class NotARunFile extends RunFileProblem {}

export interface RunFile {
  format: RunFileFormat;
  run: BundleRun;
  tail: BundleTail;
  /**
   * A summary-level run's table, read from the file (Artillery's report: counters and percentiles, no
   * request): the run has no records, and this is its summary. Absent for every file of records.
   */
  summaryRows?: SummaryRow[];
  /** What the file repeated or lacked (records-filter.ts): duplicates dropped, retries without their attempt before, a torn last line. */
  report: RecordsFileReport;
}

export interface ReadRunFileOptions {
  /** The file's name, for the imported run's description. */
  fileName: string;
  /** The id a run gets when its file has none (other tools' files). */
  newRunId: () => string;
  now: () => number;
  /** This ProviderBench's version: the app an imported run is shown by. */
  appVersion: string;
  /** A bundle's run, heard before its first record (its scenario's prices and SLO apply to the records). */
  onBundleRun?: (run: BundleRun) => void;
}

/**
 * What one run file may hold, decompressed. A line: a record keeps at most run.maxOutputChars of output
 * (up to 64 Mi characters) beside the parsed outputValue, which JSON escapes can lengthen, and a bundle's
 * tail line carries every small binary output inline (base64); 256 Mi characters is room for all that,
 * and half of the longest string a JavaScript engine holds. The whole text: a million-request run wrote
 * 920 MiB of JSONL, so 8 Gi characters is several such runs, yet a small gzip cannot ask for hours.
 * Blank lines: no format writes them; a hand-edited file has a few.
 */
export const RUN_FILE_LIMITS: TextLineLimits = { maxLineChars: 256 * 1024 ** 2, maxTotalChars: 8 * 1024 ** 3, maxBlankLines: 100_000 };

/** A JSON document read whole (another tool's report) is one string in memory, as a line is: the same bound. */
const MAX_DOCUMENT_CHARS = RUN_FILE_LIMITS.maxLineChars;

const DESCRIBED_FORMATS =
  "a ProviderBench run bundle (.pbrun.json.gz), a ProviderBench records file (--jsonl or --csv) or summary (--summary), vllm bench serve --save-result --save-detailed JSON, AIPerf profile_export.jsonl, GuideLLM benchmarks.json, or Artillery's report (--output) of a test from `export artillery`";

/** A file's run before its records were filtered: the report is added by readRunFile. */
type ReadRun = Omit<RunFile, "report">;

/**
 * Reads a whole file given as text pieces (decompressed already), a line at a time within RUN_FILE_LIMITS;
 * onRecord gets every record in file order, through RecordsFileFilter (each request counted once; an
 * aborted record a resume superseded, and duplicates, left out).
 */
export async function readRunFile(pieces: AsyncIterable<string>, onRecord: (record: RequestRecord) => void | Promise<void>, options: ReadRunFileOptions): Promise<RunFile> {
  const filter = new RecordsFileFilter(onRecord);
  const ends: LineEnds = { lastLineUnended: false };
  try {
    const file = await readRunFileLines(textLines(pieces, RUN_FILE_LIMITS, ends), filter, ends, options);
    await filter.finish();
    return { ...file, report: filter.report() };
  } catch (error) {
    if (error instanceof TextLimitExceeded) throw new RunFileProblem(error.message, { cause: error });
    throw error;
  }
}

async function readRunFileLines(lines: AsyncIterable<string>, filter: RecordsFileFilter, ends: LineEnds, options: ReadRunFileOptions): Promise<ReadRun> {
  const onRecord = (record: RequestRecord): void | Promise<void> => filter.add(record);
  const iterator = lines[Symbol.asyncIterator]();
  let lineNumber = 0;
  let first: string | undefined;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    lineNumber++;
    if (next.value.trim() !== "") {
      first = next.value;
      break;
    }
  }
  if (first === undefined) throw new RunFileProblem("the file is empty");
  const firstLineNumber = lineNumber;
  // The lines again, the first one included, with their numbers counted from the start of the file.
  const rest: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => iterator,
  };
  async function* fromFirst(): AsyncGenerator<{ line: string; lineNumber: number }> {
    yield { line: first!, lineNumber: firstLineNumber };
    let number = firstLineNumber;
    for await (const line of rest) yield { line, lineNumber: ++number };
  }
  try {
    if (isBundleHeadLine(first)) {
      if (firstLineNumber !== 1) throw new RunFileProblem(`line ${firstLineNumber}: a run bundle starts on line 1`);
      const bundle = await readRunBundle(
        (async function* () {
          for await (const { line } of fromFirst()) yield line;
        })(),
        onRecord,
        options.onBundleRun,
      );
      return { format: "providerbench-bundle", ...bundle };
    }
    if (isRecordsCsvHeader(first)) return await readCsvRecordsFile(fromFirst(), filter, ends, options);
    let firstJson: unknown;
    let wholeLine = true;
    try {
      firstJson = JSON.parse(first);
    } catch {
      wholeLine = false;
    }
    if (!wholeLine) return await readDocument(fromFirst(), onRecord, options);
    if (isRecordLine(firstJson)) return await readRecordsFile(fromFirst(), filter, ends, options);
    if (looksLikeAiperfLine(firstJson)) return await readAiperf(fromFirst(), onRecord, options);
    if (looksLikeVllmResult(firstJson) || looksLikeGuidellmReport(firstJson) || isSummaryOnlyVllm(firstJson) || looksLikeArtilleryReport(firstJson) || looksLikeSummaryFile(firstJson)) return await readJsonLines(fromFirst(), onRecord, options);
    throw unreadFormat(firstJson, firstLineNumber);
  } catch (error) {
    if (error instanceof BundleProblem || error instanceof ImportProblem) throw new RunFileProblem(error.message, { cause: error });
    throw error;
  }
}

/** Why a JSON document is read as no run: a file of ours that is not one, or a format ProviderBench does not read. */
function unreadFormat(value: unknown, lineNumber: number): RunFileProblem {
  if (looksLikeNightlySummary(value)) return new NotARunFile("simulate-nightly's summary of each night's gate, not a run");
  return new RunFileProblem(`line ${lineNumber}: not a format ProviderBench reads${keysOf(value)}; expected ${DESCRIBED_FORMATS}`);
}

function keysOf(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "";
  const keys = Object.keys(value).slice(0, 6);
  return keys.length === 0 ? "" : ` (its keys: ${keys.join(", ")}${Object.keys(value).length > keys.length ? ", …" : ""})`;
}

function isRecordLine(value: unknown): boolean {
  return typeof value === "object" && value !== null && "runId" in value && "targetId" in value;
}

function isSummaryOnlyVllm(value: unknown): boolean {
  return typeof value === "object" && value !== null && "model_id" in value && "duration" in value;
}

function origin(tool: RunTool, toolVersion: string | null): RunOrigin {
  return { label: null, tool, toolVersion, host: null, userAgent: null };
}

/**
 * A `--jsonl` records file: one run (one runId), no scenario (targets named by id, no prices). A last line
 * without its line break that is not a record was torn by its writer (a full disk): left out and reported.
 */
function readRecordsFile(lines: AsyncIterable<{ line: string; lineNumber: number }>, filter: RecordsFileFilter, ends: LineEnds, options: ReadRunFileOptions): Promise<ReadRun> {
  return collectRecordsRun(
    async (each) => {
      for await (const { line, lineNumber } of lines) {
        if (line.trim() === "") continue;
        const parsed = parseRecordLine(line, lineNumber);
        if (!parsed.ok && ends.lastLineUnended) {
          filter.leftOutTornLastLine(lineNumber);
          continue;
        }
        if (!parsed.ok) throw new RunFileProblem(parsed.message);
        await each(parsed.record, lineNumber);
      }
    },
    filter,
    options,
  );
}

/** A records CSV (`--csv`, the dashboard's records download): the same run as its JSONL twin, a torn last row left out as there. */
function readCsvRecordsFile(lines: AsyncIterable<{ line: string; lineNumber: number }>, filter: RecordsFileFilter, ends: LineEnds, options: ReadRunFileOptions): Promise<ReadRun> {
  return collectRecordsRun(
    async (each) => {
      const iterator = lines[Symbol.asyncIterator]();
      const header = await iterator.next();
      if (header.done) throw new RunFileProblem("no records");
      let lastLineNumber = header.value.lineNumber;
      const rows: AsyncIterable<{ line: string; lineNumber: number }> = {
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            const next = await iterator.next();
            if (!next.done) lastLineNumber = next.value.lineNumber;
            return next;
          },
        }),
      };
      try {
        await readRecordsCsv(header.value, rows, each);
      } catch (error) {
        if (error instanceof RecordsCsvProblem && ends.lastLineUnended) {
          filter.leftOutTornLastLine(lastLineNumber);
          return;
        }
        if (error instanceof RecordsCsvProblem) throw new RunFileProblem(error.message, { cause: error });
        throw error;
      }
    },
    filter,
    options,
  );
}

/**
 * The run a file of our own records makes: one runId, targets in order of appearance, its span from the
 * records, its requests and records as counted once (the filter's).
 */
async function collectRecordsRun(
  readRecords: (each: (record: RequestRecord, lineNumber: number) => Promise<void>) => Promise<void>,
  filter: RecordsFileFilter,
  options: ReadRunFileOptions,
): Promise<ReadRun> {
  let runId: string | null = null;
  const targetIds: string[] = [];
  let startedAt: number | null = null;
  let finishedAt: number | null = null;
  await readRecords(async (record, lineNumber) => {
    runId ??= record.runId;
    if (record.runId !== runId) throw new RunFileProblem(`line ${lineNumber}: runId: "${record.runId}" is another run than "${runId}" above; a records file holds one run`);
    if (!targetIds.includes(record.targetId)) targetIds.push(record.targetId);
    if (startedAt === null || record.startedAt < startedAt) startedAt = record.startedAt;
    const end = record.startedAt + record.latencyMs;
    if (finishedAt === null || end > finishedAt) finishedAt = Math.round(end);
    await filter.add(record);
  });
  if (runId === null) throw new RunFileProblem("no records");
  await filter.finish();
  const { records: count, requests: measured } = filter.report();
  const scenario = importedScenario({ tool: "providerbench-cli", fileName: options.fileName, task: "chat-completion", targets: targetIds.map((id) => ({ id, label: id })) });
  return {
    format: "providerbench-records",
    run: { id: runId, scenarioName: scenario.name, scenario, startedAt: startedAt ?? options.now(), planned: measured, appVersion: options.appVersion, libraryVersions: {}, origin: origin("providerbench-cli", null), replayOfRunId: null },
    tail: { status: "completed", finishedAt, errorMessage: null, recordCount: count, blobs: [] },
  };
}

async function readAiperf(lines: AsyncIterable<{ line: string; lineNumber: number }>, onRecord: (record: RequestRecord) => void | Promise<void>, options: ReadRunFileOptions): Promise<ReadRun> {
  const runId = options.newRunId();
  let count = 0;
  let startedAt: number | null = null;
  let finishedAt: number | null = null;
  for await (const { line, lineNumber } of lines) {
    if (line.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new RunFileProblem(`line ${lineNumber}: not JSON (${(error as Error).message})`);
    }
    const record = aiperfRecord(json, lineNumber, runId);
    count++;
    if (startedAt === null || record.startedAt < startedAt) startedAt = record.startedAt;
    const end = Math.round(record.startedAt + record.latencyMs);
    if (finishedAt === null || end > finishedAt) finishedAt = end;
    await onRecord(record);
  }
  const scenario = importedScenario({ tool: "aiperf", fileName: options.fileName, task: "chat-completion", targets: [{ id: AIPERF_TARGET_ID, label: AIPERF_TARGET_ID }] });
  return importedRunFile("aiperf", { scenario, startedAt: startedAt ?? options.now(), finishedAt, toolVersion: null }, runId, count, options);
}

/** vLLM's result on one line (several with --append-result), or GuideLLM's report written on one line. */
async function readJsonLines(lines: AsyncIterable<{ line: string; lineNumber: number }>, onRecord: (record: RequestRecord) => void | Promise<void>, options: ReadRunFileOptions): Promise<ReadRun> {
  const values: { value: unknown; lineNumber: number }[] = [];
  let heldChars = 0;
  for await (const { line, lineNumber } of lines) {
    if (line.trim() === "") continue;
    heldChars += line.length;
    if (heldChars > MAX_DOCUMENT_CHARS) throw documentTooLong(lineNumber);
    try {
      values.push({ value: JSON.parse(line), lineNumber });
    } catch (error) {
      throw new RunFileProblem(`line ${lineNumber}: not JSON (${(error as Error).message})`);
    }
  }
  return importDocuments(values, onRecord, options);
}

/** A JSON document spread over several lines (an indented benchmarks.json): read whole, then parsed. */
async function readDocument(lines: AsyncIterable<{ line: string; lineNumber: number }>, onRecord: (record: RequestRecord) => void | Promise<void>, options: ReadRunFileOptions): Promise<ReadRun> {
  const texts: string[] = [];
  let heldChars = 0;
  for await (const { line, lineNumber } of lines) {
    heldChars += line.length + 1;
    if (heldChars > MAX_DOCUMENT_CHARS) throw documentTooLong(lineNumber);
    texts.push(line);
  }
  const text = texts.join("\n");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split("\n").length : null;
    throw new RunFileProblem(`${line !== null ? `line ${line}: ` : ""}not JSON (${message}); expected ${DESCRIBED_FORMATS}`);
  }
  return importDocuments([{ value, lineNumber: 1 }], onRecord, options);
}

function documentTooLong(lineNumber: number): RunFileProblem {
  return new RunFileProblem(`line ${lineNumber}: a report read whole may hold at most ${MAX_DOCUMENT_CHARS / 1024 ** 2} Mi characters; this one goes on`);
}

async function importDocuments(values: { value: unknown; lineNumber: number }[], onRecord: (record: RequestRecord) => void | Promise<void>, options: ReadRunFileOptions): Promise<ReadRun> {
  const runId = options.newRunId();
  const first = values[0]?.value;
  if (looksLikeSummaryFile(first)) {
    if (values.length > 1) throw new RunFileProblem(`line ${values[1]!.lineNumber}: a --summary file is one JSON document`);
    const summary = importSummaryFile(first, { fileName: options.fileName });
    const file = importedRunFile("providerbench-summary", { ...summary, toolVersion: null }, summary.runId, 0, options);
    const planned = summary.rows.reduce((total, row) => total + row.requests, 0);
    return { ...file, run: { ...file.run, planned }, summaryRows: summary.rows };
  }
  if (looksLikeArtilleryReport(first)) {
    if (values.length > 1) throw new RunFileProblem(`line ${values[1]!.lineNumber}: an Artillery report is one JSON document`);
    const report = importArtilleryReport(first, { fileName: options.fileName, now: options.now() });
    const file = importedRunFile("artillery", report, runId, 0, options);
    const planned = report.rows.reduce((total, row) => total + row.requests, 0);
    return { ...file, run: { ...file.run, planned, origin: { ...file.run.origin, label: report.region } }, summaryRows: report.rows };
  }
  let parts: ImportedRunParts;
  let format: RunFileFormat;
  if (looksLikeGuidellmReport(first)) {
    if (values.length > 1) throw new RunFileProblem(`line ${values[1]!.lineNumber}: a GuideLLM report is one JSON document`);
    parts = importGuidellmReport(first, { runId, fileName: options.fileName, now: options.now() });
    format = "guidellm";
  } else if (looksLikeVllmResult(first) || isSummaryOnlyVllm(first)) {
    parts = importVllmResults(values, { runId, fileName: options.fileName, now: options.now() });
    format = "vllm-bench-serve";
  } else {
    throw unreadFormat(first, values[0]?.lineNumber ?? 1);
  }
  for (const record of parts.records) await onRecord(record);
  return importedRunFile(format, parts, runId, parts.records.length, options);
}

function importedRunFile(format: Exclude<RunFileFormat, "providerbench-bundle" | "providerbench-records">, parts: Omit<ImportedRunParts, "records">, runId: string, count: number, options: ReadRunFileOptions): ReadRun {
  const tool: RunTool = format === "providerbench-summary" ? "providerbench-cli" : format;
  return {
    format,
    run: {
      id: runId,
      scenarioName: parts.scenario.name,
      scenario: parts.scenario,
      startedAt: parts.startedAt,
      planned: count,
      appVersion: options.appVersion,
      libraryVersions: {},
      origin: origin(tool, parts.toolVersion),
      replayOfRunId: null,
    },
    tail: { status: "completed", finishedAt: parts.finishedAt, errorMessage: null, recordCount: count, blobs: [] },
  };
}
