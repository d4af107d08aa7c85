// Writing a run bundle as text pieces, in order: the head, each record, the tail (format.ts shows the
// layout). Where the pieces go, and how they are compressed, is the caller's: node:zlib in the command
// line, CompressionStream in the browser.
import { toJsonLine } from "../jsonl";
import { RECORD_FIELDS, type RequestRecord } from "../../record";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, type BundleRun, type BundleTail } from "./format";

/** JSON on one line, whatever the strings hold (jsonl.ts escapes what other readers break lines at). */
function oneLine(value: unknown): string {
  return toJsonLine(value).slice(0, -1);
}

/**
 * The record's JSON, keys in RECORD_FIELDS order, on one line. A field the record lacks stays absent, not
 * null: the statistics read an absent field as "recorded before it existed" (timeToFirstAnswerTokenMs
 * then falls back to ttftMs), and a bundle must summarise exactly as the run it came from.
 */
function recordJson(record: RequestRecord): string {
  const ordered: Record<string, unknown> = {};
  for (const field of RECORD_FIELDS) if (record[field] !== undefined) ordered[field] = record[field];
  return oneLine(ordered);
}

export interface BundleWriter {
  /** The first line, without its line break (each record piece starts with one). */
  head(run: BundleRun): string;
  record(record: RequestRecord): string;
  /** The last line; recordCount is counted here, whatever the caller passes. */
  tail(tail: Omit<BundleTail, "recordCount">): string;
}

/** One writer per bundle: it counts the records it wrote and separates them with commas. */
export function createBundleWriter(): BundleWriter {
  let recordCount = 0;
  return {
    head(run) {
      const head = oneLine({ format: BUNDLE_FORMAT, formatVersion: BUNDLE_FORMAT_VERSION, run });
      return `${head.slice(0, -1)},"records":[`;
    },
    record(record) {
      const separator = recordCount === 0 ? "\n" : ",\n";
      recordCount++;
      return `${separator}${recordJson(record)}`;
    },
    tail(tail) {
      return `\n],"tail":${oneLine({ ...tail, recordCount })}}\n`;
    },
  };
}

/** Every piece of a bundle whose records are at hand (tests, small runs). */
export function* bundlePieces(run: BundleRun, records: Iterable<RequestRecord>, tail: Omit<BundleTail, "recordCount">): Generator<string> {
  const writer = createBundleWriter();
  yield writer.head(run);
  for (const record of records) yield writer.record(record);
  yield writer.tail(tail);
}
