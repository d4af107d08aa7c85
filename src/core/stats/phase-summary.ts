// HTTP phases per target (docs/metrics.md, "HTTP phases"): the medians of connect, TLS, waiting and
// receiving, and the share of requests that reused a connection. Fed one measured record at a time by
// the accumulator in summary.ts; keeps growable number arrays and counters, never records.
import { percentile } from "./percentile";
import type { RequestRecord } from "../record";

/** The summary row's phase figures; null where no request had the phase measured (a browser run, old records). */
export interface PhaseSummary {
  /** Median name lookup + TCP connect, over successful requests that opened their connection. */
  connectP50Ms: number | null;
  /** Median TLS handshake, over successful requests that opened an https connection. */
  tlsP50Ms: number | null;
  /** Median request sent → response headers, over successful requests. */
  waitingP50Ms: number | null;
  /** Median response headers → last byte, over successful requests. */
  receivingP50Ms: number | null;
  /** Successful requests sent on a reused connection / successful requests whose connection is known. */
  reusedConnectionShare: number | null;
}

export interface PhaseTotals {
  connectMs: number[];
  tlsMs: number[];
  waitingMs: number[];
  receivingMs: number[];
  reused: number;
  connectionKnown: number;
}

export function emptyPhaseTotals(): PhaseTotals {
  return { connectMs: [], tlsMs: [], waitingMs: [], receivingMs: [], reused: 0, connectionKnown: 0 };
}

/** One measured, non-aborted attempt: only successful ones count, as for latency. */
export function addPhaseRecord(totals: PhaseTotals, record: RequestRecord): void {
  if (record.status !== "ok") return;
  pushMeasured(totals.connectMs, record.connectMs);
  pushMeasured(totals.tlsMs, record.tlsMs);
  pushMeasured(totals.waitingMs, record.waitingMs);
  pushMeasured(totals.receivingMs, record.receivingMs);
  if (record.connectionReused === true || record.connectionReused === false) {
    totals.connectionKnown += 1;
    if (record.connectionReused) totals.reused += 1;
  }
}

export function summarizePhases(totals: PhaseTotals): PhaseSummary {
  return {
    connectP50Ms: median(totals.connectMs),
    tlsP50Ms: median(totals.tlsMs),
    waitingP50Ms: median(totals.waitingMs),
    receivingP50Ms: median(totals.receivingMs),
    reusedConnectionShare: totals.connectionKnown > 0 ? totals.reused / totals.connectionKnown : null,
  };
}

function pushMeasured(values: number[], value: number | null | undefined): void {
  if (typeof value === "number" && Number.isFinite(value)) values.push(value);
}

function median(values: readonly number[]): number | null {
  return values.length === 0 ? null : percentile(Float64Array.from(values).sort(), 50);
}
