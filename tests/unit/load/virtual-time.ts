// Virtual time for the load models' tests: the runner's clock, the pacer's waits, backoff sleeps and a
// fake provider's service time all run on one clock that jumps from timer to timer once everything
// else has settled, so queueing comes out exact, with no real sleep.
import type { Clock } from "../../../src/core/measure";
import type { PacerClock } from "../../../src/core/load";
import type { TargetCall } from "../../../src/core/run";

const EPOCH_START = 1_700_000_000_000;

export interface VirtualTime {
  clock: Clock;
  pacerClock: PacerClock;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Settles everything due, timer by timer, until `done` settles; returns its value. */
  run<T>(done: Promise<T>): Promise<T>;
  now(): number;
}

export function virtualTime(): VirtualTime {
  let now = 0;
  let sequence = 0;
  const timers: { at: number; sequence: number; fire: () => void }[] = [];
  const at = (time: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      if (time <= now || signal?.aborted) return resolve();
      const timer = { at: time, sequence: sequence++, fire: resolve };
      timers.push(timer);
      signal?.addEventListener("abort", () => {
        const index = timers.indexOf(timer);
        if (index >= 0) timers.splice(index, 1);
        resolve();
      });
    });
  /** Lets promise chains and stream reads (which take turns of the real event loop) run to rest. */
  const settle = async (): Promise<void> => {
    for (let turn = 0; turn < 20; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return {
    clock: { now: () => now, epochMs: () => EPOCH_START + now },
    pacerClock: { now: () => now, waitUntil: (time, signal) => at(time, signal) },
    sleep: (ms, signal) => at(now + ms, signal),
    now: () => now,
    async run<T>(done: Promise<T>): Promise<T> {
      let finished = false;
      const result = done.finally(() => (finished = true));
      for (;;) {
        await settle();
        if (finished) return result;
        if (timers.length === 0) throw new Error("virtual time: nothing left to wait for, and the run has not finished");
        timers.sort((a, b) => a.at - b.at || a.sequence - b.sequence);
        const next = timers.shift()!;
        now = next.at;
        next.fire();
      }
    },
  };
}

/** A provider that takes exactly `serviceMs` of virtual time per request and counts what it holds at once. */
export function virtualProvider(time: VirtualTime, serviceMs: number | ((index: number) => number)) {
  let open = 0;
  let peak = 0;
  let served = 0;
  const fetch = (async (_input: unknown, init?: RequestInit) => {
    const index = served++;
    open++;
    peak = Math.max(peak, open);
    const signal = init?.signal ?? undefined;
    await time.sleep(typeof serviceMs === "number" ? serviceMs : serviceMs(index), signal);
    open--;
    if (signal?.aborted) throw signal.reason;
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  const call: TargetCall = async (_input, hooks) => {
    const response = await hooks.fetch("http://provider.invalid/v1/chat/completions", { method: "POST", body: "{}" });
    await response.text();
    return { output: "ok", outputKind: "text", usage: { promptTokens: 1, completionTokens: 1 }, chunkCount: 0, contentChunkCount: 0 };
  };
  return { fetch, call, peak: () => peak, served: () => served };
}
