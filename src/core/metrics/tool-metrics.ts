// Tool calls (tool-call-summary.ts, docs/metrics.md "Tool calls"): their entries of the catalogue
// (catalogue.ts). Shown by default only in runs whose requests offer tools (measured-figures.ts).
import { intervalOrNone } from "../stats";
import { distributionMetrics } from "./distribution-metrics";
import type { Metric } from "./metric";

const NO_TOOLS_INTERVAL = "no interval: no requests offered tools";

const OFFERED = "successful measured requests that offered tools (parameters.tools)";

// eslint-disable-next-line max-lines-per-function -- a declarative table: one entry per metric of the family
export function toolMetrics(): Metric[] {
  return [
    {
      id: "toolCallRate",
      label: "Tool-call rate",
      header: "Tool calls",
      unit: "fraction",
      better: null,
      value: (row) => row.toolCallRate,
      ci95: (row) => intervalOrNone(row.toolCallRateCi95, NO_TOOLS_INTERVAL),
      intervalMethod: "Wilson",
      definition: `Requests whose answer called at least one tool / ${OFFERED}; an answer in plain text counts as no call. Its 95% interval is Wilson's.`,
      views: ["table", "live", "cli"],
      needs: "toolCalls",
      group: "tools",
      advanced: false,
    },
    {
      id: "validCallRate",
      label: "Valid-call rate",
      header: "Valid calls",
      unit: "fraction",
      better: "higher",
      value: (row) => row.validCallRate,
      ci95: (row) => intervalOrNone(row.validCallRateCi95, NO_TOOLS_INTERVAL),
      intervalMethod: "Wilson",
      definition: `Requests whose answer called tools, every call naming an offered tool with arguments that parse as JSON and are valid against its parameters schema / ${OFFERED}. Its 95% interval is Wilson's.`,
      views: ["table", "live", "diff", "cli"],
      needs: "toolCalls",
      group: "tools",
      advanced: false,
    },
    {
      id: "rightToolRate",
      label: "Right-tool rate",
      header: "Right tool",
      unit: "fraction",
      better: "higher",
      value: (row) => row.rightToolRate,
      ci95: (row) => intervalOrNone(row.rightToolRateCi95, NO_TOOLS_INTERVAL),
      intervalMethod: "Wilson",
      definition: "Requests whose answer called the tool the input's toolCall check names / successful requests whose input has such a check. Its 95% interval is Wilson's.",
      views: ["table", "diff", "cli"],
      needs: "rightTool",
      group: "tools",
      advanced: false,
    },
    {
      id: "toolRequests",
      label: "Requests offering tools",
      header: "Tool req",
      unit: "count",
      better: null,
      value: (row) => row.toolRequests,
      definition: `The ${OFFERED}: the tool-call and valid-call rates' denominator.`,
      views: [],
      needs: "toolCalls",
      group: "tools",
      advanced: true,
    },
    ...distributionMetrics({
      id: "timeToToolCall",
      noun: "time to tool call",
      headerPrefix: "Tool call",
      unit: "ms",
      better: "lower",
      group: "tools",
      distribution: (row) => row.timeToToolCallMs,
      definition: "the time to a complete tool call: start of the request to the last piece of its arguments when streamed, to the last byte otherwise (answers that called a tool)",
      views: { p50: ["table", "cli"], p90: ["table", "cli"] },
      needs: "toolCalls",
    }),
    ...distributionMetrics({
      id: "timeToFirstToolCall",
      noun: "time to first tool-call delta",
      headerPrefix: "First call delta",
      unit: "ms",
      better: "lower",
      group: "tools",
      distribution: (row) => row.timeToFirstToolCallMs,
      definition: "the time to the first stream chunk carrying a piece of a tool call (streamed answers that called a tool)",
      needs: "toolCalls",
    }),
  ];
}

/** A [low, high] interval computed in the summary (Wilson's) as a Ci95. */
