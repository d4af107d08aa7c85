// The open loop on virtual time: arrivals at their exact times, the in-flight cap and queue, dropped
// arrivals recorded and counted, and the client's queue growing as a D/D/c/K queue says it must.
import { describe, expect, it } from "vitest";
import type { RequestRecord } from "../../../src/core/record";
import { runScenario } from "../../../src/core/run";
import { type Scenario, validateScenario } from "../../../src/core/scenario";
import { summarize } from "../../../src/core/stats";
import { virtualProvider, virtualTime } from "./virtual-time";

function scenario(load: Record<string, unknown>, run: Record<string, unknown> = {}, targets = ["a"]): Scenario {
  const result = validateScenario({
    version: 1,
    name: "open loop",
    task: "chat-completion",
    targets: targets.map((id) => ({ id, endpointUrl: "http://provider.invalid/v1", model: "m" })),
    inputs: ["one", "two", "three"],
    run: { ...run, load },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function runVirtually(testScenario: Scenario, serviceMs: number | ((index: number) => number), abortAtMs?: number) {
  const time = virtualTime();
  const provider = virtualProvider(time, serviceMs);
  const records: RequestRecord[] = [];
  const controller = new AbortController();
  if (abortAtMs !== undefined) void time.sleep(abortAtMs).then(() => controller.abort());
  const result = await time.run(
    runScenario({
      runId: "virtual",
      scenario: testScenario,
      onRecord: (record) => records.push(record),
      clock: time.clock,
      pacerClock: time.pacerClock,
      sleep: time.sleep,
      fetch: provider.fetch,
      createCall: () => provider.call,
      signal: controller.signal,
    }),
  );
  return { records, result, provider, time };
}

/**
 * The reference: a D/D/c/K queue (deterministic arrivals and service, c servers, K places to wait),
 * first come first served. Returns each arrival's wait, or null when it found all K places taken.
 */
function deterministicQueue(arrivals: number[], serviceMs: number, servers: number, places: number): (number | null)[] {
  const freeAt = Array.from({ length: servers }, () => 0);
  const starts: number[] = [];
  return arrivals.map((arrival) => {
    const waiting = starts.filter((start) => start > arrival).length;
    const busy = freeAt.filter((free) => free > arrival).length;
    if (busy === servers && waiting >= places) return null;
    freeAt.sort((a, b) => a - b);
    const start = Math.max(arrival, freeAt[0]!);
    freeAt[0] = start + serviceMs;
    starts.push(start);
    return start - arrival;
  });
}

describe("an open loop above the provider's capacity", () => {
  it("queues as a D/D/c/K queue says (the wait grows by S/c − 1/λ per arrival) and records every dropped arrival", async () => {
    // λ = 20/s constant, S = 300 ms, c = 2: capacity 6.7/s, a third of the rate.
    const testScenario = scenario({ mode: "open", rate: 20, arrival: "constant", requests: 30, maxInFlight: 2, maxQueue: 5 });
    const { records, result, provider } = await runVirtually(testScenario, 300);
    expect(records).toHaveLength(30);
    const arrivals = records.map((record) => record.scheduledAt! - records[0]!.scheduledAt!).sort((a, b) => a - b);
    const expected = deterministicQueue(arrivals, 300, 2, 5);
    const bySchedule = [...records].sort((a, b) => a.scheduledAt! - b.scheduledAt!);
    expect(bySchedule.map((record) => (record.errorKind === "dropped" ? null : record.queueMs))).toEqual(expected);
    // Two servers take arrivals in pairs; a pair arrives every 100 ms and takes 300: each pair waits
    // 200 ms more than the one before, S/c − 1/λ = 100 ms per arrival, until the queue is full.
    expect(expected.slice(0, 8)).toEqual([0, 0, 200, 200, 400, 400, 600, 600]);
    const dropped = expected.filter((wait) => wait === null).length;
    expect(dropped).toBeGreaterThan(10);
    expect(result.progress.outcomes.droppedRequests).toBe(dropped);
    expect(provider.peak()).toBe(2);
    expect(provider.served()).toBe(30 - dropped);

    const [row] = summarize(records, ["a"]);
    // Latency is the provider's alone, 300 ms flat; effective latency carries the client's queue.
    expect(row!.latencyMs.min).toBe(300);
    expect(row!.latencyMs.max).toBe(300);
    expect(row!.effectiveLatencyMs.max).toBe(300 + Math.max(...expected.filter((wait) => wait !== null)));
    expect(row!.droppedRequests).toBe(dropped);
    // Dropped arrivals are the client's refusal: no failure, no error, no wall time.
    expect(row!.failedRequests).toBe(0);
    expect(row!.failureRate).toBe(0);
    const droppedRecord = records.find((record) => record.errorKind === "dropped")!;
    expect(droppedRecord).toMatchObject({ status: "error", queueMs: null, latencyMs: 0, outputBytes: 0, stage: 0 });
    expect(droppedRecord.errorMessage).toContain("maxQueue");
  });

  it("never holds more than maxInFlight of a target, each target with its own cap and queue", async () => {
    const testScenario = scenario({ mode: "open", rate: 50, arrival: "poisson", requests: 40, maxInFlight: 3, seed: 7 }, {}, ["a", "b"]);
    const { records, provider } = await runVirtually(testScenario, 200);
    expect(records).toHaveLength(80);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    // Two targets, three each: six at the provider at once, never more.
    expect(provider.peak()).toBe(6);
    for (const target of ["a", "b"]) {
      const own = records.filter((record) => record.targetId === target);
      let peak = 0;
      for (const record of own) {
        const sentAt = record.startedAt;
        const overlapping = own.filter((other) => other.startedAt <= sentAt && other.startedAt + other.latencyMs > sentAt).length;
        peak = Math.max(peak, overlapping);
      }
      expect(peak, target).toBe(3);
    }
  });
});

describe("an open loop below capacity", () => {
  it("sends constant arrivals exactly 1 / rate apart, each at its time (no queue, no drift)", async () => {
    const { records } = await runVirtually(scenario({ mode: "open", rate: 40, arrival: "constant", requests: 200 }), 10);
    const scheduled = records.map((record) => record.scheduledAt!).sort((a, b) => a - b);
    for (let index = 1; index < scheduled.length; index++) expect(scheduled[index]! - scheduled[index - 1]!).toBeCloseTo(25, 6);
    // The 200th arrival is due 199 × 25 ms after the first: nothing accumulates.
    expect(scheduled.at(-1)! - scheduled[0]!).toBeCloseTo(199 * 25, 6);
    expect(records.every((record) => record.queueMs === 0 && record.startedAt === record.scheduledAt)).toBe(true);
  });

  it("keeps sending on schedule while the provider slows down: no coordinated omission", async () => {
    // The provider stalls 2 s on its 5th request; a closed loop would stop sending, the open loop does not.
    const { records } = await runVirtually(scenario({ mode: "open", rate: 10, arrival: "constant", requests: 30 }), (index) => (index === 4 ? 2000 : 20));
    const scheduled = records.map((record) => record.scheduledAt!).sort((a, b) => a - b);
    expect(scheduled.at(-1)! - scheduled[0]!).toBeCloseTo(2900, 6);
    expect(Math.max(...records.map((record) => record.queueMs!))).toBe(0);
    expect(Math.max(...records.map((record) => record.latencyMs))).toBe(2000);
  });

  it("stops arrivals at the duration", async () => {
    const { records } = await runVirtually(scenario({ mode: "open", rate: 20, arrival: "constant", durationMs: 1000 }), 5);
    // Offsets 0, 50, …, 950 ms: twenty arrivals, inputs in turn.
    expect(records).toHaveLength(20);
    expect(records.map((record) => record.inputIndex).slice(0, 4)).toEqual([0, 1, 2, 0]);
  });

  it("with per run, one stream at the rate for all targets, in the plan's round-robin", async () => {
    const { records } = await runVirtually(scenario({ mode: "open", rate: 10, per: "run", arrival: "constant", requests: 4 }, {}, ["a", "b"]), 5);
    const ordered = [...records].sort((a, b) => a.scheduledAt! - b.scheduledAt!);
    expect(ordered.map((record) => record.targetId)).toEqual(["a", "b", "a", "b", "a", "b", "a", "b"]);
    expect(ordered.at(-1)!.scheduledAt! - ordered[0]!.scheduledAt!).toBeCloseTo(700, 6);
  });
});

describe("aborting an open loop", () => {
  it("records the arrivals still waiting in the queue as aborted, and sends nothing after", async () => {
    const testScenario = scenario({ mode: "open", rate: 20, arrival: "constant", requests: 40, maxInFlight: 1 });
    const { records, result, provider } = await runVirtually(testScenario, 500, 990);
    expect(result.status).toBe("aborted");
    const waiting = records.filter((record) => record.errorKind === "aborted" && record.queueMs === null);
    // By 990 ms, 20 arrivals (0 … 950 ms): the first served whole, the second cut short in flight, 18 waiting.
    expect(records.length).toBe(20);
    expect(records.filter((record) => record.status === "ok")).toHaveLength(1);
    expect(waiting.length).toBe(18);
    expect(provider.served()).toBe(2);
    expect(result.progress.outcomes.abortedRequests).toBe(19);
  });
});

describe("an automatic sweep", () => {
  it("runs a synchronous pass, a maximum-throughput pass, then open-loop rates evenly up to the maximum", async () => {
    // 100 ms a request, no limit at the provider: 10 req/s one at a time, 40 req/s four at a time.
    const testScenario = scenario({ mode: "open", arrival: "constant", requests: 40, sweep: { over: "auto", rates: 3 } }, { concurrency: 4 });
    const stages: string[] = [];
    const time = virtualTime();
    const provider = virtualProvider(time, 100);
    const records: RequestRecord[] = [];
    await time.run(
      runScenario({
        runId: "auto",
        scenario: testScenario,
        onRecord: (record) => records.push(record),
        onStage: (stage) => stages.push(stage.label),
        clock: time.clock,
        pacerClock: time.pacerClock,
        sleep: time.sleep,
        fetch: provider.fetch,
        createCall: () => provider.call,
      }),
    );
    expect(stages).toEqual(["synchronous", "max throughput", "rate 33% of the way to max", "rate 67% of the way to max", "rate 100% of the way to max"]);
    // Each open stage's constant gaps give its rate: 10 + 30 × i / 3 req/s.
    const gapOf = (stage: number): number => {
      const times = records.filter((record) => record.stage === stage).map((record) => record.scheduledAt!).sort((a, b) => a - b);
      return times[1]! - times[0]!;
    };
    const [syncRate, maxRate] = [0, 1].map((stage) => summarize(records.filter((record) => record.stage === stage), ["a"])[0]!.requestsPerSecond!);
    expect(syncRate).toBeCloseTo(10, 1);
    expect(maxRate).toBeCloseTo(40, 1);
    expect([2, 3, 4].map((stage) => 1000 / gapOf(stage))).toEqual([expect.closeTo(20, 1), expect.closeTo(30, 1), expect.closeTo(40, 1)]);
  });

  it("with stopWhenSaturated, sends nothing more to a target once it saturates", async () => {
    // One at a time at the provider (it queues the rest), so more concurrency only adds waiting.
    const time = virtualTime();
    let busyUntil = 0;
    const fetch = (async () => {
      const start = Math.max(time.now(), busyUntil);
      busyUntil = start + 50 + (Math.round(start) % 7);
      await time.sleep(busyUntil - time.now());
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    }) as unknown as typeof globalThis.fetch;
    const provider = virtualProvider(time, 0);
    const testScenario = scenario({ mode: "closed", requests: 30, stopWhenSaturated: true, sweep: { over: "concurrency", levels: [1, 4, 8, 16] } });
    const records: RequestRecord[] = [];
    await time.run(
      runScenario({
        runId: "stop",
        scenario: testScenario,
        onRecord: (record) => records.push(record),
        clock: time.clock,
        pacerClock: time.pacerClock,
        sleep: time.sleep,
        fetch,
        createCall: () => provider.call,
      }),
    );
    // Saturated going from 1 to 4 in flight (same throughput, four times the wait): levels 8 and 16 never run.
    expect([...new Set(records.map((record) => record.stage))]).toEqual([0, 1]);
  });
});
