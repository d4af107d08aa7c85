// What a run is given (the scenario, the sink of its records, its listeners, and what tests and the
// command line inject) and what it returns.
import type { InputFileReader, Scenario } from "../scenario";
import type { WireEventsSource, Clock } from "../measure";
import type { RequestRecord } from "../record";
import type { PacerClock, Stage } from "../load";
import type { ResumePlan } from "./resume-plan";
import type { TargetCall, TargetCallOptions } from "./targets";
import type { EndpointKeys } from "./auth-headers";
import type { RunProgress } from "./run-progress";
import type { RunShare } from "./run-share";
import type { SyntheticWorkload } from "./synthetic-prompts";
import type { HubTokenizerCache } from "./hub-tokenizer";

export type RunOutcome = "completed" | "aborted";

export interface RunResult {
  runId: string;
  status: RunOutcome;
  progress: RunProgress;
  startedAt: number;
  finishedAt: number;
  /** Synthetic inputs: the tokenizer and corpus that cut the prompts (the scenario names them too). */
  workload?: SyntheticWorkload;
}

export interface RunOptions extends TargetCallOptions {
  runId: string;
  scenario: Scenario;
  /**
   * Receives every attempt's record as soon as it is measured. A promise returned (a sink that is behind)
   * holds the request's place in the window until it settles, so no new request starts meanwhile. Any other
   * value returned is ignored (`unknown`, so a callback like `(record) => records.push(record)` fits).
   */
  onRecord(record: RequestRecord): unknown;
  onProgress?(progress: RunProgress): void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Phases recorded after the fact where `fetch` shows none: the browser's Resource Timing (http-phases.ts). */
  wireEventsSource?: WireEventsSource;
  clock?: Clock;
  /** Backoff wait; injectable so tests need not sleep. Resolves early when the signal aborts. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  random?(): number;
  /** Overrides the call for a target (tests, and the benchmark's raw baseline). */
  createCall?(targetId: string): TargetCall;
  /** The open loop's clock and waits; injectable so tests run on virtual time (systemPacerClock by default). */
  pacerClock?: PacerClock;
  /** Each stage as it begins (a plain run has one). */
  onStage?(stage: Stage): void;
  /** Resuming a run cut short (resume-plan.ts): only the requests it has no outcome for are sent. */
  resume?: ResumePlan;
  /** Keys of endpoint targets, each sent to its own endpoint only (auth-headers.ts). */
  endpointKeys?: EndpointKeys;
  /** One of several runners sharing the run (the command line's worker threads): see RunShare. */
  share?: RunShare;
  /** Reads the inputs' `{ "file": … }` parts (images, audio) once, before the first request (inputs.ts). */
  readInputFile?: InputFileReader;
  /**
   * How a scenario's `{ "model": … }` tokenizer is fetched from the Hub (hub-tokenizer.ts): the fetch
   * (globalThis.fetch when left out: not the run's measured one) and a cache of earlier downloads (the command line's, on disk).
   */
  hubTokenizers?: { fetch?: typeof fetch; cache?: HubTokenizerCache };
}
