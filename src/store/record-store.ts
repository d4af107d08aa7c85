// A run's request records, stored in chunks: one IndexedDB row holds up to RECORDS_PER_ROW records of one
// run, keyed [runId+first] where `first` is the run-wide position of the row's first record. One row per
// record (schema versions 1-3) spent its time on per-row overhead and tops out near 10,000 records/s in
// Chromium; a row of hundreds of records costs one structured clone and one key. Every reader and writer
// of records goes through this module: nothing else touches the `recordChunks` table, nor `recordColumns`,
// which holds each chunk's columns (core/record/record-columns.ts) under the same key for the charts of big runs.
import type { RequestRecord } from "../core/record/record";
import { concatColumns, recordColumns, type RecordColumns } from "../core/record/record-columns";
import type { Table } from "dexie";
import type { ProviderBenchDb, StoredRecordChunk, StoredRecordColumns } from "./db";

/**
 * Records per row at most. Big enough that per-row costs vanish, small enough that a row is one short
 * structured clone (about 550 bytes a record: some 550 kB) and a chunked read hands the page small steps.
 */
export const RECORDS_PER_ROW = 1000;

/** How far a chunked read of a run's records has come. */
export interface RecordsReadProgress {
  loaded: number;
  total: number;
}

export interface ReadRecordsOptions {
  /** Rows per read (each up to RECORDS_PER_ROW records); each read is one short task, so the page can paint in between. */
  rowsPerRead?: number;
  onProgress?: (progress: RecordsReadProgress) => void;
  /** Stops between reads (rejecting with the signal's reason): the page moved on. */
  signal?: AbortSignal;
}

function rowsOf(db: ProviderBenchDb, runId: string) {
  return db.recordChunks.where("[runId+first]").between([runId, -Infinity], [runId, Infinity], true, true);
}

function columnRowsOf(db: ProviderBenchDb, runId: string) {
  return db.recordColumns.where("[runId+first]").between([runId, -Infinity], [runId, Infinity], true, true);
}

/** The tables a run's records live in: a transaction that writes or deletes records must include them all. */
export function recordTables(db: ProviderBenchDb) {
  return [db.recordChunks, db.recordColumns] as const;
}

/** Writes chunk rows and their columns' rows. */
async function addRows(db: ProviderBenchDb, rows: StoredRecordChunk[]): Promise<void> {
  await db.recordChunks.bulkAdd(rows);
  await db.recordColumns.bulkAdd(rows.map((row) => ({ runId: row.runId, first: row.first, columns: recordColumns(row.records) }) satisfies StoredRecordColumns));
}

/** Where the run's next record goes: its count so far (one row read: the last). */
async function nextPosition(db: ProviderBenchDb, runId: string): Promise<number> {
  const last = await rowsOf(db, runId).last();
  return last === undefined ? 0 : last.first + last.records.length;
}

function rowsFrom(runId: string, first: number, records: readonly RequestRecord[]): StoredRecordChunk[] {
  const rows: StoredRecordChunk[] = [];
  for (let start = 0; start < records.length; start += RECORDS_PER_ROW) {
    rows.push({ runId, first: first + start, records: records.slice(start, start + RECORDS_PER_ROW) });
  }
  return rows;
}

/**
 * Appends records after those already stored, in the order given, in one transaction (grouped by runId:
 * a batch may hold several runs). A batch becomes rows of its own (a short last row stays short), so an
 * append never rewrites what is stored.
 */
export async function appendRecords(db: ProviderBenchDb, records: readonly RequestRecord[]): Promise<void> {
  if (records.length === 0) return;
  const byRun = new Map<string, RequestRecord[]>();
  for (const record of records) {
    const list = byRun.get(record.runId);
    if (list === undefined) byRun.set(record.runId, [record]);
    else list.push(record);
  }
  await db.transaction("rw", recordTables(db), async () => {
    for (const [runId, list] of byRun) {
      await addRows(db, rowsFrom(runId, await nextPosition(db, runId), list));
    }
  });
}

/** How many records the run has stored. */
export function countRecords(db: ProviderBenchDb, runId: string): Promise<number> {
  return nextPosition(db, runId);
}

/**
 * The run's rows of one table (chunks or their columns), in order, a few at a time: `size` says how many
 * records a row holds. Rows appended after the count was taken are not read: a live run's page reads again
 * when the run ends. Resolves with how many records the rows held.
 */
