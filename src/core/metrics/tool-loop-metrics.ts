// Tool loops (tool-loop-summary.ts, docs/metrics.md "Tool loops"): their entries of the catalogue
// (catalogue.ts). Shown by default only in runs whose scenario gives tool results (measured-figures.ts).
import { emptyDistribution, intervalOrNone } from "../stats";
import { distributionMetrics } from "./distribution-metrics";
import type { Metric } from "./metric";

const NO_LOOPS_INTERVAL = "no interval: no request ran a tool loop";

const LOOPS = "successful measured requests that ran a tool loop (a scenario with toolResults)";

/** A summary written before tool loops has none of their figures: read as none. */
const NO_TIMES = emptyDistribution();

export function toolLoopMetrics(): Metric[] {
  return [
    {
      id: "toolLoopFinishedRate",
      label: "Loops finished",
      header: "Loops done",
      unit: "fraction",
      better: "higher",
      value: (row) => row.toolLoopFinishedRate ?? null,
      ci95: (row) => intervalOrNone(row.toolLoopFinishedRateCi95 ?? null, NO_LOOPS_INTERVAL),
      intervalMethod: "Wilson",
      definition: `Loops that ended in a final answer (a step calling no tool) within maxToolSteps / ${LOOPS}. A target that ignores tools answers at once and finishes in one step. Its 95% interval is Wilson's.`,
      views: ["table", "live", "diff", "cli"],
      needs: "toolLoop",
      group: "tools",
      advanced: false,
    },
    {
      id: "toolStepsMean",
      label: "Mean steps per loop",
      header: "Steps",
      unit: "number",
      better: null,
      value: (row) => row.toolStepsMean ?? null,
      definition: `Requests per tool loop, the first included, mean over the ${LOOPS}: 1 is an answer at once, 2 a call answered with its result and then a final answer.`,
      views: ["table", "cli"],
      needs: "toolLoop",
      group: "tools",
      advanced: false,
    },
    {
      id: "toolLoops",
      label: "Tool loops",
      header: "Loops",
      unit: "count",
      better: null,
      value: (row) => row.toolLoops ?? null,
      definition: `The ${LOOPS}: the loops-finished rate's denominator.`,
      views: [],
      needs: "toolLoop",
      group: "tools",
      advanced: true,
    },
    ...distributionMetrics({
      id: "timeToFinalAnswer",
      noun: "time to final answer",
      headerPrefix: "Final answer",
      unit: "ms",
      better: "lower",
      group: "tools",
      distribution: (row) => row.timeToFinalAnswerMs ?? NO_TIMES,
      definition:
        "the time to a tool loop's final answer: the first request's start to the last byte of the answer that called no tool, every step's request and answer included (the steps follow each other at once: the client waits for nothing between them), over the loops that finished",
      views: { p50: ["table", "cli"], p90: ["table", "cli"] },
      needs: "toolLoop",
    }),
    ...loopTokenMetrics(),
  ];
}

/** Tokens of a whole loop, every step's: what its cost is priced on (docs/metrics.md, "Tool loops"). */
function loopTokenMetrics(): Metric[] {
  const over = "mean over the loops whose every step reported it (a step without usage leaves its loop out)";
  return [
    {
      id: "toolLoopInputTokensMean",
      label: "Input tokens per loop",
      header: "Loop in tok",
      unit: "tokens",
      better: null,
      value: (row) => row.toolLoopInputTokensMean ?? null,
      definition: `Input tokens of a whole tool loop, every step's request (each carries the conversation so far), ${over}. The cost of a loop is priced on these, not on the first step's.`,
      views: [],
      needs: "toolLoop",
      group: "tools",
      advanced: false,
    },
    {
      id: "toolLoopOutputTokensMean",
      label: "Output tokens per loop",
      header: "Loop out tok",
      unit: "tokens",
      better: null,
      value: (row) => row.toolLoopOutputTokensMean ?? null,
      definition: `Output tokens of a whole tool loop, every step's answer (calls and final answer), as reported, ${over}.`,
      views: [],
      needs: "toolLoop",
      group: "tools",
      advanced: false,
    },
  ];
}
