// A trace file read for replay: its format told from its first line, its rows read, then the part to
// replay chosen (a window of the trace's own time), its times counted from the first request kept and
// divided by the speed-up. Rows that cannot be sent (0 tokens in or out: BurstGPT's failed requests)
// are set aside and counted, never dropped unsaid.
import { withoutBom } from "../datasets";
import { readAzureTrace } from "./azure-trace";
import { readBurstGptTrace } from "./burstgpt-trace";
import { readMooncakeTrace } from "./mooncake-trace";
import { TraceErrors, type TraceError, type TraceFormat, type TraceRequest, type TraceRow } from "./trace";

export interface TraceReadOptions {
  /** The format, when it should not be told from the file. */
  format?: TraceFormat;
  /** Times are divided by this: 10 replays ten minutes of trace in one. */
  speedup?: number;
  /** The part to replay: seconds after the trace's first request, on the trace's own clock (before the speed-up). */
  fromSeconds?: number;
  /** End of the part to replay (not included); to the trace's end when left out. */
  toSeconds?: number;
}

export interface SetAside {
  reason: string;
  count: number;
  /** The first few such rows' lines, for a person to look at. */
  lines: number[];
}

export interface ReplayTrace {
  format: TraceFormat;
  /** In time order; the first at 0. */
  requests: TraceRequest[];
  /** Rows read but not replayed, by reason. */
  setAside: SetAside[];
  /** Rows whose time is earlier than the row's above them: the file was sorted, and this says how often it went back. */
  outOfOrder: number;
}

export type TraceReadResult = { ok: true; trace: ReplayTrace } | { ok: false; errors: TraceError[] };

const READERS: Record<TraceFormat, (text: string, errors: TraceErrors) => TraceRow[]> = {
  mooncake: readMooncakeTrace,
  burstgpt: readBurstGptTrace,
  azure: readAzureTrace,
};

const DESCRIBED_FORMATS =
  'Mooncake JSONL ({"timestamp", "input_length", "output_length", "hash_ids"} a line), BurstGPT CSV (Timestamp, Request tokens, Response tokens, …) or Azure LLM-inference CSV (TIMESTAMP, ContextTokens, GeneratedTokens)';

/** The format by the file's first line that is not blank, or null when it is none of them. */
export function detectTraceFormat(text: string): TraceFormat | null {
  const first = withoutBom(text).split("\n").find((line) => line.trim() !== "")?.trim();
  if (first === undefined) return null;
  if (first.startsWith("{")) return "mooncake";
  const header = new Set(first.split(",").map((name) => name.trim().replace(/^"(.*)"$/, "$1")));
  if (header.has("ContextTokens") && header.has("GeneratedTokens")) return "azure";
  if (header.has("Request tokens") && header.has("Response tokens")) return "burstgpt";
  return null;
}

export function readTrace(text: string, options: TraceReadOptions = {}): TraceReadResult {
  checkOptions(options);
  const format = options.format ?? detectTraceFormat(text);
  if (format === null) {
    const empty = withoutBom(text).trim() === "";
    return { ok: false, errors: [{ line: empty ? null : 1, message: empty ? "the file is empty: no requests to replay" : `not a trace ProviderBench reads: expected ${DESCRIBED_FORMATS}` }] };
  }
  const errors = new TraceErrors();
  const rows = READERS[format](text, errors);
  if (errors.total > 0) return { ok: false, errors: errors.report() };
  if (rows.length === 0) return { ok: false, errors: [{ line: null, message: "no requests in the file: only a header or blank lines" }] };
  const trace = replayPart(format, rows, options);
  if (trace.requests.length === 0) return { ok: false, errors: [{ line: null, message: nothingToReplay(trace, options) }] };
  return { ok: true, trace };
}

/** The options come checked from a scenario (trace-inputs.ts) or the command line; a caller's slip is a bug. */
function checkOptions({ speedup = 1, fromSeconds = 0, toSeconds = Infinity }: TraceReadOptions): void {
  if (!(speedup > 0 && Number.isFinite(speedup))) throw new RangeError(`readTrace: speedup must be a positive number, got ${speedup}`);
  if (!(fromSeconds >= 0 && toSeconds > fromSeconds)) throw new RangeError(`readTrace: the window must have 0 <= from < to, got ${fromSeconds} to ${toSeconds}`);
}

function replayPart(format: TraceFormat, rows: TraceRow[], options: TraceReadOptions): ReplayTrace {
  let outOfOrder = 0;
  for (let index = 1; index < rows.length; index++) if (rows[index]!.timeMs < rows[index - 1]!.timeMs) outOfOrder++;
  // Stable: requests of the same instant keep the file's order.
  const sorted = outOfOrder === 0 ? rows : [...rows].sort((a, b) => a.timeMs - b.timeMs);
  const origin = sorted[0]!.timeMs;
  const fromMs = (options.fromSeconds ?? 0) * 1000;
  const toMs = options.toSeconds === undefined ? Infinity : options.toSeconds * 1000;
  const speedup = options.speedup ?? 1;
  const setAside = new Map<string, SetAside>();
  const kept: TraceRow[] = [];
  for (const row of sorted) {
    const sinceStart = row.timeMs - origin;
    if (sinceStart < fromMs || sinceStart >= toMs) continue;
    const reason = row.outputTokens === 0 ? "0 output tokens (how BurstGPT lists a failed request)" : row.inputTokens === 0 ? "0 input tokens: no prompt to send" : null;
    if (reason === null) {
      kept.push(row);
      continue;
    }
    const entry = setAside.get(reason) ?? { reason, count: 0, lines: [] };
    entry.count++;
    if (entry.lines.length < 5) entry.lines.push(row.line);
    setAside.set(reason, entry);
  }
  const first = kept[0]?.timeMs ?? 0;
  const requests = kept.map((row): TraceRequest => ({
    atMs: (row.timeMs - first) / speedup,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    ...(row.hashIds === undefined ? {} : { hashIds: row.hashIds }),
  }));
  return { format, requests, setAside: [...setAside.values()], outOfOrder };
}

function nothingToReplay(trace: ReplayTrace, options: TraceReadOptions): string {
  const window = options.fromSeconds !== undefined || options.toSeconds !== undefined;
  const asideCount = trace.setAside.reduce((sum, entry) => sum + entry.count, 0);
  if (asideCount > 0) return `no request to replay${window ? " in the window" : ""}: ${trace.setAside.map((entry) => `${entry.count} with ${entry.reason}`).join(", ")}`;
  return `no request in the window (from ${options.fromSeconds ?? 0} s to ${options.toSeconds ?? "the end"} s after the trace's first request)`;
}