async function forEachRowPage<Row extends { first: number }>(
  db: ProviderBenchDb,
  table: Table<Row, [string, number]>,
  runId: string,
  size: (row: Row) => number,
  onRows: (rows: Row[]) => void,
  options: ReadRecordsOptions,
  defaultRowsPerRead: number,
): Promise<number> {
  const { rowsPerRead = defaultRowsPerRead, onProgress, signal } = options;
  const total = await countRecords(db, runId);
  let loaded = 0;
  let from = -Infinity;
  onProgress?.({ loaded: 0, total });
  while (loaded < total) {
    signal?.throwIfAborted();
    const rows = await table.where("[runId+first]").between([runId, from], [runId, total], false, false).limit(rowsPerRead).toArray();
    if (rows.length === 0) break;
    for (const row of rows) loaded += size(row);
    from = rows[rows.length - 1]!.first;
    onRows(rows);
    onProgress?.({ loaded, total });
  }
  return loaded;
}

/**
 * A run's records, in the order they were appended, handed over a few rows at a time (each read one short
 * task, so the page paints in between). Resolves with how many records were handed over.
 */
export function forEachRecordChunk(db: ProviderBenchDb, runId: string, onChunk: (records: RequestRecord[]) => void, options: ReadRecordsOptions = {}): Promise<number> {
  return forEachRowPage(
    db,
    db.recordChunks,
    runId,
    (row) => row.records.length,
    (rows) => {
      const chunk: RequestRecord[] = [];
      for (const row of rows) for (const record of row.records) chunk.push(record);
      onChunk(chunk);
    },
    options,
    5,
  );
}

/** Every record of a run, in the order they were appended, read a few rows at a time (see forEachRecordChunk). */
export async function recordsOfRun(db: ProviderBenchDb, runId: string, options: ReadRecordsOptions = {}): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await forEachRecordChunk(db, runId, (chunk) => {
    for (const record of chunk) records.push(record);
  }, options);
  return records;
}

/**
 * The columns of every record of the run, in order: what the charts of a run too big to hold as objects
 * read. A row of columns is a few typed arrays, so many are read at a time.
 */
export async function readRecordColumns(db: ProviderBenchDb, runId: string, options: ReadRecordsOptions = {}): Promise<RecordColumns> {
  const parts: RecordColumns[] = [];
  await forEachRowPage(db, db.recordColumns, runId, (row) => row.columns.length, (rows) => parts.push(...rows.map((row) => row.columns)), options, 100);
  return concatColumns(parts);
}

/** The records at run positions [start, end), read from the rows that hold them (a page of the records table). */
export async function readRecordRange(db: ProviderBenchDb, runId: string, start: number, end: number): Promise<RequestRecord[]> {
  if (end <= start) return [];
  // The row holding `start` is the last to begin at or before it (rows may be short where an append was).
  const holdingStart = await db.recordChunks.where("[runId+first]").between([runId, -Infinity], [runId, start], true, true).last();
  const after = await db.recordChunks.where("[runId+first]").between([runId, start], [runId, end], false, false).toArray();
  const candidates = holdingStart === undefined ? after : [holdingStart, ...after];
  const records: RequestRecord[] = [];
  for (const row of candidates) {
    for (let i = 0; i < row.records.length; i++) {
      const position = row.first + i;
      if (position >= start && position < end) records.push(row.records[i]!);
    }
  }
  return records;
}

/** Deletes every record of the run. Call inside a transaction that includes recordTables(db) to join it. */
export async function deleteRecordsOfRun(db: ProviderBenchDb, runId: string): Promise<void> {
  await rowsOf(db, runId).delete();
  await columnRowsOf(db, runId).delete();
}

/**
 * Deletes the run's records that `drop` picks (a resume's superseded aborts), keeping the others in order:
 * the run's rows are written again, packed, since positions must stay contiguous for the count. Returns
 * how many were dropped. Call inside a transaction that includes recordTables(db) to join it.
 */
export async function dropRecords(db: ProviderBenchDb, runId: string, drop: (record: RequestRecord) => boolean): Promise<number> {
  return db.transaction("rw", recordTables(db), async () => {
    const rows = await rowsOf(db, runId).toArray();
    const kept: RequestRecord[] = [];
    let dropped = 0;
    for (const row of rows) {
      for (const record of row.records) {
        if (drop(record)) dropped++;
        else kept.push(record);
      }
    }
    if (dropped === 0) return 0;
    await deleteRecordsOfRun(db, runId);
    await addRows(db, rowsFrom(runId, 0, kept));
    return dropped;
  });
}
