// A run's end: the live run closed, its row finished with the status and the summary, and the one problem
// the person sees: the run's failure first, then records that were not saved, then a row not finished.
import { describeError } from "../core/text/describe-error";
import type { ProviderBenchDb } from "../store/db";
import type { RunOutcome } from "./drive-run";
import type { LiveRun } from "./live-run";
import type { PreparedRun } from "./prepare-run";
import { finishRunRow } from "./run-row";
import type { RunProblem, RunSnapshot } from "./run-snapshot";

export async function endRun(db: ProviderBenchDb, prepared: PreparedRun, live: LiveRun, outcome: RunOutcome): Promise<RunSnapshot> {
  const { status, failure } = outcome;
  const final = await live.close(outcome.progress);
  let endProblem: RunProblem | null = null;
  try {
    await finishRunRow(db, prepared.runId, {
      status,
      finishedAt: prepared.clock.epochMs(),
      summary: { statsVersion: prepared.machinery.STATS_VERSION, rows: final.summary },
      everyRecordStored: live.everyRecordStored(),
      errorMessage: failure,
    });
  } catch (error) {
    endProblem = { kind: "storage", message: `Could not save the run's end: ${describeError(error)}` };
  }
  const problem: RunProblem | null = failure !== null ? { kind: "failed", message: failure } : (final.problem ?? endProblem);
  return { ...final, phase: "finished", status, problem };
}
