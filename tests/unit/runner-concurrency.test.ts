// The runner's main promise, pinned at the wire: never more than `concurrency` requests in flight, nor
// more than `perTargetConcurrency` to one target. A fake provider counts what is in flight (from the
// fetch until its answer is read or dropped) and answers in an order the seeded generator picks, so no
// test waits on a clock.
import { describe, expect, it } from "vitest";
import { mulberry32, type Random } from "../../src/core/random";
import { runScenario, type RunResult } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";

interface Settings {
  concurrency: number;
  perTargetConcurrency?: number;
  targets: number;
  repetitions: number;
  warmup: number;
  maxAttempts: number;
  /** Share of answers that are a 503, which the runner retries while attempts remain. */
  failureRate: number;
  /** run.load: warm-ups then go in a stage of their own, before the first stage. */
  load?: unknown;
}

function scenarioFor(settings: Settings): Scenario {
  const result = validateScenario({
    version: 1,
    name: "concurrency",
    task: "chat-completion",
    targets: Array.from({ length: settings.targets }, (_, index) => ({ id: `t${index}`, endpointUrl: `http://t${index}.provider.test/v1`, model: "m" })),
    inputs: ["a", "b"],
    parameters: { max_tokens: 4 },
    run: {
      concurrency: settings.concurrency,
      perTargetConcurrency: settings.perTargetConcurrency,
      repetitions: settings.repetitions,
      warmup: settings.warmup,
      retry: { maxAttempts: settings.maxAttempts, baseDelayMs: 0, maxDelayMs: 0, retryOn: ["http_5xx"] },
      load: settings.load,
    },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const encoder = new TextEncoder();

/**
 * A provider that holds every request until `answerOne` lets one go. A request is in flight from its
 * fetch until its body has been read to the end, cancelled or aborted.
 */
function createCountingProvider(random: Random, failureRate: number) {
  const inFlightByTarget = new Map<string, number>();
  const peakByTarget = new Map<string, number>();
  const held: Array<() => void> = [];
  let inFlight = 0;
  let peak = 0;
  let calls = 0;

  const fetch: typeof globalThis.fetch = (input, init) => {
    calls++;
    const targetId = new URL(input instanceof Request ? input.url : String(input)).hostname.split(".")[0]!;
    inFlight++;
    peak = Math.max(peak, inFlight);
    inFlightByTarget.set(targetId, (inFlightByTarget.get(targetId) ?? 0) + 1);
    peakByTarget.set(targetId, Math.max(peakByTarget.get(targetId) ?? 0, inFlightByTarget.get(targetId)!));
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      inFlight--;
      inFlightByTarget.set(targetId, inFlightByTarget.get(targetId)! - 1);
    };
    const failed = random() < failureRate;
    const body = failed
      ? { error: { message: "overloaded", type: "server_error" } }
      : {
          id: "chatcmpl-test",
          object: "chat.completion",
          created: 1714873384,
          model: "m",
          choices: [{ index: 0, message: { role: "assistant", content: "ok" }, logprobs: null, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        };
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener("abort", () => {
        end();
        reject(init.signal!.reason);
      });
      held.push(() => {
        let sent = false;
        // Pulled only when read: the request stays in flight until its reader reaches the end.
        const stream = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              if (!sent) {
                sent = true;
                controller.enqueue(encoder.encode(JSON.stringify(body)));
              } else {
                controller.close();
                end();
              }
            },
            cancel: end,
          },
          { highWaterMark: 0 },
        );
        resolve(new Response(stream, { status: failed ? 503 : 200, headers: { "content-type": "application/json" } }));
      });
    });
  };

  return {
    fetch,
    get peak() {
      return peak;
    },
    get inFlight() {
      return inFlight;
    },
    get calls() {
      return calls;
    },
    peakByTarget,
    held,
    /** Answers one held request, picked at random: answers come back in any order. */
    answerOne(): void {
      const index = Math.floor(random() * held.length);
      held.splice(index, 1)[0]!();
    },
  };
}

/** Lets the runner act on what just happened (read an answer, start the next requests) until it is idle. */
async function settle(isStill: () => string): Promise<void> {
  let before = isStill();
  for (let stillTurns = 0; stillTurns < 5; ) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const now = isStill();
    stillTurns = now === before ? stillTurns + 1 : 0;
    before = now;
  }
}

interface Observed {
  result: RunResult;
  peak: number;
  peakByTarget: Map<string, number>;
  /** In flight once the runner had filled its slots, before any answer. */
  firstFill: number;
  calls: number;
  attempts: number;
}

async function runAgainstCountingProvider(settings: Settings, seed: number): Promise<Observed> {
  const random = mulberry32(seed);
  const provider = createCountingProvider(random, settings.failureRate);
  let attempts = 0;
  let finished = false;
  const running = runScenario({
    runId: `run-${seed}`,
    scenario: scenarioFor(settings),
    fetch: provider.fetch,
    onRecord: () => attempts++,
    sleep: () => Promise.resolve(),
    random,
  }).finally(() => (finished = true));
  const state = (): string => `${provider.calls}/${provider.inFlight}/${provider.held.length}/${attempts}/${finished}`;
  await settle(state);
  const firstFill = provider.inFlight;
  while (!finished) {
    if (provider.held.length === 0) throw new Error(`the run stalled with nothing held (${state()})`);
    provider.answerOne();
    await settle(state);
  }
  return { result: await running, peak: provider.peak, peakByTarget: provider.peakByTarget, firstFill, calls: provider.calls, attempts };
}

