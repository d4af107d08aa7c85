import { describe, expect, it } from "vitest";
import { connectionWaitsMs, observedQueueing, originsOverBrowserLimit, plannedLoadPerOrigin, type ResourceTimingSample, resolveEndpointUrl } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { BROWSER_SANDBOX_URL_OPTIONS } from "../../src/core/endpoints";
import bundledStreaming from "../../scenarios/sandbox-chat-streaming.json";
import bundledSweep from "../../scenarios/sandbox-load-sweep.json";

const SANDBOX = "http://127.0.0.1:8787";
const profileOrigin = (profile: string) => `http://${profile}.localhost:8787`;

function scenario(targets: Record<string, unknown>[], run: Record<string, unknown>): Scenario {
  const result = validateScenario({ version: 1, name: "limits", task: "chat-completion", inputs: ["a"], targets, run });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const sandboxTarget = (id: string) => ({ id, endpointUrl: `sandbox:/${id}/v1`, model: "m" });

describe("plannedLoadPerOrigin", () => {
  it("counts min(concurrency, sum of per-target limits) per origin", () => {
    const loads = plannedLoadPerOrigin(
      scenario(
        [sandboxTarget("fast"), sandboxTarget("slow"), { id: "remote", endpointUrl: "http://10.0.0.5:8000/v1", model: "m" }],
        { concurrency: 16, perTargetConcurrency: 5 },
      ),
      SANDBOX,
    );
    expect(loads).toEqual([
      { origin: profileOrigin("fast"), targetIds: ["fast"], maxInFlight: 5 },
      { origin: profileOrigin("slow"), targetIds: ["slow"], maxInFlight: 5 },
      { origin: "http://10.0.0.5:8000", targetIds: ["remote"], maxInFlight: 5 },
    ]);
  });

  it("resolves sandbox endpoints as the app's runner does: one host per profile", () => {
    const [load] = plannedLoadPerOrigin(scenario([sandboxTarget("fast")], {}), `${SANDBOX}/`);
    expect(load!.origin).toBe(new URL(resolveEndpointUrl("sandbox:/fast/v1", `${SANDBOX}/`, BROWSER_SANDBOX_URL_OPTIONS)).origin);
    expect(load!.origin).toBe(profileOrigin("fast"));
  });

  it("caps an origin at the scenario's concurrency", () => {
    const loads = plannedLoadPerOrigin(
      scenario([{ id: "a", endpointUrl: "http://10.0.0.5:8000/a/v1", model: "m" }, { id: "b", endpointUrl: "http://10.0.0.5:8000/b/v1", model: "m" }, { id: "c", endpointUrl: "http://10.0.0.5:8000/c/v1", model: "m" }], { concurrency: 4 }),
      SANDBOX,
    );
    expect(loads[0]!.maxInFlight).toBe(4);
  });

  it("counts a sweep at its largest level and an open loop at its in-flight cap, per target", () => {
    const three = [sandboxTarget("a"), sandboxTarget("b"), sandboxTarget("c")];
    const sweep = plannedLoadPerOrigin(scenario(three, { concurrency: 2, load: { mode: "closed", requests: 4, sweep: { over: "concurrency", levels: [1, 8, 2] } } }), SANDBOX);
    expect(sweep.map((load) => load.maxInFlight)).toEqual([8, 8, 8]);
    const capped = plannedLoadPerOrigin(scenario(three, { load: { mode: "open", rate: 5, requests: 4, maxInFlight: 7 } }), SANDBOX);
    expect(capped.map((load) => load.maxInFlight)).toEqual([7, 7, 7]);
    const uncapped = plannedLoadPerOrigin(scenario(three, { load: { mode: "open", rate: 5, requests: 4 } }), SANDBOX);
    expect(uncapped[0]!.maxInFlight).toBe(Number.POSITIVE_INFINITY);
    expect(originsOverBrowserLimit([...sweep, ...capped, ...uncapped.slice(0, 1)]).map((load) => load.maxInFlight)).toEqual([8, 8, 8, 7, 7, 7, Number.POSITIVE_INFINITY]);
  });

  it("does not warn about the bundled sweep: its largest level fits the browser's six connections per profile", () => {
    const validated = validateScenario(bundledSweep);
    if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
    const loads = plannedLoadPerOrigin(validated.scenario, SANDBOX);
    expect(loads).toHaveLength(3);
    expect(originsOverBrowserLimit(loads)).toEqual([]);
  });

  it("leaves out Hugging Face providers and sandbox targets without a sandbox", () => {
    const loads = plannedLoadPerOrigin(
      scenario([{ id: "groq", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" }, sandboxTarget("fast")], { concurrency: 8 }),
      undefined,
    );
    expect(loads).toEqual([]);
  });
});

describe("originsOverBrowserLimit", () => {
  it("warns about a concurrency-16 sandbox scenario", () => {
    const loads = plannedLoadPerOrigin(scenario([sandboxTarget("fast"), sandboxTarget("steady")], { concurrency: 16 }), SANDBOX);
    expect(originsOverBrowserLimit(loads).map((load) => [load.origin, load.maxInFlight])).toEqual([
      [profileOrigin("fast"), 16],
      [profileOrigin("steady"), 16],
    ]);
  });

  it("does not warn about the bundled streaming scenario: each profile on its own host", () => {
    const result = validateScenario(bundledStreaming);
    if (!result.ok) throw new Error("the bundled scenario does not validate");
    const loads = plannedLoadPerOrigin(result.scenario, SANDBOX);
    expect(loads.map((load) => load.origin)).toEqual([profileOrigin("fast"), profileOrigin("steady"), profileOrigin("slow")]);
    expect(originsOverBrowserLimit(loads)).toEqual([]);
  });

  it("does not warn about https origins, which may speak HTTP/2", () => {
    const loads = plannedLoadPerOrigin(scenario([{ id: "vllm", endpointUrl: "https://vllm.example.com/v1", model: "m" }], { concurrency: 32 }), SANDBOX);
    expect(originsOverBrowserLimit(loads)).toEqual([]);
  });

  it("warns from seven requests at once", () => {
    const loads = plannedLoadPerOrigin(scenario([sandboxTarget("fast")], { concurrency: 7 }), SANDBOX);
    expect(originsOverBrowserLimit(loads)).toHaveLength(1);
  });
});

describe("connectionWaitsMs", () => {
  it("is zero while six or fewer requests overlap", () => {
    const samples = Array.from({ length: 6 }, (_, index) => ({ startTime: index, responseEnd: 100 + index }));
    expect(connectionWaitsMs(samples, 6)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("makes the seventh wait for the first to end, the eighth for the second", () => {
    const samples = [
      ...Array.from({ length: 6 }, (_, index) => ({ startTime: 0, responseEnd: 100 + index * 10 })),
      { startTime: 5, responseEnd: 300 },
      { startTime: 6, responseEnd: 310 },
    ];
    expect(connectionWaitsMs(samples, 6)).toEqual([0, 0, 0, 0, 0, 0, 95, 104]);
  });

  it("does not count requests that ended before one started", () => {
    const samples = [
      ...Array.from({ length: 6 }, () => ({ startTime: 0, responseEnd: 50 })),
      { startTime: 60, responseEnd: 100 },
    ];
    expect(connectionWaitsMs(samples, 6).at(-1)).toBe(0);
  });
});

describe("observedQueueing", () => {
  const sample = (url: string, startTime: number, responseEnd: number, nextHopProtocol = ""): ResourceTimingSample => ({
    url,
    startTime,
    responseEnd,
    nextHopProtocol,
  });
  const twelveAtOnce = (base: string, protocol = "") =>
    Array.from({ length: 12 }, (_, index) => sample(`${base}/v1/chat/completions`, index, index < 6 ? 500 : 1000, protocol));

  it("reports the requests of a plain-http origin that waited for a connection", () => {
    expect(observedQueueing(twelveAtOnce(SANDBOX), new Set([SANDBOX]))).toEqual([
      { origin: SANDBOX, protocol: "http/1.1", requests: 12, queuedRequests: 6, longestWaitMs: 494 },
    ]);
  });

  it("ignores HTTP/2 origins, other origins, and waits too short to matter", () => {
    const https = "https://api.example.com";
    expect(observedQueueing(twelveAtOnce(https, "h2"), new Set([https]))).toEqual([]);
    expect(observedQueueing(twelveAtOnce(SANDBOX), new Set(["http://elsewhere:1"]))).toEqual([]);
    // The seventh starts 5 ms before the first has ended: the tail of an answer, not a queue.
    const tails = [...Array.from({ length: 6 }, (_, index) => sample(`${SANDBOX}/x`, index * 2, index * 2 + 60)), sample(`${SANDBOX}/x`, 55, 120)];
    expect(connectionWaitsMs(tails, 6).at(-1)).toBe(5);
    expect(observedQueueing(tails, new Set([SANDBOX]))).toEqual([]);
  });

  it("trusts the protocol the browser reports for https origins", () => {
    const https = "https://llm.internal";
    expect(observedQueueing(twelveAtOnce(https, "http/1.1"), new Set([https]))[0]?.queuedRequests).toBe(6);
  });
});
