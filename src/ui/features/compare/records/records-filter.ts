// Which records the records table shows, picked from the run's columns (core/record/record-columns.ts) so a
// filter over a million records reads typed arrays, not objects.
import type { ErrorKind, RecordStatus } from "../../../../core/record";
import { errorKindCode, RECORD_FLAG, targetPlace, type RecordColumns } from "../../../../core/record/record-columns";

/** An output's checks: all passed, one failed, or not checked (no check for its input, or no output). */
export type ChecksOutcome = "passed" | "failed" | "unchecked";

/** `null` in a field means "any". */
export interface RecordsFilter {
  targetId: string | null;
  status: RecordStatus | null;
  errorKind: ErrorKind | null;
  checks: ChecksOutcome | null;
}

export const NO_FILTER: RecordsFilter = { targetId: null, status: null, errorKind: null, checks: null };

function checksOutcomeOf(flags: number): ChecksOutcome {
  if ((flags & RECORD_FLAG.checksPassed) !== 0) return "passed";
  if ((flags & RECORD_FLAG.checksFailed) !== 0) return "failed";
  return "unchecked";
}

/** Run positions of the records the filter keeps, in order; null when it keeps every record. */
export function filterPositions(columns: RecordColumns, filter: RecordsFilter): Uint32Array | null {
  const { targetId, status, errorKind, checks } = filter;
  if (targetId === null && status === null && errorKind === null && checks === null) return null;
  const place = targetId === null ? -1 : targetPlace(columns, targetId);
  if (targetId !== null && place < 0) return new Uint32Array(0);
  const kindCode = errorKind === null ? -1 : errorKindCode(errorKind);
  const kept = new Uint32Array(columns.length);
  let count = 0;
  for (let i = 0; i < columns.length; i++) {
    const flags = columns.flags[i]!;
    if (place >= 0 && columns.targetIndex[i] !== place) continue;
    if (status !== null && ((flags & RECORD_FLAG.ok) !== 0) !== (status === "ok")) continue;
    if (kindCode >= 0 && columns.errorKind[i] !== kindCode) continue;
    if (checks !== null && checksOutcomeOf(flags) !== checks) continue;
    kept[count++] = i;
  }
  return kept.slice(0, count);
}
