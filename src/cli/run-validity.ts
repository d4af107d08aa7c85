// `run`'s certificate (core/validity): the client's load through the sending (client-load.ts) and the
// self-check's error (self-check.ts, with --self-check) judged beside the summary's footing, and the
// lines printed after the summary table.
import type { Scenario } from "../core/scenario";
import type { SummaryRow } from "../core/stats";
import { isBrowserValidity, judgeValidity, loopKindOf, targetFootings, type BrowserValidity, type ClientLoad, type RunValidity, type SelfCheck, type Validity } from "../core/validity";

export function runValidity(scenario: Scenario, rows: readonly SummaryRow[], clientLoad: ClientLoad, selfCheck: SelfCheck | null): Validity {
  return judgeValidity({ loop: loopKindOf(scenario), clientLoad, selfCheck, targets: targetFootings(rows) });
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** The certificate as text (a bundle from the dashboard carries the browser's): the verdict, the figures it rests on, each reason and note. */
export function formatValidity(validity: RunValidity): string {
  return isBrowserValidity(validity) ? formatBrowserValidity(validity) : formatClientValidity(validity);
}

function formatBrowserValidity({ verdict, reasons, notes, unmeasured, figures }: BrowserValidity): string {
  const lag = figures.mainThreadLag;
  const lines = [
    `Client validity (a browser run): ${verdict}`,
    lag === null
      ? "  main thread: not sampled"
      : `  main thread late beyond its ${lag.resolutionMs} ms timer: p50 ${ms(lag.p50Ms)}, p99 ${ms(lag.p99Ms)}, max ${ms(lag.maxMs)} (${lag.samples} samples)`,
    `  loop: ${figures.loop}`,
    ...reasons.map((reason) => `  reason: ${reason}`),
    ...notes.map((note) => `  note: ${note}`),
    ...unmeasured.map((what) => `  not measured: ${what}`),
  ];
  return `${lines.join("\n")}\n`;
}

function formatClientValidity({ verdict, reasons, notes, figures }: Validity): string {
  const { eventLoopDelay: delay, cpuCores, sendingThreads, measuredOn, wallMs } = figures.clientLoad;
  const check = figures.selfCheck;
  const lines = [
    `Client validity: ${verdict}`,
    `  event-loop delay beyond its ${delay.resolutionMs} ms timer (${measuredOn}): p50 ${ms(delay.p50Ms)}, p99 ${ms(delay.p99Ms)}, max ${ms(delay.maxMs)} (${delay.samples} samples)`,
    `  CPU: ${cpuCores.toFixed(2)} of a core over ${(wallMs / 1000).toFixed(1)} s, ${sendingThreads} sending thread${sendingThreads === 1 ? "" : "s"}`,
    check === null
      ? "  self-check: not made (--self-check)"
      : `  self-check, ${check.requests} requests against exact timings: TTFT error p50 ${ms(check.ttftErrorP50Ms)}, p99 ${ms(check.ttftErrorP99Ms)}; latency error p50 ${ms(check.latencyErrorP50Ms)}, p99 ${ms(check.latencyErrorP99Ms)}`,
    `  loop: ${figures.loop}`,
    ...reasons.map((reason) => `  reason: ${reason}`),
    ...notes.map((note) => `  note: ${note}`),
  ];
  return `${lines.join("\n")}\n`;
}
