// Tool loops per target (docs/metrics.md, "Tool loops"): how long until the final answer, how many
// requests a loop took, and how often it finished (answered) within the step limit. Fed one record at a
// time by the accumulator (summary.ts); counters and the times only, for runs whose scenario gives tool results.
// Tokens per loop are every step's (the record's toolLoop*Tokens), over the loops whose every step reported them.
import type { RequestRecord } from "../record";
import { describeSorted, emptyDistribution, type Distribution } from "./distribution";
import { wilsonInterval95 } from "./proportion";
import { sortFloat64 } from "./sort-float64";

export interface ToolLoopTotals {
  loops: number;
  finishedLoops: number;
  stepsSum: number;
  timeToFinalAnswerMs: number[];
  /** Loops with a known input total, and those totals summed; the same for output. */
  inputTokensLoops: number;
  inputTokensSum: number;
  outputTokensLoops: number;
  outputTokensSum: number;
}

export function emptyToolLoopTotals(): ToolLoopTotals {
  return { loops: 0, finishedLoops: 0, stepsSum: 0, timeToFinalAnswerMs: [], inputTokensLoops: 0, inputTokensSum: 0, outputTokensLoops: 0, outputTokensSum: 0 };
}

/** One successful measured record; a record without a loop (no toolLoopEnd) adds nothing. */
export function addToolLoopRecord(totals: ToolLoopTotals, record: RequestRecord): void {
  const end = record.toolLoopEnd;
  if (record.status !== "ok" || end === undefined || end === null) return;
  totals.loops += 1;
  if (typeof record.toolSteps === "number" && Number.isFinite(record.toolSteps)) totals.stepsSum += record.toolSteps;
  const input = record.toolLoopInputTokens;
  if (typeof input === "number" && Number.isFinite(input)) {
    totals.inputTokensLoops += 1;
    totals.inputTokensSum += input;
  }
  const output = record.toolLoopOutputTokens;
  if (typeof output === "number" && Number.isFinite(output)) {
    totals.outputTokensLoops += 1;
    totals.outputTokensSum += output;
  }
  if (end !== "answer") return;
  totals.finishedLoops += 1;
  const time = record.timeToFinalAnswerMs;
  if (typeof time === "number" && Number.isFinite(time)) totals.timeToFinalAnswerMs.push(time);
}

export interface ToolLoopSummary {
  /** Successful measured requests that ran a tool loop: the rates' denominator. */
  toolLoops: number;
  /** Loops that ended in an answer (a step that called no tool) within maxToolSteps / toolLoops; null without loops. */
  toolLoopFinishedRate: number | null;
  toolLoopFinishedRateCi95: [number, number] | null;
  /** Requests per loop, the first included, mean over toolLoops; null without loops. */
  toolStepsMean: number | null;
  /** The first request's start to the final answer's last byte, over the loops that finished. */
  timeToFinalAnswerMs: Distribution;
  /** Input tokens of a whole loop (every step's), mean over the loops whose steps all reported them; null without one. */
  toolLoopInputTokensMean: number | null;
  /** Output tokens of a whole loop, likewise. */
  toolLoopOutputTokensMean: number | null;
}

export function summarizeToolLoops(totals: ToolLoopTotals): ToolLoopSummary {
  const { loops, finishedLoops } = totals;
  const times = totals.timeToFinalAnswerMs;
  return {
    toolLoops: loops,
    toolLoopFinishedRate: loops > 0 ? finishedLoops / loops : null,
    toolLoopFinishedRateCi95: wilsonInterval95(finishedLoops, loops),
    toolStepsMean: loops > 0 ? totals.stepsSum / loops : null,
    timeToFinalAnswerMs: times.length === 0 ? emptyDistribution() : describeSorted(sortFloat64(Float64Array.from(times))),
    toolLoopInputTokensMean: totals.inputTokensLoops > 0 ? totals.inputTokensSum / totals.inputTokensLoops : null,
    toolLoopOutputTokensMean: totals.outputTokensLoops > 0 ? totals.outputTokensSum / totals.outputTokensLoops : null,
  };
}
