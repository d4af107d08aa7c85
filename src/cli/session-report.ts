// A run of sessions' per-turn lines (docs/metrics.md, "Sessions"): per target and turn, the TTFT and
// latency medians and the input tokens the turn sent, so a TTFT that falls on later turns (a prefix cache
// holding the conversation) reads down the column. Empty for any other run.
import { formatCount, formatNumberIn, MISSING } from "../core/text";
import type { SessionSummary, SummaryRow } from "../core/stats";
import { formatTextTable } from "./text-table";

export function formatSessionReport(rows: readonly SummaryRow[], targetLabel: (targetId: string) => string): string {
  const lines: string[][] = [];
  for (const row of rows) {
    for (const turn of row.sessions?.turns ?? []) {
      lines.push([
        targetLabel(row.targetId),
        String(turn.turn),
        formatCount(turn.okRequests),
        formatNumberIn("ms", turn.ttftP50Ms),
        formatNumberIn("ms", turn.latencyP50Ms),
        turn.inputTokensMean === null ? MISSING : formatCount(Math.round(turn.inputTokensMean)),
        turn.cachedInputTokensMean === null ? MISSING : formatCount(Math.round(turn.cachedInputTokensMean)),
      ]);
    }
  }
  if (lines.length === 0) return "";
  const title = "By turn (each turn sends the conversation before it):";
  return `${title}\n${formatTextTable(["target", "turn", "ok", "TTFT p50 (ms)", "latency p50 (ms)", "input tokens", "cached tokens"], lines, [1, 2, 3, 4, 5, 6])}`;
}

/** The per-turn table as lines of a report, a blank line after it; none for a run of other inputs. */
export function sessionLines(rows: readonly SummaryRow[], targetLabel: (targetId: string) => string): string[] {
  const report = formatSessionReport(rows, targetLabel);
  return report === "" ? [] : [report, ""];
}

/** The --summary file's per-turn figures, by target id; null for a run of other inputs. */
export function sessionsJson(rows: readonly SummaryRow[]): Record<string, SessionSummary> | null {
  const entries = rows.flatMap((row) => (row.sessions === undefined ? [] : [[row.targetId, row.sessions] as const]));
  return entries.length === 0 ? null : Object.fromEntries(entries);
}
