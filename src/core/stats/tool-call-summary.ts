// Tool calls per target (docs/metrics.md, "Tool calls"): how often an answer called a tool when offered
// some, how often every call it made was valid, how often it named the tool the input expected, and how
// long until the call was complete. Fed one record at a time by the accumulator (summary.ts); counters
// and the times only, for the runs that offered tools.
import type { RequestRecord } from "../record";
import { describeSorted, emptyDistribution, type Distribution } from "./distribution";
import { wilsonInterval95 } from "./proportion";
import { sortFloat64 } from "./sort-float64";

export interface ToolCallTotals {
  toolRequests: number;
  calledRequests: number;
  validCallRequests: number;
  rightToolJudged: number;
  rightToolRequests: number;
  timeToToolCallMs: number[];
  timeToFirstToolCallMs: number[];
}

export function emptyToolCallTotals(): ToolCallTotals {
  return { toolRequests: 0, calledRequests: 0, validCallRequests: 0, rightToolJudged: 0, rightToolRequests: 0, timeToToolCallMs: [], timeToFirstToolCallMs: [] };
}

/** One successful measured record; a record of a run that offered no tools (no toolCalls array) adds nothing. */
export function addToolCallRecord(totals: ToolCallTotals, record: RequestRecord): void {
  const calls = record.toolCalls;
  if (record.status !== "ok" || !Array.isArray(calls)) return;
  totals.toolRequests += 1;
  if (calls.length > 0) {
    totals.calledRequests += 1;
    if (calls.every((call) => call.valid)) totals.validCallRequests += 1;
  }
  const right = record.rightTool ?? null;
  if (right !== null) {
    totals.rightToolJudged += 1;
    if (right) totals.rightToolRequests += 1;
  }
  pushFinite(totals.timeToToolCallMs, record.timeToToolCallMs);
  pushFinite(totals.timeToFirstToolCallMs, record.timeToFirstToolCallMs);
}

function pushFinite(values: number[], value: number | null | undefined): void {
  if (typeof value === "number" && Number.isFinite(value)) values.push(value);
}

export interface ToolCallSummary {
  /** Successful measured requests that offered tools: the rates' denominator. */
  toolRequests: number;
  /** Requests whose answer made at least one call / toolRequests; null without tools. */
  toolCallRate: number | null;
  toolCallRateCi95: [number, number] | null;
  /** Requests whose answer made calls, every one naming an offered tool with arguments valid against its schema / toolRequests. */
  validCallRate: number | null;
  validCallRateCi95: [number, number] | null;
  /** Requests whose input has a toolCall check: the right-tool rate's denominator. */
  rightToolJudged: number;
  /** Requests whose answer called the tool the input's toolCall check names / rightToolJudged. */
  rightToolRate: number | null;
  rightToolRateCi95: [number, number] | null;
  /** Request start to the call complete (its last piece when streamed, the last byte otherwise), over answers that called. */
  timeToToolCallMs: Distribution;
  /** Request start to the first piece of a call (streamed answers that called). */
  timeToFirstToolCallMs: Distribution;
}

export function summarizeToolCalls(totals: ToolCallTotals): ToolCallSummary {
  const { toolRequests, rightToolJudged } = totals;
  const share = (count: number, of: number): number | null => (of > 0 ? count / of : null);
  return {
    toolRequests,
    toolCallRate: share(totals.calledRequests, toolRequests),
    toolCallRateCi95: wilsonInterval95(totals.calledRequests, toolRequests),
    validCallRate: share(totals.validCallRequests, toolRequests),
    validCallRateCi95: wilsonInterval95(totals.validCallRequests, toolRequests),
    rightToolJudged,
    rightToolRate: share(totals.rightToolRequests, rightToolJudged),
    rightToolRateCi95: wilsonInterval95(totals.rightToolRequests, rightToolJudged),
    timeToToolCallMs: describeValues(totals.timeToToolCallMs),
    timeToFirstToolCallMs: describeValues(totals.timeToFirstToolCallMs),
  };
}

function describeValues(values: readonly number[]): Distribution {
  return values.length === 0 ? emptyDistribution() : describeSorted(sortFloat64(Float64Array.from(values)));
}
