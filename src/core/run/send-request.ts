// One planned request from its first attempt to its last: each attempt measured in a slot of the stage's
// loop (attempt.ts), a failure retried after its backoff outside the slot (retry.ts), every attempt's
// record emitted, and the request counted done once it has its outcome.
import { withRecordedPhases } from "./attempt";
import { attemptMeasure, toolLoopOf } from "./tool-loop";
import { isRetryable, planRetry } from "./retry";
import type { PreparedRun } from "./prepare-run";
import type { ProgressTracker } from "./run-progress";
import type { RunRecords } from "./run-records";
import type { PlannedRequest } from "./types";
import type { ExpandedInput } from "../scenario";
import type { RequestRecord } from "../record";

/** Runs one attempt's work in a slot of the stage's loop; null when the slot never came (aborted, or a closed stage's time was up). */
export type SlotRunner = <T>(planned: PlannedRequest, attempt: number, work: () => Promise<T | null>) => Promise<T | null>;

/**
 * Sends one planned request: its attempts, each run in a slot (`runInSlot`), backoff outside it. `arrivalAt`
 * is an open-loop arrival's scheduled time; a closed loop's request is due when it gets its slot. `input`,
 * when given, is sent in place of the planned input (a session's turn with the conversation before it).
 * Resolves to the request's last record, or null when it was never sent.
 */
export type SendRequest = (planned: PlannedRequest, stage: number, runInSlot: SlotRunner, arrivalAt: number | null, input?: ExpandedInput) => Promise<RequestRecord | null>;

export function createRequestSender(run: PreparedRun, tracker: ProgressTracker, records: RunRecords): SendRequest {
  const { calls, stageCalls, inputs, clock, runSignal, sleep, random, attemptContextFor, wireEventsSource } = run;
  const retry = run.scenario.run.retry;
  const { progress, report } = tracker;
  // One attempt, or a whole tool loop when the scenario gives tool results: chosen here, once per run.
  const measureAttempt = attemptMeasure(toolLoopOf(run.scenario));
  return async (planned, stage, runInSlot, arrivalAt, sentInput) => {
    const call = (stageCalls?.get(stage) ?? calls).get(planned.targetId)!;
    const input = sentInput ?? inputs[planned.inputIndex]!;
    let dueAt = arrivalAt;
    for (let attempt = 1; ; attempt++) {
      const measured = runSignal.aborted
        ? null
        : await runInSlot(planned, attempt, async () => {
            if (runSignal.aborted) return null;
            const slotAt = clock.now();
            progress.inFlight++;
            report();
            try {
              return { result: await measureAttempt(call, input, attemptContextFor(planned, stage, attempt)), dueAt: dueAt ?? slotAt };
            } finally {
              progress.inFlight--;
            }
          });
      if (measured === null) {
        // An open-loop arrival is a request from the moment it is due: one that never went out is recorded.
        if (arrivalAt !== null && attempt === 1 && runSignal.aborted) {
          const unsent = records.unsent(planned, stage, arrivalAt, "aborted", "aborted by the user while waiting to be sent");
          await records.emit(unsent);
          progress.done++;
          report();
          return unsent;
        }
        return null;
      }
      const result = await withRecordedPhases(measured.result, wireEventsSource);
      const record = records.measured(planned, attempt, result, stage, measured.dueAt);
      const wouldRetry = record.status === "error" && attempt < retry.maxAttempts && isRetryable(record, retry) && !runSignal.aborted;
      const plan = wouldRetry ? planRetry(retry, attempt, result.retryAfterMs, random) : null;
      if (plan && !plan.retry) {
        record.errorKind = "rate_limited";
        record.errorMessage = `${plan.refusal}; ${record.errorMessage ?? ""}`;
      }
      await records.emit(record);
      if (plan?.retry !== true) {
        progress.done++;
        report();
        return record;
      }
      report();
      await sleep(plan.delayMs, runSignal);
      // A retry is due when its backoff ends.
      dueAt = clock.now();
    }
  };
}
