// The run's course: warm-ups, then each stage in turn (a closed or an open loop), and between the stages
// of a sweep what it learns (auto rates, saturated targets stopped).
import { plannedStages, scaledStageSize, stageSize, type StageSummaries, type Stage } from "../load";
import { isTraceInputs } from "../scenario";
import { runClosedStage } from "./closed-loop";
import { runOpenStage, type OpenLoopParts } from "./open-loop";
import { missingOnly, planWarmups, stageArrivals, stagePlan, traceArrivals } from "./request-plan";
import { adaptCapacitySearch, adaptSweep } from "./sweep-adaptation";
import { runSessionStages } from "./session-loop";
import type { PlannedRequest } from "./types";

export interface RunStagesParts extends OpenLoopParts {
  /** The sweep's summaries of its own stages (sweep-adaptation.ts); null when the run is no sweep. */
  stageSummaries: StageSummaries | null;
  /** The run's options, whose onStage hears of each stage as it begins. */
  listener: { onStage?(stage: Stage): void };
}

/** Sends every stage of the run in turn until the last one ends, the run is aborted, or a sweep has no target left. */
export async function runStages(parts: RunStagesParts): Promise<void> {
  const { run, send, stageSummaries, listener } = parts;
  const { scenario, inputs, resume, runSignal, clock, share } = run;
  // Sessions are chains of turns, each waiting on the answer before it: their own loop (session-loop.ts).
  if (inputs[0]?.session !== undefined) return runSessionStages(parts, listener);
  const load = scenario.run.load;
  const stages = plannedStages(scenario);
  const runSize = stageSize(load);
  // Warm-ups open connections first: in a plain run, in the stage's own window (so the measured requests
  // follow them without a gap); with run.load, before the first stage at the run's concurrency.
  let warmups: PlannedRequest[] = [...missingOnly(planWarmups(scenario, inputs.length), resume)];
  const trace = isTraceInputs(scenario.inputs);
  // A trace's stage is open without run.load (request-plan.ts, traceArrivals): its warm-ups go first, as with a load.
  if (warmups.length > 0 && (load !== undefined || trace)) {
    const warmupStage: Stage = { index: 0, label: "warm-up", load: run.concurrency, targetIds: scenario.targets.map((target) => target.id) };
    await runClosedStage(run, send, warmupStage, [warmups], null);
    warmups = [];
  }
  const saturatedTargets = new Set<string>();
  for (let position = 0; position < stages.length && !runSignal.aborted; position++) {
    const stage = { ...stages[position]!, targetIds: stages[position]!.targetIds.filter((id) => !saturatedTargets.has(id)) };
    if (stage.targetIds.length === 0) break;
    listener.onStage?.(stage);
    const size = scaledStageSize(runSize, stage.sizeFactor);
    const stageStart = share?.stageStart?.(stage.index, clock.now()) ?? clock.now();
    if (stage.load.mode === "closed") {
      const deadline = size.kind === "duration" ? stageStart + size.ms : null;
      // A plain run interleaves its targets in one feed, so drift hits them alike. With run.load each target
      // is its own closed loop: one target's slow answers must not hold back another's next request, or
      // every target's throughput would be the slowest one's.
      const feeds =
        load === undefined
          ? [chain(warmups, missingOnly(stagePlan(scenario, inputs.length, stage.targetIds, size), resume))]
          : stage.targetIds.map((targetId) => stagePlan(scenario, inputs.length, [targetId], size));
      await runClosedStage(run, send, stage, feeds, deadline);
      warmups = [];
    } else {
      const arrivals = trace ? traceArrivals(inputs, stage.targetIds, stageStart) : stageArrivals(scenario, inputs.length, stage, size, stageStart);
      await runOpenStage(parts, stage, arrivals);
    }
    if (stageSummaries !== null) adaptSweep(stageSummaries, scenario, stage, stages, saturatedTargets);
    if (stageSummaries !== null) adaptCapacitySearch(stageSummaries, scenario, stage, stages);
  }
}

function* chain<T>(first: Iterable<T>, second: Iterable<T>): Generator<T> {
  yield* first;
  yield* second;
}
