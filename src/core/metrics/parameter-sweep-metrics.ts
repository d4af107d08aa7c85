// What a parameter sweep's levels are compared by (docs/workloads.md, "Reasoning effort"): per target and
// level, the time to the first answer token, the reasoning spent, the speed, the pass rate and the cost.
// One list for the command line's per-level table and the summary file; the Compare page draws the
// latency and the cost against the pass rate.
import { metricById } from "./catalogue";
import type { Metric } from "./metric";

export const PARAMETER_SWEEP_METRIC_IDS = [
  "requests",
  "timeToFirstAnswerTokenP50Ms",
  "reasoningTokensMean",
  "outputTokensPerSecondP50",
  "checksPassRate",
  "costPerRequestUsd",
] as const;

/** The axes of the Compare page's curves: latency and cost (per thousand requests, a readable size), each against quality. */
export const PARAMETER_SWEEP_AXES = {
  latency: "timeToFirstAnswerTokenP50Ms",
  cost: "costPer1000RequestsUsd",
  quality: "checksPassRate",
} as const;

export function parameterSweepMetrics(): Metric[] {
  return PARAMETER_SWEEP_METRIC_IDS.map(metricById);
}
