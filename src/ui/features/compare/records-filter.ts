// Which records the records table shows.
import type { ErrorKind, RecordStatus, RequestRecord } from "../../../core/record";

/** `null` in a field means "any". */
export interface RecordsFilter {
  targetId: string | null;
  status: RecordStatus | null;
  errorKind: ErrorKind | null;
}

export const NO_FILTER: RecordsFilter = { targetId: null, status: null, errorKind: null };

export function filterRecords(records: RequestRecord[], filter: RecordsFilter): RequestRecord[] {
  const { targetId, status, errorKind } = filter;
  if (targetId === null && status === null && errorKind === null) return records;
  return records.filter(
    (record) =>
      (targetId === null || record.targetId === targetId) &&
      (status === null || record.status === status) &&
      (errorKind === null || record.errorKind === errorKind),
  );
}
