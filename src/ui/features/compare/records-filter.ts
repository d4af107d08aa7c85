// Which records the records table shows.
import type { ErrorKind, RecordStatus, RequestRecord } from "../../../core/record";

/** An output's checks: all passed, one failed, or not checked (no check for its input, or no output). */
export type ChecksOutcome = "passed" | "failed" | "unchecked";

export function checksOutcome(record: RequestRecord): ChecksOutcome {
  // A record stored before checks existed has no field at all: not checked.
  return record.checksPassed === true ? "passed" : record.checksPassed === false ? "failed" : "unchecked";
}

/** `null` in a field means "any". */
export interface RecordsFilter {
  targetId: string | null;
  status: RecordStatus | null;
  errorKind: ErrorKind | null;
  checks: ChecksOutcome | null;
}

export const NO_FILTER: RecordsFilter = { targetId: null, status: null, errorKind: null, checks: null };

export function filterRecords(records: RequestRecord[], filter: RecordsFilter): RequestRecord[] {
  const { targetId, status, errorKind, checks } = filter;
  if (targetId === null && status === null && errorKind === null && checks === null) return records;
  return records.filter(
    (record) =>
      (targetId === null || record.targetId === targetId) &&
      (status === null || record.status === status) &&
      (errorKind === null || record.errorKind === errorKind) &&
      (checks === null || checksOutcome(record) === checks),
  );
}
