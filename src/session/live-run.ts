// A run while it goes, as subscribers see it: its records wired to the database and the summary, its
// progress, and its snapshot published a few times a second. Buffered records are written when the page
// hides and when the run is aborted, and the rest when it ends.
import type { RequestRecord } from "../core/record/record";
import type { RunProgress } from "../core/run/run-progress";
import type { Scenario } from "../core/scenario/types";
import { flushWhenPageHides } from "./page-lifecycle";
import type { PreparedRun } from "./prepare-run";
import { throttlePublishing } from "./publisher";
import { wireRecords } from "./record-wiring";
import type { RunControllerDeps } from "./run-controller-deps";
import type { RunSnapshot } from "./run-snapshot";

export interface LiveRun {
  onRecord(record: RequestRecord): void;
  onProgress(progress: RunProgress): void;
  /**
   * Stops listening to the page, takes the runner's last progress (none when it threw), writes the records
   * left and drops a scheduled publication: resolves with the snapshot the run ends on.
   */
  close(finalProgress: RunProgress | null): Promise<RunSnapshot>;
  /** False when some records did not reach the database. */
  everyRecordStored(): boolean;
}

export interface LiveRunOptions {
  scenario: Scenario;
  prepared: PreparedRun;
  /** The snapshot while it runs, before records and progress. */
  running: RunSnapshot;
  publish(snapshot: RunSnapshot): void;
  publishIntervalMs: number;
  /** The run's abort: what is buffered is written at once. */
  signal: AbortSignal;
}

export function startLiveRun(deps: Pick<RunControllerDeps, "db" | "sinkOptions" | "timers" | "pageEvents">, options: LiveRunOptions): LiveRun {
  const { scenario, prepared, running } = options;
  const { machinery } = prepared;
  const wiring = wireRecords({
    db: deps.db,
    accumulator: new machinery.SummaryAccumulator(machinery.valueSettingsOf(scenario), machinery.summaryOptionsOf(scenario)),
    targetOrder: scenario.targets.map((target) => target.id),
    providerTargetIds: new Set(machinery.targetsNeedingToken(scenario).map((target) => target.id)),
    sinkOptions: deps.sinkOptions,
  });
  for (const record of prepared.resumed?.kept ?? []) wiring.onStoredRecord(record);
  let progress = prepared.progressAtStart;
  const current = (): RunSnapshot => ({
    ...running,
    progress,
    recentRecords: wiring.recentRecords(),
    summary: wiring.summarize(),
    tokenRejected: wiring.tokenRejected(),
    problem: wiring.storageProblem(),
  });
  const publisher = throttlePublishing(() => options.publish(current()), options.publishIntervalMs, deps.timers);

  const stopListening = flushWhenPageHides(deps.pageEvents, wiring.flush);
  options.signal.addEventListener("abort", wiring.flush, { once: true });
  publisher.now();

  return {
    onRecord: (record) => {
      wiring.onRecord(record);
      publisher.schedule();
    },
    onProgress: (next) => {
      progress = next;
      publisher.schedule();
    },
    close: async (finalProgress) => {
      if (finalProgress !== null) progress = finalProgress;
      stopListening();
      await wiring.close();
      publisher.cancel();
      return current();
    },
    everyRecordStored: () => wiring.storageProblem() === null,
  };
}
