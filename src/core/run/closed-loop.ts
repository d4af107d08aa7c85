// A closed loop: at most `perTarget` requests of a target and `total` of the run in flight, the plan fed
// through a bounded window; a duration-bound stage sends no new request once its time is up.
import pLimit, { type LimitFunction } from "p-limit";
import type { Stage } from "../load";
import type { PreparedRun } from "./prepare-run";
import { createWindow } from "./request-window";
import { inShare, shareOfLimit } from "./run-share";
import type { SendRequest, SlotRunner } from "./send-request";
import type { PlannedRequest } from "./types";

/** Sends a closed stage's feeds (each one plan, fed in order) until they end, the run is aborted, or `deadline` (monotonic) passes. */
export async function runClosedStage(run: PreparedRun, send: SendRequest, stage: Stage, feeds: Iterable<PlannedRequest>[], deadline: number | null): Promise<void> {
  if (stage.load.mode !== "closed") throw new Error("runClosedStage: not a closed stage");
  const { clock, runSignal, share } = run;
  const inputCount = run.inputs.length;
  const total = shareOfLimit(stage.load.total, share);
  const perTarget = shareOfLimit(stage.load.perTarget, share);
  const globalLimit = pLimit(total);
  const targetLimits = new Map<string, LimitFunction>(stage.targetIds.map((id) => [id, pLimit(perTarget)]));
  const pastDeadline = (): boolean => deadline !== null && clock.now() >= deadline;
  // A duration-bound stage sends no new request after its time is up; requests in flight finish.
  const slotWork = <T,>(attempt: number, work: () => Promise<T | null>): Promise<T | null> => (attempt === 1 && pastDeadline() ? Promise.resolve(null) : work());
  // One target whose own bound is no tighter than the run's: the run's limit alone is the same bound, and
  // a second queue would cost every request another promise and closure for nothing.
  const runInSlot: SlotRunner =
    stage.targetIds.length === 1 && perTarget >= total
      ? (_planned, attempt, work) => globalLimit(() => slotWork(attempt, work))
      : (planned, attempt, work) => targetLimits.get(planned.targetId)!(() => globalLimit(() => slotWork(attempt, work)));
  // Feed each plan lazily through a bounded window: a million-request run never holds a million promises.
  const windowSize = Math.min(4096, feeds.length === 1 ? total + stage.targetIds.length * perTarget : 2 * perTarget);
  const feed = async (plan: Iterable<PlannedRequest>): Promise<void> => {
    const window = createWindow(windowSize);
    for (const planned of plan) {
      if (runSignal.aborted || pastDeadline()) break;
      if (!inShare(planned, inputCount, share)) continue;
      await window.enter();
      send(planned, stage.index, runInSlot, null).then(window.leave, (error: unknown) => window.fail(error));
    }
    await window.drained();
  };
  await Promise.all(feeds.map(feed));
}
