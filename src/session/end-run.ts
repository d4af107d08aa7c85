// A run's end: the live run closed, its row finished with the status and the summary, and the one problem
// the person sees: the run's failure first, then records that were not saved, then a row not finished.
import { describeError } from "../core/text/describe-error";
import type { ProviderBenchDb } from "../store/db";
import type { BrowserClientWatch } from "./browser-client";
import type { RunOutcome } from "./drive-run";
import type { LiveRun } from "./live-run";
import type { PreparedRun } from "./prepare-run";
import { finishRunRow } from "./run-row";
import type { RunProblem, RunSnapshot } from "./run-snapshot";

export async function endRun(db: ProviderBenchDb, prepared: PreparedRun, live: LiveRun, outcome: RunOutcome, clientWatch?: BrowserClientWatch): Promise<RunSnapshot> {
  const { status, failure } = outcome;
  const final = await live.close(outcome.progress);
  // Judged on the summary the run ends with; kept even when the summary is not (some records unsaved).
  const validity = clientWatch?.certificate(final.summary);
  let endProblem: RunProblem | null = null;
  try {
    await finishRunRow(db, prepared.runId, {
      status,
      finishedAt: prepared.clock.epochMs(),
      summary: { statsVersion: prepared.machinery.STATS_VERSION, rows: final.summary },
      everyRecordStored: live.everyRecordStored(),
      errorMessage: failure,
      ...(validity === undefined ? {} : { validity }),
    });
  } catch (error) {
    endProblem = { kind: "storage", message: `Could not save the run's end: ${describeError(error)}` };
  }
  const problem: RunProblem | null = failure !== null ? { kind: "failed", message: failure } : (final.problem ?? endProblem);
  return { ...final, phase: "finished", status, problem };
}
