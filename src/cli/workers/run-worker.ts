// One run worker (--workers): its own event loop, undici pool and clock, running its share of the run
// (core/run/run-share.ts, RunShare) and sending its records to the main thread in batches, each stamped on the
// clock all threads share so the main thread can merge them in order. Backpressure crosses the thread:
// past MAX_UNACKED batches the main thread has not taken, a record holds its request's place, as a slow
// file does on one thread.
import { parentPort, workerData } from "node:worker_threads";
import type { RequestRecord } from "../../core/record";
import { runScenario, type RunProgress } from "../../core/run";
import { createRunTransport } from "../transport/run-transport";
import { sharedClock, type FromWorker, type ToWorker, type WorkerSetup } from "./messages";

/** Records sent at once at most; fewer go out every BATCH_INTERVAL_MS. */
const BATCH_RECORDS = 512;
const BATCH_INTERVAL_MS = 20;
const MAX_UNACKED = 4;
/** How far ahead the first worker to reach a stage sets its start, so the others reach it in time. */
const STAGE_START_LEAD_MS = 20;

const setup = workerData as WorkerSetup;
const port = parentPort!;
const clock = sharedClock(setup.timeOrigin);
const controller = new AbortController();
const starts = new BigInt64Array(setup.stageStarts);

let records: RequestRecord[] = [];
let times: number[] = [];
let progress: RunProgress | null = null;
let unacked = 0;
let waiting: (() => void)[] = [];
let lastPostAt = clock.now();

const send = (message: FromWorker): void => port.postMessage(message);

function post(): void {
  const watermark = clock.now();
  send({ kind: "records", records, times, watermark, progress });
  records = [];
  times = [];
  progress = null;
  unacked++;
  lastPostAt = watermark;
}

port.on("message", (message: ToWorker) => {
  if (message.kind === "abort") controller.abort();
  else if (--unacked < MAX_UNACKED && waiting.length > 0) {
    const resume = waiting;
    waiting = [];
    for (const wake of resume) wake();
  }
});

// The main thread orders records by time up to every worker's latest mark: a quiet worker still says how far it got.
const heartbeat = setInterval(() => {
  if (records.length > 0 || clock.now() - lastPostAt >= BATCH_INTERVAL_MS) post();
}, BATCH_INTERVAL_MS);

/** The first worker to reach a stage proposes its start; every other one takes that (Atomics: one winner). */
function stageStart(stageIndex: number, now: number): number {
  const slot = stageIndex % starts.length;
  const proposed = BigInt(Math.round((now + STAGE_START_LEAD_MS) * 1000));
  const previous = Atomics.compareExchange(starts, slot, 0n, proposed);
  return Number(previous === 0n ? proposed : previous) / 1000;
}

const transport = createRunTransport(setup.transport, setup.scenario, clock);
try {
  const result = await runScenario({
    runId: setup.runId,
    scenario: setup.scenario,
    accessToken: setup.accessToken,
    endpointKeys: setup.endpointKeys,
    sandboxUrl: setup.sandboxUrl,
    fetch: transport.fetch,
    signal: controller.signal,
    clock,
    share: { index: setup.index, count: setup.count, stageStart },
    onRecord: (record) => {
      records.push(record);
      times.push(clock.now());
      if (records.length >= BATCH_RECORDS) post();
      return unacked < MAX_UNACKED ? undefined : new Promise<void>((resolve) => waiting.push(resolve));
    },
    onProgress: (state) => (progress = state),
    onStage: setup.index === 0 ? (stage) => send({ kind: "stage", stage }) : undefined,
  });
  post();
  send({ kind: "done", result });
} catch (error) {
  send({ kind: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  clearInterval(heartbeat);
  await transport.close();
  port.close();
}
