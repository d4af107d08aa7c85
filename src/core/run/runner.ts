// The scheduler: sends the same inputs × repetitions to every target, interleaved, with a global and a
// per-target concurrency limit, warm-up, per-request timeout, bounded retry, and an instant abort.
import pLimit, { type LimitFunction } from "p-limit";
import { createAttemptDeadlines } from "./attempt-deadlines";
import { measureAttempt, withRecordedPhases, type AttemptContext, type MeasuredAttempt } from "./attempt";
import { compileChecks, judgeOutput, NO_CHECKS, type ChecksVerdict, type CompiledCheck, expandInputs, resolveInputFiles, type InputFileReader, formatScenarioErrors, type Scenario, type ScenarioError } from "../scenario";
import { describeError } from "../text";
import { type WireEventsSource, systemClock, type Clock } from "../measure";
import { type RequestRecord, UNMEASURED_FIELDS } from "../record";
import { addRequestOutcome, emptyRequestOutcomes, type RequestOutcomes } from "../stats";
import { abortableSleep, isRetryable, planRetry } from "./retry";
import { createAdmission, arrivalOffsets, type ArrivalSpec, mergeArrivals, pace, systemPacerClock, type Arrival, type PacerClock, targetLoadPoints, saturationStage, StageSummaries, autoRateStages, offeredLoadOrder, plannedStages, stageSize, type Stage, type StageSize } from "../load";
import { isMissing, resumeRefusal, type ResumePlan } from "./resume-plan";
import type { PlannedRequest } from "./types";
import { createTargetCall, type TargetCall, type TargetCallOptions } from "./targets";
import { credentialScopeOf, scopedFetch, type EndpointKeys } from "./auth-headers";
import { formatSandboxRequest, SANDBOX_REQUEST_HEADER, withRequestHeader, SANDBOX_URL_SCHEME } from "../endpoints";


export interface RunProgress {
  /** Requests the plan holds (retries not included). */
  planned: number;
  /**
   * `planned` is an estimate: a stage bound by a duration sends what fits in its time (an open loop's
   * arrivals are random), so the total is known only once the run ends. Progress shows it as such.
   */
  plannedIsEstimate: boolean;
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
}

/**
 * A runner's share of a run sent by `count` runners at once, each on its own event loop (the command
 * line's --workers). It sends the planned requests and open-loop arrivals whose place in their target's
 * sequence (repetition × inputs + input; a warm-up's number) is `index` modulo `count`, with its part of
 * every limit (concurrency, per-target concurrency, maxInFlight, maxQueue: the parts add up to the whole).
 * Every runner paces the same arrivals from the same absolute times: `stageStart` gives each stage one
 * start, agreed between the runners on a clock they share.
 */
export interface RunShare {
  index: number;
  count: number;
  stageStart?(stageIndex: number, now: number): number;
}

/** Whether a planned request is this share's (every request is exactly one share's). */
export function inShare(planned: PlannedRequest, inputCount: number, share: RunShare | undefined): boolean {
  if (share === undefined) return true;
  return requestSequence(planned, inputCount) % share.count === share.index;
}

/** A planned request's place in its target's sequence: repetition × inputs + input, or a warm-up's number. */
export function requestSequence(planned: PlannedRequest, inputCount: number): number {
  return planned.warmup ? planned.repetition : planned.repetition * inputCount + planned.inputIndex;
}

/** A share's part of a limit: the parts of all shares add up to the limit (Infinity stays Infinity). */
export function shareOfLimit(limit: number, share: RunShare | undefined): number {
  if (share === undefined || !Number.isFinite(limit)) return limit;
  return Math.floor(limit / share.count) + (share.index < limit % share.count ? 1 : 0);
}

/** Warm-ups first (they exist to warm connections and caches), then the measured requests. */
export function* planRequests(scenario: Scenario, inputCount: number): Generator<PlannedRequest> {
  yield* planWarmups(scenario, inputCount);
  yield* stagePlan(scenario, inputCount, scenario.targets.map((target) => target.id), { kind: "plan" });
}

