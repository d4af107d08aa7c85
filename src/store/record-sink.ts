// Batches request records into IndexedDB: one bulkAdd transaction per batch, never one per record,
// so a run of thousands of requests per second does not drown the database in transactions.
import type { RequestRecord } from "../core/record/record";
import type { ProviderBenchDb } from "./db";
import { appendRecords } from "./record-store";

export interface RecordSinkWiring {
  /**
   * A batch that could not be written (quota, closed database); the sink keeps accepting records.
   * Required: a sink that lost records without telling anyone would leave a run that looks complete.
   */
  onError(error: unknown): void;
}

export interface RecordSinkOptions {
  /** Flush as soon as this many records are waiting. */
  maxBatchSize?: number;
  /** Flush records that have waited this long, however few. */
  maxDelayMs?: number;
}

export interface RecordSink {
  write(record: RequestRecord): void;
  /** Writes everything buffered so far; resolves when all earlier batches are in the database. */
  flush(): Promise<void>;
  /** Flushes and refuses further writes. */
  close(): Promise<void>;
}

/** The one store operation the sink needs (recordStoreTable gives the app's). */
export interface RecordTable {
  bulkAdd(records: readonly RequestRecord[]): Promise<unknown>;
}

/** The app's record store as the sink's table: each batch appended to its run's chunks. */
export function recordStoreTable(db: ProviderBenchDb): RecordTable {
  return { bulkAdd: (records) => appendRecords(db, records) };
}

export const DEFAULT_MAX_BATCH_SIZE = 500;
export const DEFAULT_MAX_DELAY_MS = 200;

export function createRecordSink(table: RecordTable, options: RecordSinkOptions & RecordSinkWiring): RecordSink {
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  let buffer: RequestRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  // Batches are chained so they land in the order they were written.
  let written: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (buffer.length > 0) {
      const batch = buffer;
      buffer = [];
      written = written.then(() => table.bulkAdd(batch)).then(
        () => undefined,
        (error: unknown) => options.onError(error),
      );
    }
    return written;
  };

  return {
    write(record) {
      if (closed) throw new Error("record sink is closed");
      // A copy: the caller may reuse or mutate its object before the batch is stored.
      buffer.push({ ...record });
      if (buffer.length >= maxBatchSize) void flush();
      else timer ??= setTimeout(() => void flush(), maxDelayMs);
    },
    flush,
    close() {
      closed = true;
      return flush();
    },
  };
}
