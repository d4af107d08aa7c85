// A run's request records, stored in chunks: one IndexedDB row holds up to RECORDS_PER_ROW records of one
// run, keyed [runId+first] where `first` is the run-wide position of the row's first record. One row per
// record (schema versions 1-3) spent its time on per-row overhead and tops out near 10,000 records/s in
// Chromium; a row of hundreds of records costs one structured clone and one key. Every reader and writer
// of records goes through this module: nothing else touches the `recordChunks` table.
import type { RequestRecord } from "../core/record";
import type { ProviderBenchDb, StoredRecordChunk } from "./db";

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
  await db.transaction("rw", db.recordChunks, async () => {
    for (const [runId, list] of byRun) {
      await db.recordChunks.bulkAdd(rowsFrom(runId, await nextPosition(db, runId), list));
    }
  });
}

/** How many records the run has stored. */
export function countRecords(db: ProviderBenchDb, runId: string): Promise<number> {
  return nextPosition(db, runId);
}

/**
 * A run's records, in the order they were appended, handed over a few rows at a time. Rows appended after
 * the count was taken are not read: a live run's page reads again when the run ends. Resolves with how
 * many records were handed over.
 */
export async function forEachRecordChunk(
  db: ProviderBenchDb,
  runId: string,
  onChunk: (records: RequestRecord[]) => void,
  options: ReadRecordsOptions = {},
): Promise<number> {
  const { rowsPerRead = 5, onProgress, signal } = options;
  const total = await countRecords(db, runId);
  let loaded = 0;
  let from = -Infinity;
  onProgress?.({ loaded: 0, total });
  while (loaded < total) {
    signal?.throwIfAborted();
    const rows = await db.recordChunks
      .where("[runId+first]")
      .between([runId, from], [runId, total], false, false)
      .limit(rowsPerRead)
      .toArray();
    if (rows.length === 0) break;
    const chunk: RequestRecord[] = [];
    for (const row of rows) for (const record of row.records) chunk.push(record);
    from = rows[rows.length - 1]!.first;
    loaded += chunk.length;
    onChunk(chunk);
    onProgress?.({ loaded, total });
  }
  return loaded;
}

/** Every record of a run, in the order they were appended, read a few rows at a time (see forEachRecordChunk). */
export async function recordsOfRun(db: ProviderBenchDb, runId: string, options: ReadRecordsOptions = {}): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await forEachRecordChunk(db, runId, (chunk) => {
    for (const record of chunk) records.push(record);
  }, options);
  return records;
}

/** Deletes every record of the run. Call inside a transaction that includes `recordChunks` to join it. */
export async function deleteRecordsOfRun(db: ProviderBenchDb, runId: string): Promise<void> {
  await rowsOf(db, runId).delete();
}

/**
 * Deletes the run's records that `drop` picks (a resume's superseded aborts), keeping the others in order:
 * the run's rows are written again, packed, since positions must stay contiguous for the count. Returns
 * how many were dropped. Call inside a transaction that includes `recordChunks` to join it.
 */
export async function dropRecords(db: ProviderBenchDb, runId: string, drop: (record: RequestRecord) => boolean): Promise<number> {
  return db.transaction("rw", db.recordChunks, async () => {
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
    await rowsOf(db, runId).delete();
    await db.recordChunks.bulkAdd(rowsFrom(runId, 0, kept));
    return dropped;
  });
}
