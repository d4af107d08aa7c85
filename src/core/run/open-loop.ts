// An open loop: arrivals go out at their scheduled times whatever the provider does, each target with its
// in-flight cap and queue (admission.ts); an arrival the queue cannot take is recorded as dropped.
import { createAdmission, pace, type Arrival, type Stage } from "../load";
import type { PreparedRun } from "./prepare-run";
import { arrivalsInShare, shareOfLimit } from "./run-share";
import type { ProgressTracker } from "./run-progress";
import type { RunRecords } from "./run-records";
import type { SendRequest, SlotRunner } from "./send-request";
import type { PlannedRequest } from "./types";
import { trackWork } from "./tracked-work";

export interface OpenLoopParts {
  run: PreparedRun;
  send: SendRequest;
  tracker: ProgressTracker;
  records: RunRecords;
}

/** Paces an open stage's arrivals until they end or the run is aborted, then waits for every request sent. */
export async function runOpenStage({ run, send, tracker, records }: OpenLoopParts, stage: Stage, arrivals: Iterable<Arrival<PlannedRequest>>): Promise<void> {
  const { runSignal, share } = run;
  const load = run.scenario.run.load;
  const settings = load?.mode === "open" ? load : null;
  const maxInFlight = shareOfLimit(settings?.maxInFlight ?? Infinity, share);
  const maxQueue = shareOfLimit(settings?.maxQueue ?? Infinity, share);
  const admissions = new Map(stage.targetIds.map((id) => [id, createAdmission(maxInFlight, maxQueue)]));
  const stopPacing = new AbortController();
  const cancelQueues = (): void => {
    stopPacing.abort();
    for (const admission of admissions.values()) admission.cancelAll();
  };
  runSignal.addEventListener("abort", cancelQueues, { once: true });
  // A sink that fails ends the run, as in the closed loop.
  const { track, settle } = trackWork(cancelQueues);
  const sendArrival = ({ atMs, item: planned }: Arrival<PlannedRequest>): void => {
    const admission = admissions.get(planned.targetId)!;
    const admitted = admission.admit();
    if (admitted.kind === "dropped") {
      const message = `not sent: ${admitted.inFlight} requests of this target in flight (maxInFlight) and ${admitted.queued} waiting (maxQueue)`;
      track(
        records.emit(records.unsent(planned, stage.index, atMs, "dropped", message)).then(() => {
          tracker.progress.done++;
          tracker.report();
        }),
      );
      return;
    }
    const runInSlot: SlotRunner = async (_planned, attempt, work) => {
      // The first attempt goes at once when it got a slot on arrival: no await between the pacer and fetch.
      const granted = attempt === 1 ? (admitted.kind === "now" ? true : await admitted.turn) : await admission.readmit();
      if (!granted) return null;
      try {
        return await work();
      } finally {
        admission.release();
      }
    };
    track(send(planned, stage.index, runInSlot, atMs));
  };
  try {
    await pace(share === undefined ? arrivals : arrivalsInShare(arrivals, run.inputs.length, share), run.pacerClock, stopPacing.signal, sendArrival);
    await settle();
  } finally {
    runSignal.removeEventListener("abort", cancelQueues);
  }
}
