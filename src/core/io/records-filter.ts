// A run's records read back from a file (a bundle, a records file, another tool's export), so that each
// planned request counts once, by its last attempt, whatever the file repeats or lacks. The counting in
// request-outcomes.ts rests on the runner's order (attempt n + 1 of a request comes after its failed
// attempt n); a file can break it, and every count built on it must still be right and never negative.
//
// A record is one (target, input, repetition, warm-up or not, load stage, attempt) of the file's one run
// (readers refuse a second run id); the stage, since each stage of a sweep (or each result of vLLM's
// --append-result, each benchmark of GuideLLM's report) numbers its requests from 0. The rules, in order:
// - A resume appends: an aborted record followed by a later record of the same request (the resume sent
//   it again) is superseded and counts no more (resume-plan.ts's supersededAbort, for a file read back).
// - A record repeating an attempt of its request read before (a line copied twice, a file concatenated
//   to itself) is dropped.
// - A retry (attempt > 1) read without its failed attempt before it is kept as its request's first
//   attempt when nothing of the request came before (the earlier attempt was lost); after an attempt that
//   succeeded, or one that was not the attempt before it but did not fail, it is dropped (the request has
//   its outcome already). Both are reported.
import { requestKey } from "../run";
import type { RequestRecord } from "../record";

/** What the filter kept, and what it left out or renumbered, for the reader to say. */
export interface RecordsFileReport {
  /** Records handed on. */
  records: number;
  /** Of them, first attempts: the requests the file holds, warm-ups included. */
  requests: number;
  /** Records repeating an attempt already read: dropped. */
  duplicates: number;
  /** Retries read without the failed attempt before them: kept as a first attempt, or dropped after a success. */
  orphanRetries: number;
  /** The last line, when it was cut off mid-write (no line break, not a whole record) and left out. */
  tornLastLine: number | null;
}

/** A request's state: its last attempt read (as counted), and whether that attempt failed (a retry may follow). */
interface RequestState {
  lastAttempt: number;
  lastFailed: boolean;
}

const NOTHING_READ: RequestState = { lastAttempt: 0, lastFailed: false };

/**
 * One per file. Holds one small entry per request (a million requests: tens of MB, as the summary's own
 * values take), and the aborted records until a later record of their request comes or the file ends.
 */
export class RecordsFileFilter {
  private readonly states = new Map<string, RequestState>();
  private readonly heldAborts = new Map<string, { record: RequestRecord; stateBefore: RequestState }>();
  private readonly counts: RecordsFileReport = { records: 0, requests: 0, duplicates: 0, orphanRetries: 0, tornLastLine: null };

  constructor(private readonly emit: (record: RequestRecord) => void | Promise<void>) {}

  add(record: RequestRecord): void | Promise<void> {
    const key = `${requestKey(record)}\u0000${record.stage ?? ""}`;
    const held = this.heldAborts.get(key);
    if (held !== undefined) {
      this.heldAborts.delete(key);
      this.states.set(key, held.stateBefore);
    }
    const state = this.states.get(key) ?? NOTHING_READ;
    const counted = this.countedAs(record, state);
    if (counted === null) return;
    this.states.set(key, { lastAttempt: record.attempt, lastFailed: counted.status === "error" && counted.errorKind !== "aborted" && counted.errorKind !== "dropped" });
    if (counted.errorKind === "aborted") {
      this.heldAborts.set(key, { record: counted, stateBefore: state });
      return;
    }
    return this.handOn(counted);
  }

  /** At the end of the file: the aborted records no later record superseded are the run's. Safe to call twice. */
  async finish(): Promise<void> {
    const held = [...this.heldAborts.values()];
    this.heldAborts.clear();
    for (const { record } of held) await this.handOn(record);
  }

  /** The file's last line was torn (read by the reader, which knows lines): left out, and reported. */
  leftOutTornLastLine(lineNumber: number): void {
    this.counts.tornLastLine = lineNumber;
  }

  report(): RecordsFileReport {
    return { ...this.counts };
  }

  private handOn(record: RequestRecord): void | Promise<void> {
    this.counts.records++;
    if (record.attempt === 1) this.counts.requests++;
    return this.emit(record);
  }

  /** The record as it counts (a lost first attempt's retry renumbered 1), or null when it is dropped. */
  private countedAs(record: RequestRecord, state: RequestState): RequestRecord | null {
    if (record.attempt <= state.lastAttempt) {
      this.counts.duplicates++;
      return null;
    }
    if (record.attempt === 1 || (record.attempt === state.lastAttempt + 1 && state.lastFailed)) return record;
    this.counts.orphanRetries++;
    if (state.lastAttempt === 0) return { ...record, attempt: 1 };
    // Attempts lost between two failures: still the next retry of a request that failed.
    return state.lastFailed ? record : null;
  }
}

/** The report in sentences, one per kind found: what analyze prints and the browser's import shows. */
export function describeRecordsReport(report: RecordsFileReport): string[] {
  const notes: string[] = [];
  if (report.duplicates > 0) {
    notes.push(`${plural(report.duplicates, "record repeats", "records repeat")} an attempt (target, input, repetition, attempt) read before: dropped, each attempt counted once.`);
  }
  if (report.orphanRetries > 0) {
    const [them, its] = report.orphanRetries === 1 ? ["it", "its request's"] : ["them", "their requests'"];
    notes.push(`${plural(report.orphanRetries, "retry was", "retries were")} read without the failed attempt before ${them}: counted as ${its} first attempt, or dropped after the request had succeeded.`);
  }
  if (report.tornLastLine !== null) {
    notes.push(`line ${report.tornLastLine}, the last, is cut short (no line break at its end and not a whole record: its writer stopped mid-line, e.g. on a full disk): left out.`);
  }
  return notes;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
