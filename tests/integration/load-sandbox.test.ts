// The load models against the sandbox over loopback HTTP: an open loop above a provider's capacity
// queues as theory says and counts what it drops, a constant rate keeps its schedule, the in-flight
// cap holds at the server, and a concurrency sweep finds the slow profile saturating first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runScenario } from "../../src/core/runner";
import type { RequestRecord } from "../../src/core/record";
import type { Scenario } from "../../src/core/scenario";
import { validateScenario } from "../../src/core/scenario-file";
import { summarize } from "../../src/core/stats";
import { percentile } from "../../src/core/percentile";
import { summarizeStages } from "../../src/core/load/stage-summaries";
import { loadPoint, saturationStage } from "../../src/core/load/saturation";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.1 });
});
afterAll(async () => {
  await sandbox.close();
});

function scenario(profiles: string[], run: Record<string, unknown>): Scenario {
  const result = validateScenario({
    version: 1,
    name: "load against the sandbox",
    task: "chat-completion",
    targets: profiles.map((profile) => ({ id: profile, endpointUrl: `sandbox:/${profile}/v1`, model: "m" })),
    inputs: ["Say something."],
    parameters: { max_tokens: 12 },
    run: { stream: true, ...run },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function run(testScenario: Scenario): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await runScenario({ runId: "load", scenario: testScenario, sandboxUrl: sandbox.url, onRecord: (record) => records.push(record) });
  return records;
}

/** D/D/c/K, first come first served: each arrival's wait, or null when it found the queue full. */
function deterministicQueue(arrivals: number[], serviceMs: number, servers: number, places: number): (number | null)[] {
  const freeAt = Array.from({ length: servers }, () => 0);
  const starts: number[] = [];
  return arrivals.map((arrival) => {
    const waiting = starts.filter((start) => start > arrival).length;
    if (freeAt.every((free) => free > arrival) && waiting >= places) return null;
    freeAt.sort((a, b) => a - b);
    const start = Math.max(arrival, freeAt[0]!);
    freeAt[0] = start + serviceMs;
    starts.push(start);
    return start - arrival;
  });
}

describe("an open loop above the exact profile's capacity (300 ms a request, two at a time)", () => {
  it("grows the client's queue as D/D/c/K says, keeps latency flat, and counts the dropped arrivals", async () => {
    const records = await run(scenario(["exact"], { load: { mode: "open", rate: 20, arrival: "constant", requests: 24, maxInFlight: 2, maxQueue: 4 } }));
    expect(records).toHaveLength(24);
    const ordered = [...records].sort((a, b) => a.scheduledAt! - b.scheduledAt!);
    const arrivals = ordered.map((record) => record.scheduledAt! - ordered[0]!.scheduledAt!);
    const served = ordered.filter((record) => record.status === "ok");
    // The real service takes 300 ms and a little more (the wire, a loaded machine): the theory with the
    // measured mean service time is what the waits must follow.
    const serviceMs = served.reduce((sum, record) => sum + record.latencyMs, 0) / served.length;
    expect(serviceMs).toBeGreaterThanOrEqual(300);
    const expected = deterministicQueue(arrivals, serviceMs, 2, 4);
    ordered.forEach((record, index) => {
      const wait = expected[index];
      if (record.errorKind === "dropped") return;
      // Each wait within a tolerance that allows for the send lag and jitter of a busy machine.
      if (wait !== null && wait !== undefined) expect(Math.abs(record.queueMs! - wait), `arrival ${index}`).toBeLessThan(60);
    });
    const dropped = ordered.filter((record) => record.errorKind === "dropped").length;
    const expectedDropped = expected.filter((wait) => wait === null).length;
    expect(dropped).toBeGreaterThan(8);
    expect(Math.abs(dropped - expectedDropped)).toBeLessThanOrEqual(2);
    const [row] = summarize(records, ["exact"]);
    expect(row!.droppedRequests).toBe(dropped);
    // Plain latency stays at the profile's 300 ms while the effective latency carries the queue.
    expect(row!.latencyMs.p50!).toBeLessThan(400);
    expect(row!.effectiveLatencyMs.max!).toBeGreaterThan(row!.latencyMs.max! + 500);
  });
});

describe("a constant-rate open loop below capacity", () => {
  it("schedules requests exactly 1 / rate apart and sends them close to their time", async () => {
    const records = await run(scenario(["instant"], { stream: false, load: { mode: "open", rate: 50, arrival: "constant", requests: 100 } }));
    expect(records.every((record) => record.status === "ok")).toBe(true);
    const scheduled = records.map((record) => record.scheduledAt!).sort((a, b) => a - b);
    for (let index = 1; index < scheduled.length; index++) expect(Math.abs(scheduled[index]! - scheduled[index - 1]! - 20)).toBeLessThanOrEqual(0.002);
    const lags = Float64Array.from(records.map((record) => record.queueMs!)).sort();
    expect(lags[0]).toBeGreaterThanOrEqual(0);
    // Loose bounds (the machine may be shared): the precise figures are in npm run bench.
    expect(percentile(lags, 50)).toBeLessThan(10);
    expect(percentile(lags, 99)).toBeLessThan(100);
  });
});

describe("the in-flight cap", () => {
  it("is never exceeded at the server, and is reached", async () => {
    const records = await run(scenario(["steady"], { load: { mode: "open", rate: 80, arrival: "poisson", requests: 60, maxInFlight: 3, seed: 3 } }));
    expect(records.filter((record) => record.status === "ok")).toHaveLength(60);
    expect(sandbox.peakOpenRequests("steady")).toBe(3);
  });
});

describe("a concurrency sweep", () => {
  it("gives one point per level per target, and the slow profile (capacity 4) saturates first", async () => {
    const levels = [2, 4, 8, 16];
    const records = await run(scenario(["steady", "slow"], { load: { mode: "closed", requests: 40, sweep: { over: "concurrency", levels } } }));
    const stages = summarizeStages(records, ["steady", "slow"]);
    expect(stages.map((stage) => stage.stage)).toEqual([0, 1, 2, 3]);
    for (const stage of stages) {
      expect(stage.rows.map((row) => [row.targetId, row.requests])).toEqual([
        ["steady", 40],
        ["slow", 40],
      ]);
    }
    const saturation = (targetId: string): number | null =>
      saturationStage(stages.map((stage) => loadPoint(stage.stage, stage.rows.find((row) => row.targetId === targetId)!)));
    const slow = saturation("slow");
    expect(slow).not.toBeNull();
    expect(levels[slow!]).toBeGreaterThan(4);
    const steady = saturation("steady");
    expect(steady === null || steady > slow!).toBe(true);
  }, 60_000);
});
