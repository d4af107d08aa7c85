// Whether the client itself could have limited a run's figures: the
// client's own load during the run and its timing error measured before it, judged against thresholds
// that docs/metrics.md ("Validity") states and defends. Pure: the figures come measured; this only judges.

/** How the requests were paced: a closed loop sends when an answer frees a slot, an open one on a schedule. */
export type LoopKind = "closed" | "open" | "closed and open";

/** The client's own load through the run, measured on the thread that sends (with --workers: the main thread). */
export interface ClientLoad {
  /** How late the event loop ran a timer of `resolutionMs`, beyond that period (monitorEventLoopDelay). */
  eventLoopDelay: { resolutionMs: number; p50Ms: number; p99Ms: number; maxMs: number; samples: number };
  /** The process's CPU time (every thread) over the run's wall time, in cores. */
  cpuCores: number;
  /** Threads that sent requests (--workers, else 1): the cores the CPU time is shared over. */
  sendingThreads: number;
  /** Which event loop `eventLoopDelay` is: "main thread" (it alone sends, or it merges the workers' records). */
  measuredOn: string;
  wallMs: number;
}

/** The client's timing error against a server whose timings are exact (the sandbox's `exact` profile). */
export interface SelfCheck {
  requests: number;
  ttftErrorP50Ms: number;
  ttftErrorP99Ms: number;
  latencyErrorP50Ms: number;
  latencyErrorP99Ms: number;
}

/** What the summary says of one target that bears on its figures' footing. */
export interface TargetFooting {
  targetId: string;
  /** Output token counts: as the provider reported them, or (some or all) estimated from the stream. */
  tokenCounts: "reported" | "estimated";
  /** p99 of queueMs (due → handed to fetch): an open loop's send lag plus waits for its in-flight cap; null without one. */
  queueP99Ms: number | null;
}

export interface ValidityFigures {
  loop: LoopKind;
  clientLoad: ClientLoad;
  /** null when the run made no self-check (`run --self-check`). */
  selfCheck: SelfCheck | null;
  targets: TargetFooting[];
}

export const CLIENT_NOT_LIMITING = "client not limiting";
export const CLIENT_MAY_HAVE_LIMITED = "client may have limited these figures";

export interface Validity {
  verdict: typeof CLIENT_NOT_LIMITING | typeof CLIENT_MAY_HAVE_LIMITED;
  /** Why the client may have limited the figures: one sentence per threshold passed; empty when it did not. */
  reasons: string[];
  /** What the reader should know that is no fault of the client: the loop's bias, estimated tokens, no self-check. */
  notes: string[];
  figures: ValidityFigures;
}

/** The thresholds docs/metrics.md ("Validity") states, with why. */
export const VALIDITY_THRESHOLDS = {
  /** A timer read this late means every timestamp taken then may be as late: beyond 10 ms, a TTFT of a fast model is off by a tenth. */
  eventLoopDelayP99Ms: 10,
  /** Past 0.8 of a core per sending thread, the thread has no slack: callbacks queue behind each other. */
  cpuBusyShare: 0.8,
  /** The client's own timing error at p99; beyond 5 ms it rivals the differences a comparison reports. */
  selfCheckErrorP99Ms: 5,
} as const;

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** The verdict: the client may have limited the figures when any threshold is passed, each passed one said. */
export function judgeValidity(figures: ValidityFigures): Validity {
  const limits = VALIDITY_THRESHOLDS;
  const { eventLoopDelay, cpuCores, sendingThreads, measuredOn } = figures.clientLoad;
  const reasons: string[] = [];
  if (eventLoopDelay.p99Ms > limits.eventLoopDelayP99Ms) {
    reasons.push(`event-loop delay p99 ${ms(eventLoopDelay.p99Ms)} (${measuredOn}) is over ${limits.eventLoopDelayP99Ms} ms: timestamps taken then may be that late`);
  }
  const busyShare = cpuCores / Math.max(1, sendingThreads);
  if (busyShare > limits.cpuBusyShare) {
    reasons.push(`the process kept ${busyShare.toFixed(2)} of a core busy per sending thread, over ${limits.cpuBusyShare}: no slack to read answers when they come`);
  }
  const check = figures.selfCheck;
  if (check !== null && Math.max(check.ttftErrorP99Ms, check.latencyErrorP99Ms) > limits.selfCheckErrorP99Ms) {
    reasons.push(`the self-check's timing error p99 (TTFT ${ms(check.ttftErrorP99Ms)}, latency ${ms(check.latencyErrorP99Ms)}) is over ${limits.selfCheckErrorP99Ms} ms`);
  }
  return { verdict: reasons.length === 0 ? CLIENT_NOT_LIMITING : CLIENT_MAY_HAVE_LIMITED, reasons, notes: notesOf(figures), figures };
}

/** Context that is no threshold of the client's: the loop's own bias, the tokens' footing, what was not measured. */
function notesOf(figures: ValidityFigures): string[] {
  const notes = footingNotes(figures);
  if (figures.selfCheck === null) notes.push("the client's timing error was not measured (run --self-check measures it before the run)");
  return notes;
}

/** The notes every front end's certificate carries: the loop's bias, an open loop's queue, estimated token counts. */
export function footingNotes(figures: Pick<ValidityFigures, "loop" | "targets">): string[] {
  const notes: string[] = [];
  if (figures.loop !== "open") {
    notes.push("closed loop: a slow answer delays the next send, so latencies are per request sent, not per intended arrival (coordinated omission possible)");
  }
  if (figures.loop !== "closed") {
    for (const target of figures.targets) {
      if (target.queueP99Ms !== null && target.queueP99Ms > VALIDITY_THRESHOLDS.eventLoopDelayP99Ms) {
        notes.push(`${target.targetId}: queueMs p99 ${ms(target.queueP99Ms)} (a send later than its schedule, or a wait for the in-flight cap): effective latency includes it`);
      }
    }
  }
  for (const target of figures.targets) {
    if (target.tokenCounts === "estimated") notes.push(`${target.targetId}: output token counts estimated from the stream (the provider did not report them all)`);
  }
  return notes;
}
