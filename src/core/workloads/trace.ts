// A production trace as ProviderBench replays it: when each request came (from the first), how many
// tokens it sent and got back, and for Mooncake's traces which prefix blocks it shared with others.
// The formats (Mooncake JSONL, BurstGPT CSV, Azure LLM-inference CSV) are read into this one shape;
// their errors name the line and the field.

export const TRACE_FORMATS = ["mooncake", "burstgpt", "azure"] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

export interface TraceRequest {
  /** When to send it, in milliseconds after the first request kept (speed-up applied). */
  atMs: number;
  inputTokens: number;
  outputTokens: number;
  /** Mooncake: the ids of the prompt's blocks (512 tokens each in its traces); equal leading ids, equal leading text. */
  hashIds?: number[];
}

/** One request as its file gives it: the time on the file's own clock, in milliseconds. */
export interface TraceRow {
  line: number;
  timeMs: number;
  inputTokens: number;
  outputTokens: number;
  hashIds?: number[];
}

export interface TraceError {
  /** The file's line (from 1), or null for the file as a whole. */
  line: number | null;
  /** The field (a CSV column, a JSON key) at fault, when one is. */
  field?: string;
  message: string;
}

/** Problems listed at most: a file wrong on every line says so in a screenful. */
export const MAX_TRACE_ERRORS = 20;

/** Rows a trace may hold: BurstGPT's larger file has 3.9 million; Azure's week-long ones need cutting first. */
export const MAX_TRACE_ROWS = 5_000_000;

/** Gathers a file's errors: the first MAX_TRACE_ERRORS kept, every one counted. */
export class TraceErrors {
  readonly list: TraceError[] = [];
  total = 0;

  add(error: TraceError): void {
    this.total++;
    if (this.list.length < MAX_TRACE_ERRORS) this.list.push(error);
  }

  /** The errors as a result would report them, with a last line for those not listed. */
  report(): TraceError[] {
    const more = this.total - this.list.length;
    return more > 0 ? [...this.list, { line: null, message: `… and ${more} more problem${more === 1 ? "" : "s"}` }] : [...this.list];
  }
}

/** `line 3, field "input_length": must be a whole number of tokens, got -5`. */
export function formatTraceError(error: TraceError): string {
  const where = [error.line === null ? null : `line ${error.line}`, error.field === undefined ? null : `field ${JSON.stringify(error.field)}`].filter((part) => part !== null);
  return where.length === 0 ? error.message : `${where.join(", ")}: ${error.message}`;
}

/** A field's value quoted for a message, cut short if long. */
export function quoteValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** A count of tokens a file gives (a number, or its text): a whole number, 0 or more; else the complaint. */
export function tokenCountOf(value: unknown): number | string {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 0) return `must be a whole number of tokens, 0 or more, got ${quoteValue(value)}`;
  return number;
}
