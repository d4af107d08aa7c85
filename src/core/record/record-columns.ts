// A run's records as columns: one typed array per field the charts and the records table's filters read,
// one entry per record in run order. A million records as objects hold most of a gigabyte of heap (text
// output included) and take many seconds to read back from IndexedDB; as columns they are some 36 MB
// that read back as a few memcpy-like structured clones. Columns hold no text: a record's output,
// error message and the like are read from the records themselves, a page at a time.
import { ERROR_KINDS, type ErrorKind, type RequestRecord } from "./record";

/** Bits of `flags`. */
export const RECORD_FLAG = {
  warmup: 1,
  ok: 2,
  tokensEstimated: 4,
  checksPassed: 8,
  checksFailed: 16,
} as const;

/** `errorKind` codes: 0 for none, else 1 + the kind's place in ERROR_KINDS. */
const NO_ERROR_KIND = 0;

export interface RecordColumns {
  length: number;
  /** The targets `targetIndex` points into, in order of first appearance. */
  targetIds: string[];
  targetIndex: Uint16Array;
  flags: Uint8Array;
  errorKind: Uint8Array;
  /** Epoch ms. */
  startedAt: Float64Array;
  latencyMs: Float64Array;
  /** NaN where the record has none (not streamed, or failed before a token). */
  ttftMs: Float64Array;
  /** NaN where the record has none. */
  outputTokens: Float64Array;
}

/** Empty columns with room for `length` records. */
export function allocateColumns(length: number, targetIds: string[] = []): RecordColumns {
  return {
    length,
    targetIds,
    targetIndex: new Uint16Array(length),
    flags: new Uint8Array(length),
    errorKind: new Uint8Array(length),
    startedAt: new Float64Array(length),
    latencyMs: new Float64Array(length),
    ttftMs: new Float64Array(length),
    outputTokens: new Float64Array(length),
  };
}

function flagsOf(record: RequestRecord): number {
  let flags = 0;
  if (record.warmup) flags |= RECORD_FLAG.warmup;
  if (record.status === "ok") flags |= RECORD_FLAG.ok;
  if (record.tokensEstimated) flags |= RECORD_FLAG.tokensEstimated;
  // A record stored before checks existed has no field at all: neither bit, "not checked".
  if (record.checksPassed === true) flags |= RECORD_FLAG.checksPassed;
  if (record.checksPassed === false) flags |= RECORD_FLAG.checksFailed;
  return flags;
}

export function errorKindCode(kind: ErrorKind | null): number {
  return kind === null ? NO_ERROR_KIND : ERROR_KINDS.indexOf(kind) + 1;
}

export function errorKindOfCode(code: number): ErrorKind | null {
  return code === NO_ERROR_KIND ? null : (ERROR_KINDS[code - 1] ?? null);
}

/** The columns of these records, in their order. */
export function recordColumns(records: readonly RequestRecord[]): RecordColumns {
  const columns = allocateColumns(records.length);
  const targetPlace = new Map<string, number>();
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    let place = targetPlace.get(record.targetId);
    if (place === undefined) {
      place = columns.targetIds.length;
      targetPlace.set(record.targetId, place);
      columns.targetIds.push(record.targetId);
    }
    columns.targetIndex[i] = place;
    columns.flags[i] = flagsOf(record);
    columns.errorKind[i] = errorKindCode(record.errorKind);
    columns.startedAt[i] = record.startedAt;
    columns.latencyMs[i] = record.latencyMs;
    columns.ttftMs[i] = record.ttftMs ?? Number.NaN;
    columns.outputTokens[i] = record.outputTokens ?? Number.NaN;
  }
  return columns;
}

/**
 * Several runs of columns (a run's stored rows, in order) as one, target indexes renumbered into one
 * list of targets. Each part is copied once into arrays of the total length.
 */
export function concatColumns(parts: readonly RecordColumns[]): RecordColumns {
  const length = parts.reduce((total, part) => total + part.length, 0);
  const joined = allocateColumns(length);
  const targetPlace = new Map<string, number>();
  let offset = 0;
  for (const part of parts) {
    const renumber = part.targetIds.map((targetId) => {
      let place = targetPlace.get(targetId);
      if (place === undefined) {
        place = joined.targetIds.length;
        targetPlace.set(targetId, place);
        joined.targetIds.push(targetId);
      }
      return place;
    });
    for (let i = 0; i < part.length; i++) joined.targetIndex[offset + i] = renumber[part.targetIndex[i]!]!;
    joined.flags.set(part.flags.subarray(0, part.length), offset);
    joined.errorKind.set(part.errorKind.subarray(0, part.length), offset);
    joined.startedAt.set(part.startedAt.subarray(0, part.length), offset);
    joined.latencyMs.set(part.latencyMs.subarray(0, part.length), offset);
    joined.ttftMs.set(part.ttftMs.subarray(0, part.length), offset);
    joined.outputTokens.set(part.outputTokens.subarray(0, part.length), offset);
    offset += part.length;
  }
  return joined;
}

/** The place of `targetId` in the columns' targets, or -1 when no record has it. */
export function targetPlace(columns: RecordColumns, targetId: string): number {
  return columns.targetIds.indexOf(targetId);
}

/** Epoch ms of the first request (warm-up included): the zero of every "offset" shown; null with no records. */
export function firstStartMs(columns: RecordColumns): number | null {
  let start = Infinity;
  for (let i = 0; i < columns.length; i++) start = Math.min(start, columns.startedAt[i]!);
  return Number.isFinite(start) ? start : null;
}
