// Multi-turn sessions (session-summary.ts, docs/metrics.md "Sessions"): shown by default in runs of
// sessions, so turn 1's TTFT stands beside the later turns' (where a prefix cache shows), with how long a
// session took and how many ended before their last turn. The per-turn figures are the Compare page's
// "TTFT by turn" chart and the command line's per-turn lines.
import type { SessionSummary, SummaryRow } from "../stats";
import type { Metric } from "./metric";

type SessionFigure = Exclude<keyof SessionSummary, "turns">;

export function sessionMetrics(): Metric[] {
  const onlySessions = "Empty unless the scenario's inputs are sessions (inputs.sessions).";
  const metric = (id: SessionFigure, label: string, header: string, unit: Metric["unit"], better: Metric["better"], definition: string, shown: boolean): Metric => ({
    id: `session_${id}`,
    label,
    header,
    unit,
    better,
    value: (row: SummaryRow) => row.sessions?.[id] ?? null,
    definition: `${definition} ${onlySessions}`,
    views: shown ? ["table", "cli"] : [],
    needs: "sessions",
    group: "sessions",
    advanced: false,
  });
  return [
    metric("firstTurnTtftP50Ms", "TTFT p50, turn 1", "TTFT t1", "ms", "lower", "Median time to first token of the sessions' first turns (successful requests): the conversation's first message, nothing before it to cache.", true),
    metric("laterTurnsTtftP50Ms", "TTFT p50, later turns", "TTFT t2+", "ms", "lower", "Median time to first token of every turn after the first: each sends the whole conversation before it, which a provider's prefix cache may already hold.", true),
    metric("firstTurnLatencyP50Ms", "Latency p50, turn 1", "Lat t1", "ms", "lower", "Median latency of the sessions' first turns (successful requests).", false),
    metric("laterTurnsLatencyP50Ms", "Latency p50, later turns", "Lat t2+", "ms", "lower", "Median latency of every turn after the first (successful requests).", false),
    metric("durationP50Ms", "Session duration p50", "Session", "ms", "lower", "Median time from a finished session's first request to its last turn's answer, think times included: what a user of the conversation waited and read.", true),
    metric("sessions", "Sessions", "Sessions", "count", null, "Sessions with at least one measured request.", false),
    metric("finished", "Sessions finished", "Finished", "count", "higher", "Sessions whose last turn was answered.", false),
    metric("unfinished", "Sessions unfinished", "Unfinished", "count", "lower", "Sessions that ended before their last turn: a failed turn ends its session (the next turn would follow an answer that never came), as does the end of a run's duration or an abort.", true),
  ];
}
