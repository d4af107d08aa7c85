// Whether a scenario can be shared out over --workers threads: checked before anything is sent.
import type { Scenario } from "../../core/scenario";

/**
 * Why a scenario cannot be shared out over `workers` threads, or null. Every limit is divided between
 * the workers (core/run/run-share.ts, shareOfLimit), so each must be at least the number of workers; an adaptive
 * sweep decides its next stage from the stages' summaries, which no single worker holds.
 */
export function workersRefusal(scenario: Scenario, workers: number): string | null {
  const load = scenario.run.load;
  if (load?.sweep?.over === "concurrency" || load?.sweep?.over === "auto") return `--workers does not go with a sweep over ${load.sweep.over}: each level's limits and rates are the whole run's`;
  if (load?.findCapacity !== undefined) return "--workers does not go with findCapacity: each level is chosen from the levels before it, which no single worker sees whole";
  if (load?.stopWhenSaturated) return "--workers does not go with stopWhenSaturated: no single worker sees whether a target saturated";
  // Each worker would go on to the next level when its own share of a level ends, so levels would overlap.
  if (scenario.run.parameterSweep !== undefined) return "--workers does not go with run.parameterSweep: each worker would start the next level while others still send the last";
  const limits: [string, number | undefined][] = [
    ["run.concurrency", load?.mode === "open" ? undefined : scenario.run.concurrency],
    ["run.perTargetConcurrency", load?.mode === "open" ? undefined : scenario.run.perTargetConcurrency],
    ["run.load.maxInFlight", load?.mode === "open" ? load.maxInFlight : undefined],
  ];
  for (const [field, value] of limits) {
    if (value !== undefined && value < workers) return `--workers ${workers}: ${field} is ${value}, and each worker needs at least one of it (use at most ${value} workers)`;
  }
  return null;
}
