// Resuming a stored run: its records read back into the plan of what is missing, the aborted records that
// plan supersedes deleted (their requests are sent again), and the row marked running again.
import type { RequestRecord } from "../core/record/record";
import type { ResumePlan } from "../core/run/resume-plan";
import type { Scenario } from "../core/scenario/types";
import type { ProviderBenchDb } from "../store/db";
import { recordsOfRun, reopenRun } from "../store/queries";
import type * as RunMachinery from "./run-machinery";

export interface ResumedRun {
  plan: ResumePlan;
  /** The run's records that stay: the summary starts from them. */
  kept: RequestRecord[];
}

export async function prepareResume(
  db: ProviderBenchDb,
  machinery: typeof RunMachinery,
  runId: string,
  scenario: Scenario,
  inputCount: number,
): Promise<ResumedRun | { problem: string }> {
  const refusal = machinery.resumeRefusal(scenario);
  if (refusal !== null) return { problem: `This run cannot be resumed: ${refusal}` };
  const records = await recordsOfRun(db, runId);
  const ledger = new machinery.ResumeLedger(scenario, inputCount);
  for (const record of records) {
    const problem = ledger.add(record);
    if (problem !== null) return { problem: `This run's records do not fit its scenario: ${problem}` };
  }
  const plan = ledger.plan() ?? { runId, done: new Set<string>(), remaining: machinery.countPlannedRequests(scenario, inputCount) };
  const kept = records.filter((record) => !machinery.supersededAbort(plan, record));
  await reopenRun(db, runId, (record) => machinery.supersededAbort(plan, record));
  return { plan, kept };
}
