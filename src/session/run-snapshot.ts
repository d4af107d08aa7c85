// What subscribers see of the one run in progress (or the last one), and what starting a run takes.
import type { RunPrice } from "../core/io/bundle/format";
import type { RequestRecord } from "../core/record/record";
import type { RunProgress } from "../core/run/run-progress";
import type { Scenario } from "../core/scenario/types";
import type { SummaryRow } from "../core/stats/summary";
import type { RunPreflight, RunStatus } from "../store/db";

/**
 * How many of a run's latest records the snapshot holds. The Run page's live views draw none today (its
 * progress counts and live summary come from `progress` and `summary`): the window is for a view of the
 * latest requests and for subscribers that watch records arrive, and 200 is a screenful or two of such a
 * table. The bound is the point: the snapshot is rebuilt about four times a second, and a copy of every
 * record so far made a 100,000-request run hold every record twice over and copy the whole array each time.
 */
export const RECENT_RECORDS_WINDOW = 200;

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
  /**
   * The current run's most recent records, oldest first, at most RECENT_RECORDS_WINDOW of them (a new
   * array at each publication). Not every record: those are in IndexedDB (store/record-store.ts), and
   * `summary` and `progress` count all of them.
   */
  recentRecords: RequestRecord[];
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
  /** The prices' source and read time, stored on the run row (Compare all: the router's list). */
  prices?: RunPrice[] | undefined;
  /** What Compare all's preflight dropped and kept, stored on the run row so the Compare page can say it. */
  preflight?: RunPreflight | undefined;
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
  recentRecords: [],
  summary: [],
  status: null,
  problem: null,
  tokenRejected: false,
};
