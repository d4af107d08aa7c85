// The scheduler: sends the same inputs × repetitions to every target, interleaved, with a global and a
// per-target concurrency limit, warm-up, per-request timeout, bounded retry, and an instant abort.
import pLimit, { type LimitFunction } from "p-limit";
import { measureAttempt, type AttemptContext, type MeasuredAttempt } from "./attempt";
import { compileChecks, judgeOutput, NO_CHECKS, type ChecksVerdict, type CompiledCheck } from "./checks";
import { describeError } from "./describe-error";
import { expandInputs } from "./inputs";
import { systemClock, type Clock } from "./measure";
import type { RequestRecord } from "./record";
import { addRequestOutcome, emptyRequestOutcomes, type RequestOutcomes } from "./request-outcomes";
import { abortableSleep, isRetryable, planRetry } from "./retry";
import { formatScenarioErrors, type Scenario, type ScenarioError } from "./scenario";
import { redactSecrets } from "./secrets";
import { createTargetCall, type TargetCall, type TargetCallOptions } from "./targets";


export interface PlannedRequest {
  targetId: string;
  inputIndex: number;
  repetition: number;
  warmup: boolean;
}

export interface RunProgress {
  /** Requests the plan holds (retries not included). */
  planned: number;
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

function copyProgress(progress: RunProgress): RunProgress {
  return { ...progress, outcomes: { ...progress.outcomes } };
}

export type RunOutcome = "completed" | "aborted";

export interface RunResult {
  runId: string;
  status: RunOutcome;
  progress: RunProgress;
  startedAt: number;
  finishedAt: number;
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
  clock?: Clock;
  /** Backoff wait; injectable so tests need not sleep. Resolves early when the signal aborts. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  random?(): number;
  /** Overrides the call for a target (tests, and the benchmark's raw baseline). */
  createCall?(targetId: string): TargetCall;
}

/** Warm-ups first (they exist to warm connections and caches), then the measured requests. */
export function* planRequests(scenario: Scenario, inputCount: number): Generator<PlannedRequest> {
  const targetIds = scenario.targets.map((target) => target.id);
  for (let warmupIndex = 0; warmupIndex < scenario.run.warmup; warmupIndex++) {
    for (const targetId of targetIds) {
      yield { targetId, inputIndex: warmupIndex % inputCount, repetition: warmupIndex, warmup: true };
    }
  }
  // Round-robin over repetitions × inputs × targets, so drift in time hits every target alike.
  for (let repetition = 0; repetition < scenario.run.repetitions; repetition++) {
    for (let inputIndex = 0; inputIndex < inputCount; inputIndex++) {
      for (const targetId of targetIds) {
        yield { targetId, inputIndex, repetition, warmup: false };
      }
    }
  }
}

export function countPlannedRequests(scenario: Scenario, inputCount: number): { measured: number; warmup: number } {
  const targets = scenario.targets.length;
  return { measured: scenario.run.repetitions * inputCount * targets, warmup: scenario.run.warmup * targets };
}

/** Where a run's progress starts: nothing done, nothing in flight. */
export function emptyProgress(counts: { measured: number; warmup: number }): RunProgress {
  return {
    planned: counts.measured + counts.warmup,
    done: 0,
    attempts: 0,
    outcomes: emptyRequestOutcomes(),
    inFlight: 0,
    warmupPlanned: counts.warmup,
    elapsedMs: 0,
  };
}

/** Why a scenario's inputs cannot be expanded, on one line: the runner's error and the dashboard's message alike. */
export function describeInputErrors(errors: ScenarioError[]): string {
  return `scenario inputs: ${formatScenarioErrors(errors).replaceAll("\n", "; ")}`;
}

export async function runScenario(options: RunOptions): Promise<RunResult> {
  const { scenario, runId } = options;
  const clock = options.clock ?? systemClock;
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const runSignal = options.signal ?? new AbortController().signal;

  const expanded = expandInputs(scenario);
  if (!expanded.ok) throw new Error(describeInputErrors(expanded.errors));
  const inputs = expanded.inputs;
  const compiledChecks = compileChecks(scenario.expectations);
  if (!compiledChecks.ok) throw new Error(`scenario expectations: ${formatScenarioErrors(compiledChecks.errors).replaceAll("\n", "; ")}`);
  const checks = compiledChecks.checks;

  const counts = countPlannedRequests(scenario, inputs.length);
  const startedAt = clock.epochMs();
  const startedAtMono = clock.now();
  const progress = emptyProgress(counts);
  const reportProgress = (): void => {
    progress.elapsedMs = clock.now() - startedAtMono;
    options.onProgress?.(copyProgress(progress));
  };

  const calls = new Map<string, TargetCall>();
  for (const target of scenario.targets) {
    calls.set(target.id, options.createCall?.(target.id) ?? createTargetCall(target, scenario, options));
  }
  const globalLimit = pLimit(scenario.run.concurrency);
  const perTargetConcurrency = scenario.run.perTargetConcurrency ?? scenario.run.concurrency;
  const targetLimits = new Map<string, LimitFunction>(scenario.targets.map((target) => [target.id, pLimit(perTargetConcurrency)]));

  // One listener on the run's signal for all attempts, rather than one per attempt in flight.
  const activeAttempts = new Set<AbortController>();
  const abortActiveAttempts = (): void => {
    for (const attempt of activeAttempts) attempt.abort(runSignal.reason);
  };
  runSignal.addEventListener("abort", abortActiveAttempts, { once: true });

  const secrets = options.accessToken ? [options.accessToken] : [];
  const attemptContext: AttemptContext = {
    activeAttempts,
    baseFetch,
    clock,
    timeoutMs: scenario.run.timeoutMs,
    runSignal,
    maxResponseBytes: scenario.run.maxResponseBytes,
    maxOutputChars: scenario.run.maxOutputChars,
  };

  /** One planned request: its attempts, each taking a target slot then a global slot, backoff outside both. */
  const executeRequest = async (planned: PlannedRequest): Promise<void> => {
    const call = calls.get(planned.targetId)!;
    const input = inputs[planned.inputIndex]!;
    const retry = scenario.run.retry;
    for (let attempt = 1; ; attempt++) {
      if (runSignal.aborted) return;
      const record = await targetLimits.get(planned.targetId)!(() =>
        globalLimit(async () => {
          if (runSignal.aborted) return null;
          progress.inFlight++;
          reportProgress();
          try {
            return await measureAttempt(call, input, attemptContext);
          } finally {
            progress.inFlight--;
          }
        }),
      );
      if (record === null) return;
      const fullRecord: RequestRecord = { runId, ...planned, attempt, ...record.fields, ...verdictOf(checks, planned.inputIndex, record) };
      const wouldRetry = fullRecord.status === "error" && attempt < retry.maxAttempts && isRetryable(fullRecord, retry) && !runSignal.aborted;
      const plan = wouldRetry ? planRetry(retry, attempt, record.retryAfterMs, random) : null;
      if (plan && !plan.retry) {
        fullRecord.errorKind = "rate_limited";
        fullRecord.errorMessage = `${plan.refusal}; ${fullRecord.errorMessage ?? ""}`;
      }
      // The one exit of records: whatever a server echoed, no secret is written anywhere after this.
      await emitRecord(options.onRecord, redactSecrets(fullRecord, secrets));
      progress.attempts++;
      if (!planned.warmup) addRequestOutcome(progress.outcomes, fullRecord);
      const retryable = plan?.retry === true;
      if (!retryable) {
        progress.done++;
        reportProgress();
        return;
      }
      reportProgress();
      await sleep(plan.delayMs, runSignal);
    }
  };

  // Feed the plan lazily through a bounded window: a million-request run never holds a million promises.
  const windowSize = Math.min(4096, scenario.run.concurrency + scenario.targets.length * perTargetConcurrency);
  const window = createWindow(windowSize);
  for (const planned of planRequests(scenario, inputs.length)) {
    if (runSignal.aborted) break;
    await window.enter();
    executeRequest(planned).then(window.leave, (error: unknown) => window.fail(error));
  }
  try {
    await window.drained();
  } finally {
    runSignal.removeEventListener("abort", abortActiveAttempts);
  }
  reportProgress();
  return {
    runId,
    status: runSignal.aborted ? "aborted" : "completed",
    progress: copyProgress(progress),
    startedAt,
    finishedAt: clock.epochMs(),
  };
}

/** Checks judge the whole answer, before the record keeps only its beginning; a failed attempt has none. */
function verdictOf(checks: readonly CompiledCheck[], inputIndex: number, attempt: MeasuredAttempt): ChecksVerdict {
  if (checks.length === 0 || attempt.fields.status !== "ok" || attempt.fullOutput === undefined || attempt.fullOutput === null) return NO_CHECKS;
  return judgeOutput(checks, inputIndex, attempt.fullOutput);
}

/**
 * A record the sink cannot take (JSON.stringify throws on a string past V8's limit, a store refuses a
 * value) becomes an error record for that request, without its output, so one answer never ends the
 * run. Only a sink that refuses that too (a full disk, a closed file) fails the run.
 */
async function emitRecord(onRecord: (record: RequestRecord) => unknown, record: RequestRecord): Promise<void> {
  try {
    await onRecord(record);
  } catch (error) {
    const reason = describeError(error);
    await onRecord({
      ...record,
      status: "error",
      errorKind: "bad_response",
      errorMessage: `the record could not be written (${reason.slice(0, 200)}); its output was dropped`,
      ttftMs: null,
      inputTokens: null,
      outputTokens: null,
      tokensEstimated: false,
      output: null,
      truncated: record.output !== null,
      ...NO_CHECKS,
    });
  }
}

/** Bounds how many planned requests are under way; `enter` waits for a free place. */
function createWindow(size: number) {
  let active = 0;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  return {
    async enter(): Promise<void> {
      while (active >= size && failure === null) await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== null) throw failure;
      active++;
    },
    leave(): void {
      active--;
      notify();
    },
    /** A request that throws (a sink that fails) fails the run, as soon as the feeder looks. */
    fail(error: unknown): void {
      failure ??= error;
      active--;
      notify();
    },
    async drained(): Promise<void> {
      while (active > 0) await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== null) throw failure;
    },
  };
}
