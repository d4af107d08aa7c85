// Groups records by input and target for the side-by-side outputs view.
import type { RequestRecord } from "../../../../core/record";

/** Measured attempts of one input, per target, in repetition then attempt order. */
export type AttemptsByTarget = Map<string, RequestRecord[]>;

export function attemptsByInput(records: readonly RequestRecord[]): Map<number, AttemptsByTarget> {
  const byInput = new Map<number, AttemptsByTarget>();
  for (const record of records) {
    if (record.warmup) continue;
    let byTarget = byInput.get(record.inputIndex);
    if (byTarget === undefined) {
      byTarget = new Map();
      byInput.set(record.inputIndex, byTarget);
    }
    const attempts = byTarget.get(record.targetId);
    if (attempts === undefined) byTarget.set(record.targetId, [record]);
    else attempts.push(record);
  }
  for (const byTarget of byInput.values()) {
    for (const attempts of byTarget.values()) {
      attempts.sort((a, b) => a.repetition - b.repetition || a.attempt - b.attempt);
    }
  }
  return byInput;
}

/** An output that failed one of its input's checks (a failed request has no verdict, so is not one). */
export function failedItsChecks(record: RequestRecord): boolean {
  return record.checksPassed === false;
}

/** Per input, how many measured outputs failed their checks; inputs without any are left out. */
export function failedCheckCounts(byInput: ReadonlyMap<number, AttemptsByTarget>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const [inputIndex, byTarget] of byInput) {
    let failed = 0;
    for (const attempts of byTarget.values()) failed += attempts.filter(failedItsChecks).length;
    if (failed > 0) counts.set(inputIndex, failed);
  }
  return counts;
}

/** The attempt to show by default: the first success, else the first failure, so an error is not hidden. */
export function representativeAttempt(attempts: readonly RequestRecord[]): RequestRecord | undefined {
  return attempts.find((record) => record.status === "ok") ?? attempts[0];
}
