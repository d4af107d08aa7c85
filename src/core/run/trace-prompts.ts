// A run's trace (inputs.trace), read and cut before its clock starts: the file read like any input file,
// its format told, the window kept and its times scaled (workloads/read-trace.ts), then a prompt of each
// request's length cut from the corpus, its hash ids turned into shared blocks (workloads/request-plan.ts).
// Every input carries the time it is sent at; the open loop sends it then (request-plan.ts, traceArrivals).
// What is wrong is thrown naming the field, and the file's line and field.
import { findTaskDefinition } from "../tasks";
import { isTraceInputs, traceInput, type ExpandedInput, type InputFileReader, type Scenario } from "../scenario";
import { DEFAULT_OFFLINE_ENCODING, formatTraceError, loadDefaultCorpus, planTraceRequests, readTrace, type SetAside, type TraceFormat, type TraceInputs } from "../workloads";
import type { SyntheticWorkload } from "./synthetic-prompts";
import type { HubTokenizerSource } from "./hub-tokenizer";
import { readInputFileText } from "./input-file-text";
import { loadWorkloadTokenizer } from "./workload-tokenizer";

/** What a replay read from its trace, for its report: the file, its format, what was kept and what was set aside. */
export interface TraceWorkload {
  file: string;
  format: TraceFormat;
  speedup: number;
  /** The window replayed, in seconds of the trace's own clock (to: null for the trace's end). */
  fromSeconds: number;
  toSeconds: number | null;
  /** When the last request is sent, in milliseconds from the replay's start (speed-up applied). */
  lastAtMs: number;
  setAside: SetAside[];
  outOfOrder: number;
}

const AT = "inputs.trace";

/** The scenario's trace as inputs, each with its send time, or null when its inputs are no trace. */
export async function buildTraceInputs(scenario: Scenario, readInputFile: InputFileReader | undefined, hub?: HubTokenizerSource): Promise<{ inputs: ExpandedInput[]; workload: SyntheticWorkload } | null> {
  if (!isTraceInputs(scenario.inputs)) return null;
  const settings = scenario.inputs.trace;
  const [text, tokenizer, corpus] = await Promise.all([readInputFileText(settings.file, `${AT}.file`, readInputFile), loadWorkloadTokenizer(settings.tokenizer ?? DEFAULT_OFFLINE_ENCODING, AT, readInputFile, hub), loadDefaultCorpus()]);
  const read = readTrace(text, { format: settings.format, speedup: settings.speedup, fromSeconds: settings.from, toSeconds: settings.to });
  if (!read.ok) throw new Error(`scenario inputs: ${AT}.file: ${settings.file}: ${read.errors.map(formatTraceError).join("; ")}`);
  let plan: ReturnType<typeof planTraceRequests>;
  try {
    plan = planTraceRequests(read.trace.requests, tokenizer, corpus, { seed: settings.seed, blockSize: settings.blockSize });
  } catch (error) {
    throw new Error(`scenario inputs: ${AT}: ${(error as Error).message}`, { cause: error });
  }
  const definition = findTaskDefinition(scenario.task);
  const inputs = plan.requests.map((request, index) => traceInput(index, request, definition));
  const trace = traceWorkload(settings, read.trace.format, read.trace);
  return { inputs, workload: { tokenizerId: plan.tokenizerId, corpusId: plan.corpusId, prompts: inputs.length, startRounds: plan.startRounds, trace } };
}

function traceWorkload(settings: TraceInputs, format: TraceFormat, trace: { requests: readonly { atMs: number }[]; setAside: SetAside[]; outOfOrder: number }): TraceWorkload {
  return {
    file: settings.file,
    format,
    speedup: settings.speedup,
    fromSeconds: settings.from ?? 0,
    toSeconds: settings.to ?? null,
    lastAtMs: trace.requests.at(-1)?.atMs ?? 0,
    setAside: trace.setAside,
    outOfOrder: trace.outOfOrder,
  };
}
