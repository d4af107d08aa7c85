// Streams records to JSONL and CSV files as they are measured, so a long run keeps memory flat and a
// killed run leaves valid files up to the last complete line. Lines are gathered and written in batches
// (every BATCH_INTERVAL_MS, or at once past BATCH_CHARS), not one write per record: a write costs a
// system call's setup and a buffer, whatever its length, and at thousands of records a second they add up. A
// file that stops taking data (a stalled pipe) slows the run down instead of filling memory; a file that
// cannot be written is reported, not lost.
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { recordsCsvHeader, recordToCsvLine, jsonLineWriter } from "../core/io";
import { RECORD_FIELDS, type RequestRecord } from "../core/record";
import type { OutputFlag } from "./output-files";
import { trimTornLastLine } from "./torn-line";

/** Keys in RECORD_FIELDS order (docs/metrics.md lists them), so every line reads the same. */
export const recordToJsonLine: (record: RequestRecord) => string = jsonLineWriter(RECORD_FIELDS);

/** Characters gathered before a batch is written at once, whatever the time. */
export const BATCH_CHARS = 64 * 1024;
/** At most this long between a record and its write (a reader following the file sees it this late). */
export const BATCH_INTERVAL_MS = 50;

export interface OutputFailure {
  flag: OutputFlag;
  path: string;
  message: string;
}

export interface RecordFiles {
  /** Resolves at once, or when every file has taken its backlog (or the signal aborts). Never rejects. */
  write(record: RequestRecord): Promise<void> | undefined;
  /** The first write error, if any; later records are not written anywhere once one file failed. */
  readonly failure: OutputFailure | null;
  close(): Promise<void>;
}

export interface RecordOutput {
  flag: OutputFlag;
  path: string;
  stream: Writable;
}

export function createRecordFiles(
  outputs: { jsonl: RecordOutput | undefined; csv: RecordOutput | undefined },
  options: { signal: AbortSignal; onFailure(failure: OutputFailure): void },
): RecordFiles {
  const writers: { output: RecordOutput; format: (record: RequestRecord) => string; batch: string }[] = [];
  if (outputs.jsonl) writers.push({ output: outputs.jsonl, format: recordToJsonLine, batch: "" });
  if (outputs.csv) {
    outputs.csv.stream.write(recordsCsvHeader());
    writers.push({ output: outputs.csv, format: recordToCsvLine, batch: "" });
  }
  let failure: OutputFailure | null = null;
  // One wait per stream, shared by every writer that finds it behind (not one listener per record).
  const waits = new Map<Writable, Promise<void>>();
  const waitForDrain = (stream: Writable): Promise<void> => {
    let wait = waits.get(stream);
    if (!wait) {
      wait = drained(stream, options.signal).finally(() => waits.delete(stream));
      waits.set(stream, wait);
    }
    return wait;
  };
  for (const { output } of writers) {
    output.stream.on("error", (error: Error) => {
      if (failure !== null) return;
      failure = { flag: output.flag, path: output.path, message: error.message };
      options.onFailure(failure);
    });
  }
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = (): void => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    for (const writer of writers) {
      if (writer.batch === "") continue;
      const batch = writer.batch;
      writer.batch = "";
      if (failure === null && !writer.output.stream.destroyed) writer.output.stream.write(batch);
    }
  };
  return {
    get failure() {
      return failure;
    },
    write(record) {
      if (failure !== null) return undefined;
      let behind: Writable[] | null = null;
      for (const writer of writers) {
        writer.batch += writer.format(record);
        if (writer.batch.length >= BATCH_CHARS) {
          const batch = writer.batch;
          writer.batch = "";
          writer.output.stream.write(batch);
        }
        // A file behind holds the request's place until it drains: what waits is at most a line per request in flight.
        if (writer.output.stream.writableNeedDrain) (behind ??= []).push(writer.output.stream);
      }
      flushTimer ??= setTimeout(flush, BATCH_INTERVAL_MS);
      if (behind === null) return undefined;
      return Promise.all(behind.map(waitForDrain)).then(() => undefined);
    },
    async close() {
      flush();
      await Promise.all(
        writers.map(async ({ output }) => {
          if (!output.stream.destroyed) {
            output.stream.end();
            // A failure while flushing is reported by the error listener above.
            await finished(output.stream).catch(() => undefined);
          }
          // A write that failed part-way (a full disk) leaves a torn last line: cut away, the file holds
          // whole lines, and analyze and --resume read it as it is. A pipe or a device is left alone.
          if (failure?.path === output.path) await trimTornLastLine(output.path).catch(() => null);
        }),
      );
    },
  };
}

/** Resolves on drain, or when waiting no longer makes sense (the stream failed or closed, the run stopped). */
function drained(stream: Writable, signal: AbortSignal): Promise<void> {
  if (signal.aborted || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off("drain", done);
      stream.off("error", done);
      stream.off("close", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("error", done);
    stream.on("close", done);
    signal.addEventListener("abort", done);
  });
}
