// run.parameterSweep against the rest of the scenario (docs/workloads.md, "Reasoning effort"): its levels
// are the parameter's values, so `parameters` may not set it too; it runs at one load, so it does not
// combine with run.load's sweep; and it sweeps a chat request's parameter, so the task must be chat.
import type { z } from "zod";
import { findTaskDefinition } from "../tasks";

interface ParameterSweepShape {
  task: string;
  parameters: Record<string, unknown>;
  run: { parameterSweep?: { parameter: string } | undefined; load?: { sweep?: unknown } | undefined };
}

export function checkParameterSweep<Shape extends ParameterSweepShape>(scenario: Shape, context: z.core.$RefinementCtx<Shape>): void {
  const sweep = scenario.run.parameterSweep;
  if (sweep === undefined) return;
  if (scenario.run.load?.sweep !== undefined) {
    context.addIssue({ code: "custom", path: ["run", "parameterSweep"], message: "cannot be combined with run.load.sweep: sweep one dimension at a time" });
  }
  if (sweep.parameter in scenario.parameters) {
    context.addIssue({ code: "custom", path: ["parameters", sweep.parameter], message: "is set by run.parameterSweep's levels: leave it out of parameters" });
  }
  if (findTaskDefinition(scenario.task)?.libraryTask !== "conversational") {
    context.addIssue({ code: "custom", path: ["run", "parameterSweep"], message: `sweeps a chat request's parameter: ${scenario.task} is not a chat task` });
  }
}

/** Stages are told apart by their level: a resumed request would not know which stage it belongs to. */
export const PARAMETER_SWEEP_RESUME_REFUSAL = "run.parameterSweep: a run that sweeps a parameter cannot be resumed: each request is sent once per level";
