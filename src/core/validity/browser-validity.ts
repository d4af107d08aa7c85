// The certificate of a run made in the browser: what a page can count of its own part in
// the figures — requests that waited for one of the browser's connections to an origin, how late the main
// thread ran a timer through the run, the loop's kind, token counts reported or estimated — judged by the
// same thresholds as the command line's (client-validity.ts), and what a page cannot measure said so. Pure:
// the session measures, this judges.
import { CLIENT_MAY_HAVE_LIMITED, CLIENT_NOT_LIMITING, footingNotes, VALIDITY_THRESHOLDS, type LoopKind, type TargetFooting, type Validity } from "./client-validity";

/** How late the page's main thread ran a repeating timer of `resolutionMs`, beyond that period. */
export interface MainThreadLag {
  resolutionMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
}

/** Requests to one HTTP/1.1 origin that waited in the browser for a free connection (core/run's observedQueueing). */
export interface ConnectionQueue {
  origin: string;
  requests: number;
  /** Requests that must have waited at least QUEUEING_NOTICE_MS (a lower bound from their starts and ends). */
  queuedRequests: number;
  longestWaitMs: number;
}

export interface BrowserValidityFigures {
  loop: LoopKind;
  /** null when no sample was taken (a run shorter than the timer's period). */
  mainThreadLag: MainThreadLag | null;
  /** Only the origins where some request waited; empty when none did. */
  connectionQueues: ConnectionQueue[];
  /** The connections a browser opens per HTTP/1.1 host. */
  connectionsPerHost: number;
  /** The run's plain-http origins (HTTP/1.1 in a browser) and the targets sent to each: targets on one share its connections (core/load's connectionShares). */
  http1Origins: { origin: string; targetIds: string[] }[];
  targets: TargetFooting[];
}

export interface BrowserValidity {
  client: "browser";
  verdict: Validity["verdict"];
  reasons: string[];
  notes: string[];
  /** What a page cannot measure of its own load, said rather than left out. */
  unmeasured: string[];
  figures: BrowserValidityFigures;
}

/** A run's certificate, whichever front end made it: a command-line run's (Validity) or a browser's. */
export type RunValidity = Validity | BrowserValidity;

export function isBrowserValidity(validity: RunValidity): validity is BrowserValidity {
  return "client" in validity && validity.client === "browser";
}

/** What a page cannot read, whatever the run: the command line measures both. */
export const BROWSER_UNMEASURED: readonly string[] = [
  "CPU busy share: a page cannot read its process's CPU time",
  "the client's timing error against exact timings (the command line's run --self-check)",
];

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** The browser's verdict: the client may have limited the figures when a request waited for a connection or the main thread ran late. */
export function judgeBrowserValidity(figures: BrowserValidityFigures): BrowserValidity {
  const reasons: string[] = [];
  const lag = figures.mainThreadLag;
  if (lag !== null && lag.p99Ms > VALIDITY_THRESHOLDS.eventLoopDelayP99Ms) {
    reasons.push(`the page's main thread ran its timer late by ${ms(lag.p99Ms)} at p99, over ${VALIDITY_THRESHOLDS.eventLoopDelayP99Ms} ms: timestamps taken then may be that late`);
  }
  for (const queue of figures.connectionQueues) {
    if (queue.queuedRequests === 0) continue;
    reasons.push(
      `${queue.queuedRequests} of ${queue.requests} requests to ${queue.origin} waited in the browser for one of its ${figures.connectionsPerHost} connections, up to ${ms(queue.longestWaitMs)}: their latency and TTFT include that wait`,
    );
  }
  const unmeasured = lag === null ? ["the main thread's lateness (the run ended before a sample)", ...BROWSER_UNMEASURED] : [...BROWSER_UNMEASURED];
  return { client: "browser", verdict: reasons.length === 0 ? CLIENT_NOT_LIMITING : CLIENT_MAY_HAVE_LIMITED, reasons, notes: footingNotes(figures), unmeasured, figures };
}
