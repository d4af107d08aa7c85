// What the command line's main thread and its run workers say to each other (run-in-workers.ts, run-worker.ts).
import type { Clock } from "../../core/measure";
import type { EndpointKeys, RunProgress, RunResult } from "../../core/run";
import type { RequestRecord } from "../../core/record";
import type { Scenario } from "../../core/scenario";
import type { Stage } from "../../core/load";
import type { TransportName } from "../args";

export interface WorkerSetup {
  index: number;
  count: number;
  runId: string;
  scenario: Scenario;
  accessToken: string | undefined;
  endpointKeys: EndpointKeys | undefined;
  sandboxUrl: string;
  transport: { transport: TransportName; http2: boolean };
  /** The main thread's performance.timeOrigin: the origin of the clock every thread shares (sharedClock). */
  timeOrigin: number;
  /** One start per stage, agreed between the workers (BigInt64Array of microseconds on the shared clock; 0 = not yet). */
  stageStarts: SharedArrayBuffer;
}

export type FromWorker =
  | {
      kind: "records";
      records: RequestRecord[];
      /** When each record was emitted, on the shared clock: the order they are merged in. */
      times: number[];
      /** Every record this worker emits later has a time at or after this one. */
      watermark: number;
      progress: RunProgress | null;
    }
  | { kind: "stage"; stage: Stage }
  | { kind: "done"; result: RunResult }
  | { kind: "failed"; message: string };

export type ToWorker = { kind: "ack" } | { kind: "abort" };

/**
 * One clock for every thread of a run. performance.now() counts from each thread's own timeOrigin (a
 * worker's is when it started), so a worker's readings are moved onto the main thread's origin:
 * timeOrigin + now() is the same instant in every thread. Epoch times are read from that same clock
 * (the main thread's origin + now), not from Date.now(): each worker maps its monotonic times to epoch
 * times once, at its start, and whole-millisecond Date.now() readings would set the workers' mappings
 * up to a millisecond apart, so arrivals paced together would be recorded apart.
 */
export function sharedClock(mainTimeOrigin: number): Clock {
  const offset = performance.timeOrigin - mainTimeOrigin;
  const now = (): number => performance.now() + offset;
  return { now, epochMs: () => mainTimeOrigin + now(), epochAt: (mono) => mainTimeOrigin + mono };
}
