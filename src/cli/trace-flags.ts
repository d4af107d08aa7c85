// `run --trace <file>` with --speedup, --from and --to: a production trace replayed in place of the
// scenario's inputs (docs/workloads.md). The flags are put into the scenario's text before it is
// validated, so a bad value gets the same error, naming inputs.trace.<field>, as in a file. The file
// given on the command line is read where the person pointed (relative to the working folder), unlike
// a scenario's own files, which must stay inside the scenario's folder. A trace, the scenario's or the
// flag's, is read and checked before anything is sent (traceFileProblem).
import { basename, dirname, resolve } from "node:path";
import { isTraceInputs, LENGTH_PARAMETERS, type Scenario } from "../core/scenario";
import { parseJsonText } from "../core/text";
import { formatTraceError, readTrace } from "../core/workloads";
import { createInputFileReader, type InputFileReader } from "./input-files";

export const TRACE_FLAG_OPTIONS = {
  trace: { type: "string" },
  speedup: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
} as const;

export const TRACE_FLAG_NAMES = Object.keys(TRACE_FLAG_OPTIONS) as (keyof typeof TRACE_FLAG_OPTIONS)[];

export const TRACE_FLAGS_USAGE = `trace replay (inputs.trace; see docs/workloads.md):
  --trace <file>         replay this trace in place of the scenario's inputs: Mooncake JSONL, BurstGPT CSV
                         or Azure LLM-inference CSV (told from the file), each request sent at the trace's
                         time with a prompt of its length and its answer's length asked for (the scenario's
                         max_tokens and repetitions give way to the trace's)
  --speedup <k>          the trace's times divided by k (10: ten minutes of trace in one)
  --from <seconds>       replay from this second of the trace (after its first request, before the speed-up)
  --to <seconds>         … up to this one (not included)`;

/** A trace file may be far larger than a scenario's media: BurstGPT's whole log is about 190 MB. */
const TRACE_FILE_LIMITS = { maxFileBytes: 1024 ** 3, maxTotalBytes: 1024 ** 3 };

export interface TraceOverrides {
  /** --trace: the file, as given (relative to the working folder). */
  path?: string;
  speedup?: number;
  from?: number;
  to?: number;
}

type FlagValues = Partial<Record<keyof typeof TRACE_FLAG_OPTIONS | "dataset", string>>;

export class TraceFlagProblem extends Error {}

/** The flags given, or undefined when none is. */
export function parseTraceFlags(values: FlagValues): TraceOverrides | undefined | { error: string } {
  const overrides: TraceOverrides = {};
  if (values.trace !== undefined) {
    if (values.trace.trim() === "") return { error: "--trace needs a file (a Mooncake .jsonl, a BurstGPT or Azure .csv)" };
    if (values.dataset !== undefined) return { error: "--trace and --dataset do not go together: each replaces the scenario's inputs" };
    overrides.path = values.trace;
  }
  for (const flag of ["speedup", "from", "to"] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    const value = Number(text);
    if (text.trim() === "" || !Number.isFinite(value)) return { error: `--${flag} must be a number${flag === "speedup" ? "" : " of seconds"}, got "${text}"` };
    overrides[flag] = value;
  }
  return Object.keys(overrides).length === 0 ? undefined : overrides;
}

/**
 * The scenario's text with the flags put in: --trace replaces its inputs (keeping a trace's other
 * settings: seed, tokenizer, block size), the others change its trace's. Text that is not JSON is left
 * for validation to place the error.
 */
export function scenarioTextWithTrace(scenarioText: string, overrides: TraceOverrides): string {
  const json = parseJsonText(scenarioText);
  if (!json.ok || typeof json.value !== "object" || json.value === null) return scenarioText;
  const scenario = json.value as { inputs?: unknown };
  const inputs = scenario.inputs;
  const current = typeof inputs === "object" && inputs !== null && "trace" in inputs ? (inputs as { trace: Record<string, unknown> }).trace : undefined;
  if (overrides.path === undefined && current === undefined) {
    throw new TraceFlagProblem(`--speedup, --from and --to change the scenario's trace: its inputs must be { "trace": … }, or give --trace <file>`);
  }
  const trace: Record<string, unknown> = { ...current };
  for (const key of ["speedup", "from", "to"] as const) if (overrides[key] !== undefined) trace[key] = overrides[key];
  if (overrides.path === undefined) return JSON.stringify({ ...scenario, inputs: { trace } });
  // Another file: its format is told from it, not taken from the scenario's trace.
  delete trace.format;
  trace.file = overrides.path;
  return JSON.stringify(givingWayToTrace({ ...scenario, inputs: { trace } }));
}

/**
 * What a scenario written for other inputs says that a trace decides: the answer's length (each request
 * asks the trace's) and repetitions (a trace plays once). --trace asks for the trace's, so they go.
 */
function givingWayToTrace(scenario: { parameters?: unknown; run?: unknown; inputs: unknown }): object {
  const parameters = typeof scenario.parameters === "object" && scenario.parameters !== null ? Object.fromEntries(Object.entries(scenario.parameters).filter(([key]) => !(LENGTH_PARAMETERS as readonly string[]).includes(key))) : scenario.parameters;
  const run = typeof scenario.run === "object" && scenario.run !== null ? Object.fromEntries(Object.entries(scenario.run).filter(([key]) => key !== "repetitions")) : scenario.run;
  return { ...scenario, ...(parameters === undefined ? {} : { parameters }), ...(run === undefined ? {} : { run }) };
}

/** The scenario's reader, with --trace's file read from where the person pointed. */
export function withTraceFile(readScenarioFile: InputFileReader, tracePath: string | undefined): InputFileReader {
  if (tracePath === undefined) return readScenarioFile;
  const full = resolve(tracePath);
  const readTraceFile = createInputFileReader(dirname(full), TRACE_FILE_LIMITS);
  return (path) => (path === tracePath ? readTraceFile(basename(full)) : readScenarioFile(path));
}

/**
 * Why the scenario's trace cannot be replayed (a file that cannot be read, its errors by line and field,
 * nothing in the window), or null: asked before anything is sent, so a bad trace is bad input (exit
 * code 2), not a failed run. The reader keeps what it read for the run.
 */
export async function traceFileProblem(scenario: Scenario, read: InputFileReader): Promise<string | null> {
  if (!isTraceInputs(scenario.inputs)) return null;
  const { file, format, speedup, from, to } = scenario.inputs.trace;
  let text: string;
  try {
    text = await (await read(file)).text();
  } catch (error) {
    return `inputs.trace.file: ${(error as Error).message}`;
  }
  const result = readTrace(text, { format, speedup, fromSeconds: from, toSeconds: to });
  return result.ok ? null : `inputs.trace.file: ${file}: ${result.errors.map(formatTraceError).join("\n  ")}`;
}
