// What a run sends, in which order: the warm-ups, each stage's measured requests interleaved over the
// targets, an open stage's arrival times, and how many requests that makes. Pure: it sends nothing.
import type { ExpandedInput, Scenario } from "../scenario";
import { arrivalOffsets, type ArrivalSpec, mergeArrivals, type Arrival, plannedStages, stageSize, type Stage, type StageSize } from "../load";
import { isMissing, type ResumePlan } from "./resume-plan";
import type { PlannedRequest } from "./types";

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

/** A resumed run's plan: only the requests with no outcome yet (all of them when the run is not resumed). */
export function* missingOnly(plan: Iterable<PlannedRequest>, resume: ResumePlan | undefined): Generator<PlannedRequest> {
  for (const planned of plan) if (resume === undefined || isMissing(resume, planned)) yield planned;
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
 * A trace's arrivals (inputs.trace): each request at the trace's own time (speed-up applied, in the input),
 * to every target of the stage at once, so each target is offered the same moments. The inputs are in
 * time order already (workloads/read-trace.ts sorts them).
 */
export function* traceArrivals(inputs: readonly ExpandedInput[], targetIds: readonly string[], startMono: number): Generator<Arrival<PlannedRequest>> {
  for (const input of inputs) {
    const atMs = startMono + (input.traceAtMs ?? 0);
    for (const targetId of targetIds) yield { atMs, item: { targetId, inputIndex: input.index, repetition: 0, warmup: false } };
  }
}

/** How many requests a run plans: the measured ones and the warm-ups; `estimated` when the count is an estimate. */
export interface PlannedCounts {
  measured: number;
  warmup: number;
  estimated?: boolean;
}

/**
 * Requests the run plans: exact for a given number of requests or the plan, an estimate for an open
 * loop's duration (rate × time), and the plan's size for a closed loop's duration or an auto sweep's
 * rates, which are only known as the run goes (progress never shows fewer than are done).
 */
export function countPlannedRequests(scenario: Scenario, inputCount: number): Required<PlannedCounts> {
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