export function* planWarmups(scenario: Scenario, inputCount: number): Generator<PlannedRequest> {
  for (let warmupIndex = 0; warmupIndex < scenario.run.warmup; warmupIndex++) {
    for (const target of scenario.targets) {
      yield { targetId: target.id, inputIndex: warmupIndex % inputCount, repetition: warmupIndex, warmup: true };
    }
  }
}

/**
 * One stage's measured requests, round-robin over repetitions × inputs × targets, so drift in time hits
 * every target alike: the scenario's repetitions, or `perTarget` requests of each target cycling through
 * the inputs, or (a duration) without end, the stage's clock deciding when it stops.
 */
export function* stagePlan(scenario: Scenario, inputCount: number, targetIds: readonly string[], size: StageSize): Generator<PlannedRequest> {
  const perTarget = size.kind === "requests" ? size.perTarget : size.kind === "plan" ? scenario.run.repetitions * inputCount : Infinity;
  for (let index = 0; index < perTarget; index++) {
    const inputIndex = index % inputCount;
    const repetition = Math.floor(index / inputCount);
    for (const targetId of targetIds) yield { targetId, inputIndex, repetition, warmup: false };
  }
}

/**
 * An open stage's arrivals in time order: one stream per target at its rate (each seeded apart), or
 * one stream for the run whose arrivals take the interleaved plan in turn. A duration ends the arrivals
 * at its time; a number of requests, or the plan, when they are all sent.
 */
export function stageArrivals(scenario: Scenario, inputCount: number, stage: Stage, size: StageSize, startMono: number): Iterable<Arrival<PlannedRequest>> {
  if (stage.load.mode !== "open") throw new Error("stageArrivals: not an open stage");
  const settings = scenario.run.load?.mode === "open" ? scenario.run.load : undefined;
  const spec = (rate: number): ArrivalSpec => ({ rate, process: settings?.arrival ?? "poisson", burstiness: settings?.burstiness ?? 1 });
  const seed = settings?.seed ?? 1;
  const endMs = size.kind === "duration" ? size.ms : Infinity;
  const stream = function* (rate: number, streamSeed: number, targetIds: readonly string[]): Generator<Arrival<PlannedRequest>> {
    const offsets = arrivalOffsets(spec(rate), streamSeed);
    for (const planned of stagePlan(scenario, inputCount, targetIds, size)) {
      const offset = offsets.next().value as number;
      if (offset >= endMs) return;
      yield { atMs: startMono + offset, item: planned };
    }
  };
  // Seeds apart per stage and per target, all from the scenario's one seed.
  const seedFor = (targetPosition: number): number => (seed + Math.imul(stage.index + 1, 0x9e3779b1) + Math.imul(targetPosition + 1, 0x85ebca6b)) >>> 0;
  if (stage.load.perRun !== null) return stream(stage.load.perRun, seedFor(-1), stage.targetIds);
  const rates = stage.load.rates;
  return mergeArrivals(
    stage.targetIds.flatMap((targetId) => {
      const rate = rates.get(targetId);
      const position = scenario.targets.findIndex((target) => target.id === targetId);
      return rate === undefined ? [] : [stream(rate, seedFor(position), [targetId])];
    }),
  );
}

/**
 * Requests the run plans: exact for a given number of requests or the plan, an estimate for an open
 * loop's duration (rate × time), and the plan's size for a closed loop's duration or an auto sweep's
 * rates, which are only known as the run goes (progress never shows fewer than are done).
 */
