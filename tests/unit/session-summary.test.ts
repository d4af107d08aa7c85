// The summary's session figures on fixture records (issue 29, item 3): TTFT and latency by turn, turn 1
// against the later turns, input tokens per turn, the duration of finished sessions (think time included),
// sessions ended early, and what the command line prints of them.
import { describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { summarize } from "../../src/core/stats";
import { metricById } from "../../src/core/metrics";
import { formatSessionReport } from "../../src/cli/session-report";
import { requestRecord } from "./request-record";

/** A session's turns for target "a": turn k starts at `start + 1000 (k − 1)` and lasts `latencyMs`. */
function session(sessionId: string, turns: { ttftMs: number; latencyMs: number; inputTokens: number; status?: "ok" | "error" }[], start: number, sessionTurns = turns.length, repetition = 0): RequestRecord[] {
  return turns.map((turn, index) =>
    requestRecord({
      targetId: "a",
      inputIndex: index,
      repetition,
      startedAt: start + 1000 * index,
      ttftMs: turn.status === "error" ? null : turn.ttftMs,
      latencyMs: turn.latencyMs,
      inputTokens: turn.status === "error" ? null : turn.inputTokens,
      status: turn.status ?? "ok",
      errorKind: turn.status === "error" ? "http_5xx" : null,
      sessionId,
      turn: index + 1,
      sessionTurns,
    }),
  );
}

const records = [
  ...session("s0", [{ ttftMs: 100, latencyMs: 300, inputTokens: 50 }, { ttftMs: 40, latencyMs: 200, inputTokens: 150 }, { ttftMs: 30, latencyMs: 250, inputTokens: 260 }], 0),
  ...session("s1", [{ ttftMs: 120, latencyMs: 320, inputTokens: 60 }, { ttftMs: 50, latencyMs: 210, inputTokens: 170 }, { ttftMs: 20, latencyMs: 240, inputTokens: 280 }], 500),
  // The same session again in a later round: another session.
  ...session("s0", [{ ttftMs: 140, latencyMs: 340, inputTokens: 50 }, { ttftMs: 60, latencyMs: 0, inputTokens: 0, status: "error" }], 9000, 3, 1),
];

describe("the summary's session figures", () => {
  it("sets turn 1 beside the later turns, per turn and pooled, and times the finished sessions", () => {
    const [row] = summarize(records, ["a"]);
    expect(row!.sessions).toEqual({
      sessions: 3,
      finished: 2,
      unfinished: 1,
      // s0: 0 → 2000 + 250; s1: 500 → 2500 + 240.
      durationP50Ms: (2250 + 2240) / 2,
      firstTurnTtftP50Ms: 120,
      laterTurnsTtftP50Ms: 35,
      firstTurnLatencyP50Ms: 320,
      laterTurnsLatencyP50Ms: 225,
      turns: [
        { turn: 1, okRequests: 3, ttftP50Ms: 120, latencyP50Ms: 320, inputTokensMean: 160 / 3, cachedInputTokensMean: null },
        { turn: 2, okRequests: 2, ttftP50Ms: 45, latencyP50Ms: 205, inputTokensMean: 160, cachedInputTokensMean: null },
        { turn: 3, okRequests: 2, ttftP50Ms: 25, latencyP50Ms: 245, inputTokensMean: 270, cachedInputTokensMean: null },
      ],
    });
    expect(metricById("session_laterTurnsTtftP50Ms").value(row!)).toBe(35);
    expect(metricById("session_unfinished").value(row!)).toBe(1);
  });

  it("adds no session figures to a row of other inputs, and the command line prints no turn lines for it", () => {
    const rows = summarize([requestRecord(), requestRecord({ inputIndex: 1 })], ["a"]);
    expect(rows[0]).not.toHaveProperty("sessions");
    expect(metricById("session_firstTurnTtftP50Ms").value(rows[0]!)).toBeNull();
    expect(formatSessionReport(rows, (id) => id)).toBe("");
  });

  it("prints a line per target and turn", () => {
    const lines = formatSessionReport(summarize(records, ["a"]), (id) => `target ${id}`).split("\n");
    expect(lines[0]).toBe("By turn (each turn sends the conversation before it):");
    expect(lines.slice(3)).toHaveLength(3);
    expect(lines[5]).toMatch(/^target a\s+3\s+2\s+25\.0\s+245\s+270\s+—$/);
  });
});
