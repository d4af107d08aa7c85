// What subscribers see of the one run in progress (or the last one), and what starting a run takes.
import type { RequestRecord } from "../core/record/record";
import type { RunProgress } from "../core/run/runner";
import type { Scenario } from "../core/scenario/types";
import type { SummaryRow } from "../core/stats/summary";
import type { RunStatus } from "../store/db";

export type RunPhase = "idle" | "checking" | "running" | "finished";

/** Why a run could not start or did not finish; request errors are records, not problems. */
export interface RunProblem {
  kind: "token-missing" | "key-missing" | "sandbox-down" | "already-running" | "failed" | "storage";
  message: string;
}

export interface RunSnapshot {
  phase: RunPhase;
  runId: string | null;
  scenario: Scenario | null;
  scenarioId: string | null;
  replayOfRunId: string | null;
  /** The sandbox URL the run used, for messages. */
  sandboxUrl: string | null;
  /** Wall clock when the run started, epoch ms. */
  startedAt: number | null;
  progress: RunProgress | null;
  /** Every record of the current run so far; a new array each time it grows. */
  records: RequestRecord[];
  /**
   * The run's summary so far, one row per target in the scenario's order, from the one accumulator fed
   * as records arrive (the same rows are stored with the run when it ends).
   */
  summary: SummaryRow[];
  /** The run row's status: running, then completed, aborted or failed. */
  status: RunStatus | null;
  problem: RunProblem | null;
  /** A Hugging Face provider answered 401 or 403: the token is wrong or lacks the permission. */
  tokenRejected: boolean;
}

export interface StartRequest {
  scenario: Scenario;
  /** The saved or bundled scenario it came from. */
  scenarioId: string | null;
  /** Set when this run replays an earlier one (same spec), to compare the two afterwards. */
  replayOfRunId?: string | null;
  /**
   * Resumes this interrupted or aborted run (its stored spec is `scenario`): only its missing requests
   * are sent, their records join its own, and its status and summary are computed again (resume-run.ts).
   */
  resumeRunId?: string;
}

export const IDLE_SNAPSHOT: RunSnapshot = {
  phase: "idle",
  runId: null,
  scenario: null,
  scenarioId: null,
  replayOfRunId: null,
  sandboxUrl: null,
  startedAt: null,
  progress: null,
  records: [],
  summary: [],
  status: null,
  problem: null,
  tokenRejected: false,
};