/** What a correct runner keeps in flight before any answer: every slot it may fill, no more. */
function fullLoad(settings: Settings): number {
  const perTarget = settings.perTargetConcurrency ?? settings.concurrency;
  const plannedPerTarget = settings.repetitions * 2 + settings.warmup;
  return Math.min(settings.concurrency, settings.targets * Math.min(perTarget, plannedPerTarget));
}

function assertWithinLimits(settings: Settings, observed: Observed, label: string): void {
  const perTarget = settings.perTargetConcurrency ?? settings.concurrency;
  expect(observed.result.status, label).toBe("completed");
  expect(observed.calls, label).toBe(observed.attempts);
  expect(observed.peak, label).toBeLessThanOrEqual(settings.concurrency);
  for (const [targetId, targetPeak] of observed.peakByTarget) expect(targetPeak, `${label} ${targetId}`).toBeLessThanOrEqual(perTarget);
  // And it does use them: a runner that sent one request at a time would pass the bounds above.
  expect(observed.firstFill, label).toBe(fullLoad(settings));
  expect(observed.peak, label).toBe(fullLoad(settings));
}

describe("runner concurrency at the wire", () => {
  it.each(Array.from({ length: 16 }, (_, index) => index + 1))("keeps at most %i requests in flight, and fills that many", async (concurrency) => {
    const settings: Settings = { concurrency, targets: 3, repetitions: 8, warmup: 1, maxAttempts: 2, failureRate: 0.25 };
    const observed = await runAgainstCountingProvider(settings, concurrency);
    assertWithinLimits(settings, observed, `concurrency ${concurrency}`);
    expect(observed.result.progress.done).toBe(3 * (8 * 2 + 1));
  });

  it.each([
    { concurrency: 16, perTargetConcurrency: 1, targets: 4 },
    { concurrency: 16, perTargetConcurrency: 3, targets: 3 },
    { concurrency: 8, perTargetConcurrency: 3, targets: 4 },
    { concurrency: 5, perTargetConcurrency: 2, targets: 2 },
    { concurrency: 4, perTargetConcurrency: 4, targets: 1 },
  ])("keeps at most $perTargetConcurrency in flight to one target (concurrency $concurrency, $targets targets)", async (limits) => {
    const settings: Settings = { ...limits, repetitions: 10, warmup: 0, maxAttempts: 3, failureRate: 0.3 };
    for (let seed = 1; seed <= 5; seed++) {
      const observed = await runAgainstCountingProvider(settings, seed * 7919);
      assertWithinLimits(settings, observed, `seed ${seed}`);
      expect(observed.result.progress.outcomes.retries, `seed ${seed}`).toBeGreaterThan(0);
      // Every target got its share of the slots at some point.
      expect([...observed.peakByTarget.values()].length, `seed ${seed}`).toBe(settings.targets);
    }
  });

  it.each([undefined, 2])("sends a load model's warm-ups at the run's concurrency (per target: %s, else the run's concurrency)", async (perTargetConcurrency) => {
    const settings: Settings = { concurrency: 6, perTargetConcurrency, targets: 2, repetitions: 1, warmup: 4, maxAttempts: 1, failureRate: 0, load: { mode: "closed", requests: 3 } };
    const observed = await runAgainstCountingProvider(settings, 11);
    // The warm-ups' stage comes first and alone: 4 of each target, at most 6 in all and the per-target bound each.
    expect(observed.firstFill).toBe(perTargetConcurrency === undefined ? 6 : 2 * 2);
    expect(observed.peak).toBe(observed.firstFill);
    expect(observed.calls).toBe(2 * (4 + 3));
    expect(observed.result.progress.done).toBe(2 * (4 + 3));
  });

  it("holds over random settings and seeds, retries included", async () => {
    const pick = mulberry32(20261123);
    let retries = 0;
    const between = (low: number, high: number): number => low + Math.floor(pick() * (high - low + 1));
    for (let trial = 0; trial < 40; trial++) {
      const concurrency = between(1, 16);
      const settings: Settings = {
        concurrency,
        perTargetConcurrency: pick() < 0.25 ? undefined : between(1, concurrency),
        targets: between(1, 5),
        repetitions: between(1, 6),
        warmup: between(0, 2),
        maxAttempts: between(1, 4),
        failureRate: pick() * 0.5,
      };
      const observed = await runAgainstCountingProvider(settings, trial + 1);
      assertWithinLimits(settings, observed, `trial ${trial} ${JSON.stringify(settings)}`);
      retries += observed.result.progress.attempts - observed.result.progress.done;
    }
    expect(retries).toBeGreaterThan(0);
  });
});
