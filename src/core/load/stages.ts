// A run's stages: one for a plain run, one per level of a sweep. A stage says how requests are sent
// (a closed loop at a concurrency, or an open loop at a rate per target) and how much is sent.
import { isTraceInputs } from "../scenario";
import type { LoadSettings, RunSettings, Scenario } from "../scenario/types";
import { withParameterLevels } from "./parameter-stages";

export type StageLoad =
  /** `perTarget` requests of each target in flight at most (and `total` for the run). */
  | { mode: "closed"; total: number; perTarget: number }
  /** Arrivals per second of each target; with `perRun`, one stream for the whole run at that rate. */
  | { mode: "open"; rates: ReadonlyMap<string, number>; perRun: number | null };

export interface Stage {
  index: number;
  /** What a person reads: "concurrency 4", "rate 10/s", "synchronous", "max throughput". */
  label: string;
  load: StageLoad;
  /** The targets sent to in this stage: all of them, less any a sweep stopped as saturated. */
  targetIds: string[];
  /** A capacity search's level tried again for longer: its size (duration or requests) times this. */
  sizeFactor?: number;
  /** A parameter sweep's stage (parameter-stages.ts): the request parameters it sets, and its level. */
  parameters?: Readonly<Record<string, unknown>>;
  level?: string;
}

/** A closed loop's limits: requests in flight in all, and of each target. */
export type ClosedLoad = Extract<StageLoad, { mode: "closed" }>;

/**
 * The run's own closed loop: `run.concurrency` requests in flight in all, and `run.perTargetConcurrency`
 * of each target, which is the run's concurrency when the scenario leaves it out. The one place that
 * default is resolved, when a run's stages are planned (plannedStages) or a run is prepared (the runner's
 * warm-ups): the scenario keeps the field as written, so a saved or exported scenario keeps its shape.
 */
export function runConcurrency(run: Pick<RunSettings, "concurrency" | "perTargetConcurrency">): ClosedLoad {
  return { mode: "closed", perTarget: run.perTargetConcurrency ?? run.concurrency, total: run.concurrency };
}

/** How much one stage sends: per target a number of requests, a duration, or the scenario's inputs × repetitions. */
export type StageSize = { kind: "requests"; perTarget: number } | { kind: "duration"; ms: number } | { kind: "plan" };

export function stageSize(load: LoadSettings | undefined): StageSize {
  if (load?.requests !== undefined) return { kind: "requests", perTarget: load.requests };
  if (load?.durationMs !== undefined) return { kind: "duration", ms: load.durationMs };
  return { kind: "plan" };
}

/** The parts of a scenario its stages follow from: a trace's inputs make one open stage paced by the trace. */
export type StagedScenario = Pick<Scenario, "targets" | "run"> & Partial<Pick<Scenario, "inputs">>;

/** The stages a scenario names in advance; an auto sweep's open-loop rates come later (autoRateStages). */
export function plannedStages(scenario: StagedScenario): Stage[] {
  const targetIds = scenario.targets.map((target) => target.id);
  if (isTraceInputs(scenario.inputs)) {
    // No rate: each arrival's time is the trace's (run/request-plan.ts, traceArrivals).
    return [{ index: 0, label: `trace replay at ${Number(scenario.inputs.trace.speedup.toPrecision(3))}×`, load: { mode: "open", rates: new Map(), perRun: null }, targetIds }];
  }
  const load = scenario.run.load;
  const closed = (perTarget: number, total: number): StageLoad => ({ mode: "closed", perTarget, total });
  const open = (rate: number): StageLoad =>
    load?.mode === "open" && load.per === "run"
      ? { mode: "open", rates: new Map(), perRun: rate }
      : { mode: "open", rates: new Map(targetIds.map((id) => [id, rate])), perRun: null };
  const stage = (index: number, label: string, stageLoad: StageLoad): Stage => ({ index, label, load: stageLoad, targetIds });
  const atRunConcurrency = runConcurrency(scenario.run);
  const sweep = load?.sweep;
  const search = load?.findCapacity;
  if (search !== undefined) return capacityStages(0, 0, load!.mode === "open" ? "rate" : "concurrency", new Map(targetIds.map((id) => [id, search.start])));
  if (sweep === undefined) {
    if (load?.mode === "open") return withParameterLevels(scenario, stage(0, `rate ${formatRate(load.rate!)}${load.per === "run" ? " for the run" : ""}`, open(load.rate!)));
    return withParameterLevels(scenario, stage(0, `concurrency ${scenario.run.concurrency}`, atRunConcurrency));
  }
  switch (sweep.over) {
    case "concurrency":
      // A level is per target, so each target's curve is its own; the run's total is the level × targets.
      return ascending(sweep.levels).map((level, index) => stage(index, `concurrency ${level}`, closed(level, level * targetIds.length)));
    case "rate":
      return ascending(sweep.levels).map((level, index) => stage(index, `rate ${formatRate(level)}`, open(level)));
    case "auto":
      return [
        stage(0, "synchronous", closed(1, targetIds.length)),
        stage(1, "max throughput", atRunConcurrency),
      ];
  }
}

