// --workers N: the run's requests sent from N worker threads (run-worker.ts), each with its own event
// loop, undici pool and clock, each sending its share of every stage (core/run/run-share.ts, RunShare). Their
// records come back in batches stamped on one shared clock and are merged here in that order — a record
// is handed on once every worker has reported past its time — so the JSONL, the summary and the progress
// line are one run's, as on one thread. The order is the order the workers emitted their records (as one
// thread's file is): a worker that was kept off the processor emits late, and its records come late. What the main thread's files cannot take yet is not acknowledged,
// and the workers hold their requests' places until it is.
import { emitRecord, type EndpointKeys, type RunProgress, type RunResult } from "../../core/run";
import type { RequestRecord } from "../../core/record";
import type { Scenario } from "../../core/scenario";
import type { Stage } from "../../core/load";
import type { TransportName } from "../args";
import { combinedProgress, combinedResult } from "./combined-progress";
import type { FromWorker, ToWorker } from "./messages";
import { RecordMerge } from "./record-merge";
import { spawnWorkers, type WorkerState } from "./spawn-workers";

export interface WorkerRunOptions {
  workers: number;
  runId: string;
  scenario: Scenario;
  accessToken?: string | undefined;
  endpointKeys?: EndpointKeys | undefined;
  sandboxUrl: string;
  transport: { transport: TransportName; http2: boolean };
  signal: AbortSignal;
  onRecord(record: RequestRecord): unknown;
  onProgress?(progress: RunProgress): void;
  onStage?(stage: Stage): void;
}

export function runInWorkers(options: WorkerRunOptions): Promise<RunResult> {
  const states = spawnWorkers(options.workers, options);
  return new Promise<RunResult>((resolve, reject) => {
    const run = new MergedRun(options, states, resolve, reject);
    for (const [index, state] of states.entries()) run.listen(index, state);
  });
}

/** The run across its workers: their records merged and handed on, their ends awaited; settled once. */
class MergedRun {
  private settled = false;
  /** A record write the files have not finished (a file behind): acknowledgements wait for it. */
  private behind: Promise<unknown> | null = null;
  private readonly merge: RecordMerge<RequestRecord>;

  constructor(
    private readonly options: WorkerRunOptions,
    private readonly states: readonly WorkerState[],
    private readonly resolve: (result: RunResult) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.merge = new RecordMerge<RequestRecord>(states.length);
    options.signal.addEventListener("abort", this.abortAll, { once: true });
  }

  listen(index: number, state: WorkerState): void {
    state.worker.on("message", (message: FromWorker) => {
      if (!this.settled) this.onMessage(index, state, message);
    });
    state.worker.once("error", this.fail);
    state.worker.once("exit", (code) => {
      if (!this.settled && state.result === null) this.fail(new Error(`a run worker exited (code ${code}) before its share was done`));
    });
  }

  private onMessage(index: number, state: WorkerState, message: FromWorker): void {
    switch (message.kind) {
      case "records": {
        this.merge.add(index, message.records, message.times, message.watermark);
        if (message.progress !== null) state.progress = message.progress;
        this.merge.release(this.deliver);
        this.reportProgress();
        this.afterBacklog(() => tell(state, { kind: "ack" }));
        return;
      }
      case "stage":
        this.options.onStage?.(message.stage);
        return;
      case "done":
        state.result = message.result;
        state.progress = message.result.progress;
        this.merge.add(index, [], [], Infinity);
        this.merge.release(this.deliver);
        this.finishWhenAllDone();
        return;
      case "failed":
        this.fail(new Error(`a run worker failed: ${message.message}`));
        return;
    }
  }

  private readonly deliver = (record: RequestRecord): void => {
    let returned: unknown;
    try {
      returned = this.options.onRecord(record);
    } catch {
      // As the runner does on one thread: a record the files cannot take becomes an error record.
      returned = emitRecord(this.options.onRecord, record);
    }
    if (returned instanceof Promise) {
      const wait: Promise<unknown> = returned.catch((error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
      this.behind = wait;
      void wait.then(() => {
        if (this.behind === wait) this.behind = null;
      });
    }
  };

  /** Now, or once the files have taken the record they are behind on. */
  private afterBacklog(then: () => void): void {
    if (this.behind === null) then();
    else void this.behind.then(then);
  }

  private reportProgress(): void {
    if (!this.options.onProgress) return;
    const known = this.states.flatMap((state) => (state.progress === null ? [] : [state.progress]));
    if (known.length === 0) return;
    this.options.onProgress(combinedProgress(known));
  }

  private finishWhenAllDone(): void {
    if (this.states.some((state) => state.result === null)) return;
    const combined = combinedResult(this.options.runId, this.states.map((state) => state.result!));
    this.afterBacklog(() => this.finish(() => this.resolve(combined)));
  }

  private readonly abortAll = (): void => {
    for (const state of this.states) tell(state, { kind: "abort" });
  };

  private readonly fail = (error: Error): void => {
    this.abortAll();
    this.finish(() => this.reject(error));
  };

  private finish(outcome: () => void): void {
    if (this.settled) return;
    this.settled = true;
    this.options.signal.removeEventListener("abort", this.abortAll);
    for (const state of this.states) void state.worker.terminate();
    outcome();
  }
}

function tell(state: WorkerState, message: ToWorker): void {
  state.worker.postMessage(message);
}
