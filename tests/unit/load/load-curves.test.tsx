// @vitest-environment happy-dom
// The Compare page's sweep curves: one point per stage per target, the saturated stage ringed and named
// in words, a stage the client itself held back named as the client's limit, and the time slices of a
// load run drawn.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loadCurves } from "../../../src/core/load/curves";
import { timeSlices } from "../../../src/core/load/time-slices";
import type { RequestRecord } from "../../../src/core/record";
import type { Scenario } from "../../../src/core/scenario";
import { validateScenario } from "../../../src/core/scenario/scenario-file";
import { LoadCurves } from "../../../src/ui/features/compare/load/load-curves";
import { LoadTimeSlices } from "../../../src/ui/features/compare/load/load-time-slices";
import { describeTargets } from "../../../src/ui/features/compare/target-info";
import { makeRecord } from "../compare-fixtures";
import { giveChartsASize } from "../chart-size";

giveChartsASize();
afterEach(cleanup);

const SCENARIO: Scenario = (() => {
  const result = validateScenario({
    version: 1,
    name: "sweep",
    task: "chat-completion",
    targets: [
      { id: "roomy", endpointUrl: "http://127.0.0.1:9/v1", model: "m", label: "Roomy" },
      { id: "tight", endpointUrl: "http://127.0.0.1:9/v1", model: "m", label: "Tight" },
      { id: "behind", endpointUrl: "http://127.0.0.1:9/v1", model: "m", label: "Behind" },
    ],
    inputs: ["x"],
    run: { stream: true, load: { mode: "closed", requests: 40, sweep: { over: "concurrency", levels: [1, 2, 4] } } },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
})();

/**
 * A closed loop at `level` in flight with a server that serves `capacity` at once, first come first
 * served, each request taking `serviceMs` (± a little): the records it would give, with their exact start
 * and end times. A request over the capacity waits its turn inside the server, in flight all the while.
 * `clientReadMs`: how long after the network had an answer the client read it (a busy browser tab); the
 * request holds its slot until then.
 */
function stageRecords(targetId: string, stage: number, level: number, capacity: number, serviceMs: number, startAt: number, clientReadMs = 0): RequestRecord[] {
  const records: RequestRecord[] = [];
  const slots = Array.from({ length: level }, () => startAt);
  const servers = Array.from({ length: capacity }, () => startAt);
  for (let index = 0; index < 40; index++) {
    slots.sort((a, b) => a - b);
    servers.sort((a, b) => a - b);
    const begin = slots[0]!;
    const end = Math.max(begin, servers[0]!) + serviceMs + (index % 5);
    servers[0] = end;
    slots[0] = end + clientReadMs;
    const latency = end + clientReadMs - begin;
    records.push(makeRecord({ targetId, stage, repetition: index, startedAt: begin, latencyMs: latency, ttftMs: latency / 2, queueMs: 0.1, scheduledAt: begin, clientReadMs }));
  }
  return records;
}

const RECORDS = [0, 1, 2].flatMap((stage) => {
  const level = [1, 2, 4][stage]!;
  const startAt = 1_700_000_000_000 + stage * 60_000;
  return [
    ...stageRecords("roomy", stage, level, 8, 100, startAt),
    ...stageRecords("tight", stage, level, 2, 100, startAt),
    // A server with room to spare, and a client that falls behind at 4 in flight: it reads each answer as
    // long after the network had it as the server took, so the server has about half of them at a time.
    ...stageRecords("behind", stage, level, 8, 100, startAt, level === 4 ? 100 : 0),
  ];
});

describe("load curves", () => {
  it("have one point per stage per target, and find the tight server saturated where its capacity is passed", () => {
    const curves = loadCurves(RECORDS, SCENARIO);
    expect(curves.map((curve) => [curve.targetId, curve.points.map((point) => point.label)])).toEqual([
      ["roomy", ["concurrency 1", "concurrency 2", "concurrency 4"]],
      ["tight", ["concurrency 1", "concurrency 2", "concurrency 4"]],
      ["behind", ["concurrency 1", "concurrency 2", "concurrency 4"]],
    ]);
    expect(curves.find((curve) => curve.targetId === "tight")!.saturatedAt).toBe(2);
    expect(curves.find((curve) => curve.targetId === "roomy")!.saturatedAt).toBeNull();
  });

  it("do not call a target saturated at a level the client did not keep in flight", () => {
    const behind = loadCurves(RECORDS, SCENARIO).find((curve) => curve.targetId === "behind")!;
    expect(behind.saturatedAt).toBeNull();
    expect(behind.clientLimits).toHaveLength(1);
    expect(behind.clientLimits[0]).toMatchObject({ stage: 2, offered: 4 });
    expect(behind.clientLimits[0]!.held).toBeGreaterThan(1.8);
    expect(behind.clientLimits[0]!.held).toBeLessThan(2.2);
    // The tight one, held at its capacity with the client keeping all 4 in flight, is the provider's limit.
    expect(loadCurves(RECORDS, SCENARIO).find((curve) => curve.targetId === "tight")!.clientLimits).toEqual([]);
  });

  it("are drawn with the saturation point ringed and said in words", async () => {
    render(<LoadCurves records={RECORDS} scenario={SCENARIO} targets={describeTargets(["roomy", "tight", "behind"], SCENARIO)} />);
    const list = await screen.findByTestId("saturation-list");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Roomy: not saturated at the loads sent; not throttled (no 429, no Retry-After)",
      "Tight: saturated at stage 2 (concurrency 4): throughput stopped growing while the provider's own time per request rose; not throttled (no 429, no Retry-After)",
      expect.stringMatching(
        /^Behind: not saturated at the loads sent; the client kept in flight only 2\.\d of the 4 asked at stage 2 \(concurrency 4\): there the client, not the provider, was the limit, and the provider is not judged; not throttled/,
      ),
    ]);
    // One ring in each of the two charts (latency and TTFT), on the tight target's stage 2.
    await waitFor(() => expect(screen.getAllByTestId("saturation-mark")).toHaveLength(2));
  });

  it("mark each target's capacity under the SLO with a square, and say it with its interval", async () => {
    const validated = validateScenario({
      version: 1,
      name: "capacity",
      task: "chat-completion",
      targets: [
        { id: "roomy", endpointUrl: "http://127.0.0.1:9/v1", model: "m", label: "Roomy" },
        { id: "tight", endpointUrl: "http://127.0.0.1:9/v1", model: "m", label: "Tight" },
      ],
      inputs: ["x"],
      run: { stream: true, load: { mode: "closed", requests: 40, findCapacity: { slo: "ttftMs.p50<=60", start: 1, max: 4 } } },
    });
    if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
    const scenario = validated.scenario;
    // The search's rounds as the runner ran them: both at 1, at 2, at 4 (TTFT half the latency: ~50 ms
    // within capacity, ~100 ms at twice it); then the tight one alone at 3, between its 2 and 4.
    const records = [
      ...[1, 2, 4].flatMap((level, stage) => [...stageRecords("roomy", stage, level, 8, 100, 10_000 * stage), ...stageRecords("tight", stage, level, 2, 100, 10_000 * stage)]),
      ...stageRecords("tight", 3, 3, 2, 100, 40_000),
    ];
    render(<LoadCurves records={records} scenario={scenario} targets={describeTargets(["roomy", "tight"], scenario)} />);
    const items = within(await screen.findByTestId("capacity-list")).getAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("data-capacity"))).toEqual(["4", "2"]);
    expect(items[0]!.textContent).toMatch(/^Roomy: capacity under the SLO concurrency 4 \(ttftMs\.p50<=60: [\d.]+ ms \[[\d.]+ ms, [\d.]+ ms\]; [\d.]+ req\/s, goodput [\d.]+ req\/s\); the highest level allowed \(max\) met the SLO/);
    expect(items[1]!.textContent).toMatch(/^Tight: capacity under the SLO concurrency 2 \(ttftMs\.p50<=60: .*\); between concurrency 2 \(met\) and concurrency 3/);
    // One square per target in each of the two charts.
    await waitFor(() => expect(screen.getAllByTestId("capacity-mark")).toHaveLength(4));
  });

  it("slice the run's wall clock for latency and throughput over time", async () => {
    render(<LoadTimeSlices records={RECORDS} targets={describeTargets(["roomy", "tight", "behind"], SCENARIO)} />);
    const slices = await screen.findByTestId("load-time-slices");
    expect(within(slices).getByText(/^Successful requests\/s, per 5 s slice$/)).toBeTruthy();
    await waitFor(() => expect(slices.querySelectorAll(".recharts-line").length).toBeGreaterThan(0));
  });
});