export function countPlannedRequests(scenario: Scenario, inputCount: number): { measured: number; warmup: number; estimated: boolean } {
  const targets = scenario.targets.length;
  const size = stageSize(scenario.run.load);
  const planSize = scenario.run.repetitions * inputCount * targets;
  const stages = plannedStages(scenario);
  const autoRates = scenario.run.load?.sweep?.over === "auto" ? scenario.run.load.sweep.rates : 0;
  const perStage = (stage: Stage): number => {
    if (size.kind === "requests") return size.perTarget * stage.targetIds.length;
    if (size.kind === "plan" || stage.load.mode === "closed") return planSize;
    const rates = stage.load.perRun !== null ? [stage.load.perRun] : [...stage.load.rates.values()];
    return Math.ceil(rates.reduce((sum, rate) => sum + rate, 0) * (size.ms / 1000));
  };
  const measured = stages.reduce((sum, stage) => sum + perStage(stage), 0) + autoRates * (size.kind === "requests" ? size.perTarget * targets : planSize);
  return { measured, warmup: scenario.run.warmup * targets, estimated: size.kind === "duration" };
}

/** Where a run's progress starts: nothing done, nothing in flight. */
export function emptyProgress(counts: { measured: number; warmup: number; estimated?: boolean }): RunProgress {
  return {
    planned: counts.measured + counts.warmup,
    plannedIsEstimate: counts.estimated === true,
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
  const pacerClock = options.pacerClock ?? systemPacerClock(clock);
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const runSignal = options.signal ?? new AbortController().signal;

  const expanded = expandInputs(scenario);
  if (!expanded.ok) throw new Error(describeInputErrors(expanded.errors));
  // Read before the clock starts: reading a file is no part of any request's latency or queue time.
  const inputs = await resolveInputFiles(expanded.inputs, options.readInputFile).catch((error: unknown) => {
    throw new Error(`scenario inputs: ${(error as Error).message}`);
  });
  const compiledChecks = compileChecks(scenario.expectations);
  if (!compiledChecks.ok) throw new Error(`scenario expectations: ${formatScenarioErrors(compiledChecks.errors).replaceAll("\n", "; ")}`);
  const checks = compiledChecks.checks;

  const resume = options.resume;
  if (resume !== undefined && resumeRefusal(scenario) !== null) throw new Error(resumeRefusal(scenario)!);
  const counts = resume?.remaining ?? countPlannedRequests(scenario, inputs.length);
  const startedAt = clock.epochMs();
  const startedAtMono = clock.now();
  /** A monotonic time as epoch ms, on the run's one mapping, so scheduled times keep their exact spacing. */
  const epochAt = (mono: number): number => roundMs(startedAt + (mono - startedAtMono));
  const progress = emptyProgress(counts);
  const reportProgress = (): void => {
    progress.elapsedMs = clock.now() - startedAtMono;
    // Duration-bound stages send what fits in the time: the plan is an estimate, never below what is done.
    progress.planned = Math.max(progress.planned, progress.done);
    options.onProgress?.(copyProgress(progress));
  };

  const calls = new Map<string, TargetCall>();
  for (const target of scenario.targets) {
    calls.set(target.id, options.createCall?.(target.id) ?? createTargetCall(target, scenario, options));
  }

  // One timer for every attempt's timeout and one listener on the run's signal, rather than one of each per attempt in flight.
  const deadlines = createAttemptDeadlines({ timeoutMs: scenario.run.timeoutMs, now: () => clock.now() });
  const abortActiveAttempts = (): void => deadlines.abortAll(runSignal.reason);
  runSignal.addEventListener("abort", abortActiveAttempts, { once: true });

  const secrets = [options.accessToken, ...Object.values(options.endpointKeys?.byTarget ?? {}), ...Object.values(options.endpointKeys?.byOrigin ?? {})].filter(
    (secret): secret is string => typeof secret === "string" && secret !== "",
  );
  const attemptContext: AttemptContext = {
    deadlines,
    baseFetch,
    clock,
    timeoutMs: scenario.run.timeoutMs,
    runSignal,
    maxResponseBytes: scenario.run.maxResponseBytes,
    maxOutputChars: scenario.run.maxOutputChars,
    // Every record's strings are redacted where the attempt builds them, before anything is cut (attempt.ts).
    secrets,
  };
  // Each target sends through its own credential rule: which Authorization header goes to which host.
  const targetContexts = new Map<string, AttemptContext>();
  for (const target of scenario.targets) {
    const scope = credentialScopeOf(target, options.endpointKeys, options.sandboxUrl, { hostPerProfile: options.sandboxHostPerProfile === true });
    targetContexts.set(target.id, { ...attemptContext, baseFetch: scopedFetch(baseFetch, scope), answerUrlOrigins: target.answerUrlOrigins ?? [] });
  }
  /** A sandbox target's attempt says which request it is (sandbox-request.ts); any other goes out as the library built it. */
  const sandboxTargets = new Set(scenario.targets.filter((target) => target.endpointUrl?.startsWith(SANDBOX_URL_SCHEME) === true).map((target) => target.id));
  const attemptContextFor = (planned: PlannedRequest, stage: number | null, attempt: number): AttemptContext => {
    const context = targetContexts.get(planned.targetId)!;
    if (!sandboxTargets.has(planned.targetId)) return context;
    const identity = formatSandboxRequest({ targetId: planned.targetId, sequence: requestSequence(planned, inputs.length), warmup: planned.warmup, stage, attempt });
    return { ...context, baseFetch: withRequestHeader(context.baseFetch, SANDBOX_REQUEST_HEADER, identity) };
  };

  const load = scenario.run.load;
  // A sweep that adapts (auto rates, stopping saturated targets) reads its own stages' summaries.
  const stageSummaries = load?.sweep !== undefined ? new StageSummaries() : null;

  /** Every record leaves through here: handed to the sink, counted. */
  const emit = async (record: RequestRecord): Promise<void> => {
    await emitRecord(options.onRecord, record);
    stageSummaries?.add(record);
    progress.attempts++;
    if (!record.warmup) addRequestOutcome(progress.outcomes, record);
  };

  /** A record for an arrival that was never sent: dropped by the cap, or still queued when the run was aborted. */
  const unsentRecord = (planned: PlannedRequest, stage: number, dueAt: number, errorKind: "dropped" | "aborted", errorMessage: string): RequestRecord => ({
    runId,
    ...planned,
    attempt: 1,
    ...UNMEASURED_FIELDS,
    startedAt: epochAt(dueAt),
    latencyMs: 0,
    status: "error",
    errorKind,
    errorMessage,
    scheduledAt: epochAt(dueAt),
    stage,
  });

  /**
   * One planned request: its attempts, each run in a slot (`runInSlot`), backoff outside it. `arrivalAt`
   * is an open-loop arrival's scheduled time; a closed loop's request is due when it gets its slot.
   */
  const executeRequest = async (planned: PlannedRequest, stage: number, runInSlot: SlotRunner, arrivalAt: number | null): Promise<void> => {
    const call = calls.get(planned.targetId)!;
    const input = inputs[planned.inputIndex]!;
    const retry = scenario.run.retry;
    let dueAt = arrivalAt;
    for (let attempt = 1; ; attempt++) {
      const measured = runSignal.aborted
        ? null
        : await runInSlot(planned, attempt, async () => {
            if (runSignal.aborted) return null;
            const slotAt = clock.now();
            progress.inFlight++;
            reportProgress();
            try {
              return { result: await measureAttempt(call, input, attemptContextFor(planned, stage, attempt)), dueAt: dueAt ?? slotAt };
            } finally {
              progress.inFlight--;
            }
          });
      if (measured === null) {
        // An open-loop arrival is a request from the moment it is due: one that never went out is recorded.
        if (arrivalAt !== null && attempt === 1 && runSignal.aborted) {
          await emit(unsentRecord(planned, stage, arrivalAt, "aborted", "aborted by the user while waiting to be sent"));
          progress.done++;
          reportProgress();
        }
        return;
      }
      const { dueAt: due } = measured;
      const result = await withRecordedPhases(measured.result, options.wireEventsSource);
      const fullRecord: RequestRecord = {
        runId,
        ...planned,
        attempt,
        ...result.fields,
        ...verdictOf(checks, planned.inputIndex, result),
        scheduledAt: epochAt(due),
        queueMs: roundMs(result.handedToFetchAt - due),
        stage,
      };
      const wouldRetry = fullRecord.status === "error" && attempt < retry.maxAttempts && isRetryable(fullRecord, retry) && !runSignal.aborted;
      const plan = wouldRetry ? planRetry(retry, attempt, result.retryAfterMs, random) : null;
      if (plan && !plan.retry) {
        fullRecord.errorKind = "rate_limited";
        fullRecord.errorMessage = `${plan.refusal}; ${fullRecord.errorMessage ?? ""}`;
      }
      await emit(fullRecord);
      const retryable = plan?.retry === true;
      if (!retryable) {
        progress.done++;
        reportProgress();
        return;
      }
      reportProgress();
      await sleep(plan.delayMs, runSignal);
      // A retry is due when its backoff ends.
      dueAt = clock.now();
    }
  };

  /** A closed loop: at most `perTarget` requests of a target and `total` of the run in flight; the plan fed through a bounded window. */
  const runClosedStage = async (stage: Stage, feeds: Iterable<PlannedRequest>[], deadline: number | null): Promise<void> => {
    if (stage.load.mode !== "closed") throw new Error("runClosedStage: not a closed stage");
    const total = shareOfLimit(stage.load.total, options.share);
    const perTarget = shareOfLimit(stage.load.perTarget, options.share);
    const globalLimit = pLimit(total);
    const targetLimits = new Map<string, LimitFunction>(stage.targetIds.map((id) => [id, pLimit(perTarget)]));
    const pastDeadline = (): boolean => deadline !== null && clock.now() >= deadline;
    // A duration-bound stage sends no new request after its time is up; requests in flight finish.
    const slotWork = <T,>(attempt: number, work: () => Promise<T | null>): Promise<T | null> => (attempt === 1 && pastDeadline() ? Promise.resolve(null) : work());
    // One target whose own bound is no tighter than the run's: the run's limit alone is the same bound, and
    // a second queue would cost every request another promise and closure for nothing.
    const runInSlot: SlotRunner =
      stage.targetIds.length === 1 && perTarget >= total
        ? (_planned, attempt, work) => globalLimit(() => slotWork(attempt, work))
        : (planned, attempt, work) => targetLimits.get(planned.targetId)!(() => globalLimit(() => slotWork(attempt, work)));
    // Feed each plan lazily through a bounded window: a million-request run never holds a million promises.
    const windowSize = Math.min(4096, feeds.length === 1 ? total + stage.targetIds.length * perTarget : 2 * perTarget);
    const feed = async (plan: Iterable<PlannedRequest>): Promise<void> => {
      const window = createWindow(windowSize);
      for (const planned of plan) {
        if (runSignal.aborted || pastDeadline()) break;
        if (!inShare(planned, inputs.length, options.share)) continue;
        await window.enter();
        executeRequest(planned, stage.index, runInSlot, null).then(window.leave, (error: unknown) => window.fail(error));
      }
      await window.drained();
    };
    await Promise.all(feeds.map(feed));
  };

  /** An open loop: arrivals at their scheduled times whatever the provider does, each target with its cap and queue. */
  const runOpenStage = async (stage: Stage, arrivals: Iterable<Arrival<PlannedRequest>>): Promise<void> => {
    const settings = load?.mode === "open" ? load : null;
    const maxInFlight = shareOfLimit(settings?.maxInFlight ?? Infinity, options.share);
    const maxQueue = shareOfLimit(settings?.maxQueue ?? Infinity, options.share);
    const admissions = new Map(stage.targetIds.map((id) => [id, createAdmission(maxInFlight, maxQueue)]));
    const stopPacing = new AbortController();
    const cancelQueues = (): void => {
      stopPacing.abort();
      for (const admission of admissions.values()) admission.cancelAll();
    };
    runSignal.addEventListener("abort", cancelQueues, { once: true });
    const pending = new Set<Promise<void>>();
    let failure: { error: unknown } | null = null;
    const track = (work: Promise<void>): void => {
      pending.add(work);
      work.then(
        () => pending.delete(work),
        (error: unknown) => {
          pending.delete(work);
          failure ??= { error };
          // A sink that fails ends the run, as in the closed loop.
          cancelQueues();
        },
      );
    };
    const send = ({ atMs, item: planned }: Arrival<PlannedRequest>): void => {
      const admission = admissions.get(planned.targetId)!;
      const admitted = admission.admit();
      if (admitted.kind === "dropped") {
        const message = `not sent: ${admitted.inFlight} requests of this target in flight (maxInFlight) and ${admitted.queued} waiting (maxQueue)`;
        track(
          emit(unsentRecord(planned, stage.index, atMs, "dropped", message)).then(() => {
            progress.done++;
            reportProgress();
          }),
        );
        return;
      }
      const runInSlot: SlotRunner = async (_planned, attempt, work) => {
        // The first attempt goes at once when it got a slot on arrival: no await between the pacer and fetch.
        const granted = attempt === 1 ? (admitted.kind === "now" ? true : await admitted.turn) : await admission.readmit();
        if (!granted) return null;
        try {
          return await work();
        } finally {
          admission.release();
        }
      };
      track(executeRequest(planned, stage.index, runInSlot, atMs));
    };
    try {
      await pace(options.share === undefined ? arrivals : arrivalsInShare(arrivals, inputs.length, options.share), pacerClock, stopPacing.signal, send);
      while (pending.size > 0) await Promise.allSettled([...pending]);
    } finally {
      runSignal.removeEventListener("abort", cancelQueues);
    }
    if (failure !== null) throw (failure as { error: unknown }).error;
  };

  const stages = plannedStages(scenario);
  const size = stageSize(load);
  const targetOrder = scenario.targets.map((target) => target.id);
  try {
    // Warm-ups open connections first: in a plain run, in the stage's own window (so the measured requests
    // follow them without a gap); with run.load, before the first stage at the run's concurrency.
    let warmups: PlannedRequest[] = [...planWarmups(scenario, inputs.length)].filter((planned) => resume === undefined || isMissing(resume, planned));
    if (warmups.length > 0 && load !== undefined) {
      const warmupStage: Stage = { index: 0, label: "warm-up", load: { mode: "closed", total: scenario.run.concurrency, perTarget: scenario.run.perTargetConcurrency ?? scenario.run.concurrency }, targetIds: targetOrder };
      await runClosedStage(warmupStage, [warmups], null);
      warmups = [];
    }
    const saturatedTargets = new Set<string>();
    for (let position = 0; position < stages.length && !runSignal.aborted; position++) {
      const stage = { ...stages[position]!, targetIds: stages[position]!.targetIds.filter((id) => !saturatedTargets.has(id)) };
      if (stage.targetIds.length === 0) break;
      options.onStage?.(stage);
      const stageStart = options.share?.stageStart?.(stage.index, clock.now()) ?? clock.now();
      if (stage.load.mode === "closed") {
        const deadline = size.kind === "duration" ? stageStart + size.ms : null;
        // A plain run interleaves its targets in one feed, so drift hits them alike. With run.load each target
        // is its own closed loop: one target's slow answers must not hold back another's next request, or
        // every target's throughput would be the slowest one's.
        const feeds =
          load === undefined
            ? [chain(warmups, missingOnly(stagePlan(scenario, inputs.length, stage.targetIds, size), resume))]
            : stage.targetIds.map((targetId) => stagePlan(scenario, inputs.length, [targetId], size));
        await runClosedStage(stage, feeds, deadline);
        warmups = [];
      } else {
        await runOpenStage(stage, stageArrivals(scenario, inputs.length, stage, size, stageStart));
      }
      if (stageSummaries === null || load?.sweep === undefined) continue;
      // An auto sweep knows its rates once the synchronous and maximum-throughput passes are measured.
      if (load.sweep.over === "auto" && stage.index === 1) {
        stages.push(...autoRateStages(2, load.sweep.rates, measuredPasses(stageSummaries, stage.targetIds)));
      }
      if (load.stopWhenSaturated) {
        for (const targetId of saturatedBy(stageSummaries, scenario, stages, targetOrder)) saturatedTargets.add(targetId);
      }
    }
  } finally {
    runSignal.removeEventListener("abort", abortActiveAttempts);
  }
  // Once every stage has run its course, what it sent is the plan it held.
  if (progress.plannedIsEstimate && !runSignal.aborted) {
    progress.planned = progress.done;
    progress.plannedIsEstimate = false;
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

/** Runs one attempt's work in a slot of the stage's loop; null when the slot never came (aborted, or a closed stage's time was up). */
type SlotRunner = <T>(planned: PlannedRequest, attempt: number, work: () => Promise<T | null>) => Promise<T | null>;

/** Each target's throughput at the synchronous pass (stage 0) and the maximum-throughput pass (stage 1). */
function measuredPasses(summaries: StageSummaries, targetIds: string[]): Map<string, { synchronous: number; maximum: number }> {
  const synchronous = summaries.rows(0, targetIds) ?? [];
  const maximum = summaries.rows(1, targetIds) ?? [];
  const measured = new Map<string, { synchronous: number; maximum: number }>();
  for (const targetId of targetIds) {
    const low = synchronous.find((row) => row.targetId === targetId)?.requestsPerSecond ?? null;
    const high = maximum.find((row) => row.targetId === targetId)?.requestsPerSecond ?? null;
    // A target with no successful request in either pass has no rate to aim at: it sits the rates out.
    if (low !== null && high !== null) measured.set(targetId, { synchronous: low, maximum: Math.max(low, high) });
  }
  return measured;
}

/** Targets judged saturated over the stages run so far, in order of offered load. */
function saturatedBy(summaries: StageSummaries, scenario: Scenario, stages: readonly Stage[], targetOrder: string[]): string[] {
  const ran = new Set(summaries.stages());
  const order = offeredLoadOrder(scenario, stages.length).filter((stage) => ran.has(stage));
  return targetOrder.filter((targetId) => saturationStage(targetLoadPoints(summaries, stages, order, targetId)) !== null);
}

function* missingOnly(plan: Iterable<PlannedRequest>, resume: ResumePlan | undefined): Generator<PlannedRequest> {
  for (const planned of plan) if (resume === undefined || isMissing(resume, planned)) yield planned;
}

function* arrivalsInShare(arrivals: Iterable<Arrival<PlannedRequest>>, inputCount: number, share: RunShare): Generator<Arrival<PlannedRequest>> {
  for (const arrival of arrivals) if (inShare(arrival.item, inputCount, share)) yield arrival;
}

function* chain<T>(first: Iterable<T>, second: Iterable<T>): Generator<T> {
  yield* first;
  yield* second;
}

/** Microseconds are finer than any clock a browser gives (as attempt.ts rounds). */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * A record the sink cannot take (JSON.stringify throws on a string past V8's limit, a store refuses a
 * value) becomes an error record for that request, without its output, so one answer never ends the
 * run. Only a sink that refuses that too (a full disk, a closed file) fails the run.
 */
export async function emitRecord(onRecord: (record: RequestRecord) => unknown, record: RequestRecord): Promise<void> {
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
