// Multi-turn sessions per target (docs/metrics.md, "Sessions"): TTFT and latency by turn (turn 1 against
// the later turns, which a prefix cache can serve from the conversation before them), the input tokens each
// turn sent (the history grows), and how long a session took from its first request to its last answer,
// think times included. Fed one measured record at a time by the accumulator in summary.ts.
import type { RequestRecord } from "../record";
import { median } from "./percentile";

/** One turn's figures over a target's successful requests of that turn. */
export interface TurnFigures {
  /** From 1. */
  turn: number;
  okRequests: number;
  ttftP50Ms: number | null;
  latencyP50Ms: number | null;
  /** Mean input tokens the provider reported for the turn: its message and all the conversation before it. */
  inputTokensMean: number | null;
  /** Mean input tokens the provider reported as served from its prefix cache. */
  cachedInputTokensMean: number | null;
}

export interface SessionSummary {
  /** Sessions with at least one measured request. */
  sessions: number;
  /** Sessions whose last turn was answered. */
  finished: number;
  /** Sessions ended before their last turn: a failed turn ends its session, as does the run's end (a duration, an abort). */
  unfinished: number;
  /** Median time from a finished session's first request to its last answer, think times included. */
  durationP50Ms: number | null;
  firstTurnTtftP50Ms: number | null;
  laterTurnsTtftP50Ms: number | null;
  firstTurnLatencyP50Ms: number | null;
  laterTurnsLatencyP50Ms: number | null;
  /** Turn 1, 2, … in order, up to the longest session's last measured turn. */
  turns: TurnFigures[];
}

interface TurnTotals {
  ttft: number[];
  latency: number[];
  okRequests: number;
  inputSum: number;
  inputCount: number;
  cachedSum: number;
  cachedCount: number;
}

interface OneSession {
  firstStartedAt: number;
  lastEndedAt: number;
  finished: boolean;
}

export interface SessionTotals {
  turns: TurnTotals[];
  /** Keyed by session id and repetition: a session run again in a later round is another session. */
  sessions: Map<string, OneSession>;
}

export function emptySessionTotals(): SessionTotals {
  return { turns: [], sessions: new Map() };
}

/** One measured, not aborted record; a record of no session is left alone. */
export function addSessionRecord(totals: SessionTotals, record: RequestRecord): void {
  const turn = record.turn ?? null;
  if (turn === null || record.sessionId === undefined || record.sessionId === null) return;
  const key = `${record.sessionId}\u0000${record.repetition}`;
  const endedAt = record.startedAt + record.latencyMs;
  const session = totals.sessions.get(key);
  const finishes = record.status === "ok" && turn === record.sessionTurns;
  if (session === undefined) totals.sessions.set(key, { firstStartedAt: record.startedAt, lastEndedAt: endedAt, finished: finishes });
  else {
    session.firstStartedAt = Math.min(session.firstStartedAt, record.startedAt);
    session.lastEndedAt = Math.max(session.lastEndedAt, endedAt);
    session.finished ||= finishes;
  }
  if (record.status !== "ok") return;
  const figures = turnTotals(totals, turn);
  figures.okRequests += 1;
  if (record.ttftMs !== null && Number.isFinite(record.ttftMs)) figures.ttft.push(record.ttftMs);
  if (Number.isFinite(record.latencyMs)) figures.latency.push(record.latencyMs);
  if (record.inputTokens !== null) {
    figures.inputSum += record.inputTokens;
    figures.inputCount += 1;
  }
  const cached = record.cachedInputTokens ?? null;
  if (cached !== null) {
    figures.cachedSum += cached;
    figures.cachedCount += 1;
  }
}

function turnTotals(totals: SessionTotals, turn: number): TurnTotals {
  while (totals.turns.length < turn) totals.turns.push({ ttft: [], latency: [], okRequests: 0, inputSum: 0, inputCount: 0, cachedSum: 0, cachedCount: 0 });
  return totals.turns[turn - 1]!;
}

/** The row's session figures; null when the target has no record of a session (any other inputs, old runs). */
export function summarizeSessions(totals: SessionTotals): SessionSummary | null {
  if (totals.sessions.size === 0) return null;
  const sessions = [...totals.sessions.values()];
  const finished = sessions.filter((session) => session.finished);
  const later = totals.turns.slice(1);
  return {
    sessions: sessions.length,
    finished: finished.length,
    unfinished: sessions.length - finished.length,
    durationP50Ms: median(finished.map((session) => session.lastEndedAt - session.firstStartedAt)),
    firstTurnTtftP50Ms: median(totals.turns[0]?.ttft ?? []),
    laterTurnsTtftP50Ms: median(later.flatMap((turn) => turn.ttft)),
    firstTurnLatencyP50Ms: median(totals.turns[0]?.latency ?? []),
    laterTurnsLatencyP50Ms: median(later.flatMap((turn) => turn.latency)),
    turns: totals.turns.map((turn, index) => ({
      turn: index + 1,
      okRequests: turn.okRequests,
      ttftP50Ms: median(turn.ttft),
      latencyP50Ms: median(turn.latency),
      inputTokensMean: turn.inputCount === 0 ? null : turn.inputSum / turn.inputCount,
      cachedInputTokensMean: turn.cachedCount === 0 ? null : turn.cachedSum / turn.cachedCount,
    })),
  };
}
