// A run's progress: its counts as the run goes (done, attempts, outcomes, in flight), and the copies of
// them each report hands out, so a listener never holds the object the runner keeps changing.
import type { Clock } from "../measure";
import { emptyRequestOutcomes, type RequestOutcomes } from "../stats";
import type { PlannedCounts } from "./request-plan";

export interface RunProgress {
  /** Requests the plan holds (retries not included). */
  planned: number;
  /**
   * `planned` is an estimate: a stage bound by a duration sends what fits in its time (an open loop's
   * arrivals are random), so the total is known only once the run ends. Progress shows it as such.
   */
  plannedIsEstimate: boolean;
  /** Planned requests finished, whatever their outcome (after their last attempt). */
  done: number;
  /** Attempts recorded, retries and warm-ups included. */
  attempts: number;
  /** The measured requests' outcomes, counted exactly as the summary counts them (warm-ups excluded). */
  outcomes: RequestOutcomes;
  inFlight: number;
  warmupPlanned: number;
  elapsedMs: number;
}

/** Where a run's progress starts: nothing done, nothing in flight. */
export function emptyProgress(counts: PlannedCounts): RunProgress {
  return {
    planned: counts.measured + counts.warmup,
    plannedIsEstimate: counts.estimated === true,
    done: 0,
    attempts: 0,
    outcomes: emptyRequestOutcomes(),
    inFlight: 0,
    warmupPlanned: counts.warmup,
    elapsedMs: 0,
  };
}

function copyProgress(progress: RunProgress): RunProgress {
  return { ...progress, outcomes: { ...progress.outcomes } };
}

/** The run's progress as the stages change it, and its reports to the listener. */
export interface ProgressTracker {
  /** Changed in place by whoever sends, records or finishes a request. */
  readonly progress: RunProgress;
  /** Hands the listener a copy of the progress as it is now. */
  report(): void;
  /** The last report, once every stage has run its course (or the run was aborted): the run's final progress. */
  finish(aborted: boolean): RunProgress;
}

/** Whoever follows the run's progress (the run's options). */
export interface ProgressListener {
  onProgress?(progress: RunProgress): void;
}

export function trackProgress(counts: PlannedCounts, clock: Clock, startedAtMono: number, listener: ProgressListener): ProgressTracker {
  const progress = emptyProgress(counts);
  const report = (): void => {
    progress.elapsedMs = clock.now() - startedAtMono;
    // Duration-bound stages send what fits in the time: the plan is an estimate, never below what is done.
    progress.planned = Math.max(progress.planned, progress.done);
    listener.onProgress?.(copyProgress(progress));
  };
  const finish = (aborted: boolean): RunProgress => {
    // Once every stage has run its course, what it sent is the plan it held.
    if (progress.plannedIsEstimate && !aborted) {
      progress.planned = progress.done;
      progress.plannedIsEstimate = false;
    }
    report();
    return copyProgress(progress);
  };
  return { progress, report, finish };
}
