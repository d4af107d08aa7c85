// The client's own load through a run (core/validity judges it): how late this thread's event loop ran a
// timer (perf_hooks' histogram, sampled by libuv off the request path) and the process's CPU time over
// the wall time. Two readings at the ends and one timer every RESOLUTION_MS: nothing on a request's path.
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import type { ClientLoad } from "../core/validity";

/** The histogram's timer period: the default, ten wake-ups a tenth of a second, finer than any threshold judged. */
const RESOLUTION_MS = 10;
const NS_PER_MS = 1e6;

export interface ClientLoadWatch {
  /** Ends the watch; the figures over its span (a second call gets the first's). */
  stop(): ClientLoad;
}

export function watchClientLoad(sendingThreads: number): ClientLoadWatch {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const cpuAtStart = process.cpuUsage();
  const startedAt = performance.now();
  histogram.enable();
  let figures: ClientLoad | null = null;
  return {
    stop() {
      figures ??= figuresOf(histogram, cpuAtStart, performance.now() - startedAt, sendingThreads);
      histogram.disable();
      return figures;
    },
  };
}

function figuresOf(histogram: IntervalHistogram, cpuAtStart: NodeJS.CpuUsage, wallMs: number, sendingThreads: number): ClientLoad {
  const cpu = process.cpuUsage(cpuAtStart);
  // The histogram holds each interval between two runs of the timer: its period is no delay.
  const beyondPeriod = (ns: number): number => (histogram.count === 0 ? 0 : Math.max(0, ns / NS_PER_MS - RESOLUTION_MS));
  return {
    eventLoopDelay: {
      resolutionMs: RESOLUTION_MS,
      p50Ms: beyondPeriod(histogram.percentile(50)),
      p99Ms: beyondPeriod(histogram.percentile(99)),
      maxMs: beyondPeriod(histogram.max),
      samples: histogram.count,
    },
    cpuCores: wallMs <= 0 ? 0 : (cpu.user + cpu.system) / 1000 / wallMs,
    sendingThreads,
    measuredOn: sendingThreads > 1 ? "main thread, which merges the workers' records; the workers' own loops are not watched" : "main thread, which sends",
    wallMs,
  };
}