interface InFlightPeak {
  perTarget: number;
  total: number;
}

/**
 * The most requests in flight at once in any stage of the run: to one target, and in all. An open loop
 * holds at most its in-flight cap per target, and without a cap nothing bounds it (Infinity); an auto
 * sweep's open-loop stages, not planned in advance, count by that cap too. Connection pools (the command
 * line) and the browser's six-connections warning are both sized from this.
 */
export function peakInFlight(scenario: StagedScenario): InFlightPeak {
  const load = scenario.run.load;
  const openCap = load?.mode === "open" && load.maxInFlight !== undefined ? load.maxInFlight : Number.POSITIVE_INFINITY;
  const targets = scenario.targets.length;
  const stages = plannedStages(scenario).map((stage): InFlightPeak =>
    stage.load.mode === "closed" ? { perTarget: stage.load.perTarget, total: stage.load.total } : { perTarget: openCap, total: openCap * targets },
  );
  if (load?.sweep?.over === "auto") stages.push({ perTarget: openCap, total: openCap * targets });
  // A capacity search's concurrency goes up to its max, each target at its own level.
  if (load?.findCapacity !== undefined && load.mode === "closed") stages.push({ perTarget: Math.round(load.findCapacity.max), total: Math.round(load.findCapacity.max) * targets });
  return {
    perTarget: Math.max(...stages.map((stage) => stage.perTarget)),
    total: Math.max(...stages.map((stage) => stage.total)),
  };
}

/**
 * An auto sweep's open-loop stages, once the synchronous and maximum-throughput passes have measured
 * each target: `count` rates per target evenly from just above the synchronous rate up to the maximum
 * (i / count of the way, i = 1 … count), as GuideLLM's sweep does.
 */
export function autoRateStages(firstIndex: number, count: number, measured: ReadonlyMap<string, { synchronous: number; maximum: number }>): Stage[] {
  const targetIds = [...measured.keys()];
  return Array.from({ length: count }, (_, step) => {
    const fraction = (step + 1) / count;
    const rates = new Map(
      targetIds.map((id) => {
        const { synchronous, maximum } = measured.get(id)!;
        return [id, Math.max(synchronous, synchronous + (maximum - synchronous) * fraction)];
      }),
    );
    return { index: firstIndex + step, label: `rate ${Math.round(fraction * 100)}% of the way to max`, load: { mode: "open", rates, perRun: null }, targetIds };
  });
}

/**
 * A round of a capacity search (capacity-stages.ts): each target at its own level. Rates go in one open
 * stage (a rate per target); concurrencies in one closed stage per level, as a closed stage holds one
 * level for all its targets. `sizeFactor` lengthens a level tried again.
 */
export function capacityStages(firstIndex: number, round: number, over: "rate" | "concurrency", levels: ReadonlyMap<string, number>, sizeFactor?: number): Stage[] {
  const longer = sizeFactor !== undefined && sizeFactor !== 1 ? { sizeFactor } : {};
  const name = `capacity search ${round + 1}`;
  if (over === "rate") {
    const distinct = [...new Set(levels.values())];
    const label = distinct.length === 1 ? `${name}: rate ${formatRate(distinct[0]!)}` : `${name}: a rate per target`;
    return [{ index: firstIndex, label, load: { mode: "open", rates: new Map(levels), perRun: null }, targetIds: [...levels.keys()], ...longer }];
  }
  const byLevel = new Map<number, string[]>();
  for (const [targetId, level] of levels) byLevel.set(Math.max(1, Math.round(level)), [...(byLevel.get(Math.max(1, Math.round(level))) ?? []), targetId]);
  return ascending([...byLevel.keys()]).map((level, offset) => {
    const targetIds = byLevel.get(level)!;
    return { index: firstIndex + offset, label: `${name}: concurrency ${level}`, load: { mode: "closed", perTarget: level, total: level * targetIds.length }, targetIds, ...longer };
  });
}

/** A stage's size, lengthened by its sizeFactor (a capacity search's level tried again). */
export function scaledStageSize(size: StageSize, sizeFactor: number | undefined): StageSize {
  if (sizeFactor === undefined) return size;
  if (size.kind === "requests") return { kind: "requests", perTarget: Math.round(size.perTarget * sizeFactor) };
  if (size.kind === "duration") return { kind: "duration", ms: Math.round(size.ms * sizeFactor) };
  return size;
}

/** The order of offered load: for an auto sweep the max-throughput pass is the highest, after the rates. */
export function offeredLoadOrder(scenario: Scenario, stageCount: number): number[] {
  const indexes = Array.from({ length: stageCount }, (_, index) => index);
  if (scenario.run.load?.sweep?.over !== "auto" || stageCount < 2) return indexes;
  return [0, ...indexes.slice(2), 1];
}

function ascending(levels: readonly number[]): number[] {
  return [...new Set(levels)].sort((a, b) => a - b);
}

export function formatRate(rate: number): string {
  return `${Number(rate.toPrecision(3))}/s`;
}

