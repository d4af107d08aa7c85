// The workers' progress and results as one run's.
import type { RunProgress, RunResult } from "../../core/run";

/** The workers' progress as one run's: counts added up; the plan (every worker knows the whole) taken once. */
export function combinedProgress(parts: readonly RunProgress[]): RunProgress {
  const sum = (value: (progress: RunProgress) => number): number => parts.reduce((total, progress) => total + value(progress), 0);
  const outcomes = { ...parts[0]!.outcomes };
  for (const key of Object.keys(outcomes) as (keyof typeof outcomes)[]) outcomes[key] = sum((progress) => progress.outcomes[key]);
  const done = sum((progress) => progress.done);
  return {
    planned: Math.max(...parts.map((progress) => progress.planned), done),
    // A worker that has finished knows its own total; the run's is known once every worker's is.
    plannedIsEstimate: parts.some((progress) => progress.plannedIsEstimate),
    done,
    attempts: sum((progress) => progress.attempts),
    outcomes,
    inFlight: sum((progress) => progress.inFlight),
    warmupPlanned: Math.max(...parts.map((progress) => progress.warmupPlanned)),
    elapsedMs: Math.max(...parts.map((progress) => progress.elapsedMs)),
  };
}

/** Every worker's result as the run's: aborted if any share was, from the first start to the last end. */
export function combinedResult(runId: string, results: readonly RunResult[]): RunResult {
  return {
    runId,
    status: results.some((result) => result.status === "aborted") ? "aborted" : "completed",
    progress: combinedProgress(results.map((result) => result.progress)),
    startedAt: Math.min(...results.map((result) => result.startedAt)),
    finishedAt: Math.max(...results.map((result) => result.finishedAt)),
  };
}