describe("time slices", () => {
  it("give each slice its median latency, its completions per second and its time-weighted requests in flight", () => {
    const at = (startMs: number, latencyMs: number, repetition: number): RequestRecord =>
      makeRecord({ targetId: "roomy", repetition, startedAt: 1_700_000_000_000 + startMs, scheduledAt: 1_700_000_000_000 + startMs, latencyMs, queueMs: 0 });
    // Slice 0 (0–1 s): two requests side by side for its whole second; slice 1 (1–2 s): one for half of it.
    const records = [at(0, 1000, 0), at(0, 1000, 1), at(1000, 500, 2)];
    const { byTarget } = timeSlices(records, ["roomy"], 1);
    expect(byTarget.get("roomy")).toEqual([
      { startSeconds: 0, latencyP50Ms: 1000, effectiveLatencyP50Ms: 1000, throughput: 0, inFlightMean: 2, inFlightPeak: 2 },
      { startSeconds: 1, latencyP50Ms: 500, effectiveLatencyP50Ms: 500, throughput: 3, inFlightMean: 0.5, inFlightPeak: 1 },
    ]);
  });

  it("slice a run of 200,000 records (past the engine's limit on a spread's arguments)", () => {
    const template = makeRecord({ targetId: "roomy", latencyMs: 100, queueMs: 0 });
    const records = Array.from({ length: 200_000 }, (_, repetition): RequestRecord => ({ ...template, repetition, startedAt: 1_700_000_000_000 + repetition, scheduledAt: 1_700_000_000_000 + repetition }));
    const { widthSeconds, byTarget } = timeSlices(records, ["roomy"]);
    expect(widthSeconds).toBe(10);
    expect(byTarget.get("roomy")).toHaveLength(21);
  });
});
