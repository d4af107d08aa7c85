// `--sweep reasoning_effort=low,medium,high`: a sweep over a request parameter (run.parameterSweep),
// told apart from the load sweeps by its name before load-flags.ts reads the rest. Its levels are
// checked by the scenario's validation, so a bad one gets the same error as in a file.
import { REASONING_EFFORT_PARAMETER } from "../core/workloads";

export interface ParameterSweepOverride {
  parameter: string;
  levels: string[];
}

/** The parameters `--sweep` may name, beside concurrency, rate and auto. */
export const SWEPT_PARAMETERS: readonly string[] = [REASONING_EFFORT_PARAMETER];

/** A parameter sweep's override, an error, or null when `text` sweeps load (concurrency, rate, auto). */
export function parseParameterSweepFlag(text: string): ParameterSweepOverride | { error: string } | null {
  const [parameter, list] = text.split("=", 2) as [string, string | undefined];
  if (!SWEPT_PARAMETERS.includes(parameter)) return null;
  const levels = (list ?? "").split(",").map((level) => level.trim());
  if (levels.some((level) => level === "")) return { error: `--sweep ${parameter}= takes a comma-separated list of levels (low,medium,high), got "${list ?? ""}"` };
  return { parameter, levels };
}
