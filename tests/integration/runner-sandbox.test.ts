// The runner against the real sandbox server over loopback HTTP: profiles show up in the numbers, and
// every fault profile ends as the right kind of record, with nothing lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runScenario } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import type { RequestRecord } from "../../src/core/record";
import { Agent, fetch as undiciFetch } from "undici";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.25 });
});
afterAll(async () => {
  await sandbox.close();
});

function scenario(spec: Record<string, unknown>): Scenario {
  const result = validateScenario({ version: 1, name: "sandbox test", task: "chat-completion", inputs: ["Say something."], parameters: { max_tokens: 12 }, ...spec });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function run(testScenario: Scenario, baseFetch?: typeof fetch, server: Sandbox = sandbox): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await runScenario({ runId: "sandbox-run", scenario: testScenario, sandboxUrl: server.url, onRecord: (record) => records.push(record), fetch: baseFetch });
  return records;
}

describe("runner against the sandbox providers", () => {
  it("measures the slow profile measurably slower than the fast one, in TTFT and latency", async () => {
    // Real time (not the quarter time of the other tests): fast's ~60 ms TTFT against slow's ~400 ms leaves
    // room for the tens of milliseconds a machine busy with other test files adds to every request.
    const realTimeSandbox = await startSandbox({ port: 0 });
    const records = await run(
      scenario({
        targets: [
          { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" },
          { id: "steady", endpointUrl: "sandbox:/steady/v1", model: "m" },
          { id: "slow", endpointUrl: "sandbox:/slow/v1", model: "m" },
        ],
        inputs: ["a", "b"],
        run: { repetitions: 3, warmup: 1, concurrency: 6, perTargetConcurrency: 2, stream: true },
      }),
      undefined,
      realTimeSandbox,
    ).finally(() => realTimeSandbox.close());
    expect(records).toHaveLength(3 * 2 * 3 + 3);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    const [fast, steady, slow] = summarize(records, ["fast", "steady", "slow"]);
    expect(fast!.requests).toBe(6);
    expect(fast!.warmupAttempts).toBe(1);
    // Minimums: a busy machine (CI runs test files side by side) only ever adds delay, so the fastest
    // request of each target shows its profile's pace; medians can be swamped by a stalled event loop.
    expect(slow!.latencyMs.min!).toBeGreaterThan(fast!.latencyMs.min! * 2);
    expect(slow!.ttftMs.min!).toBeGreaterThan(fast!.ttftMs.min! * 2);
    expect(steady!.ttftMs.min!).toBeGreaterThan(fast!.ttftMs.min!);
    expect(fast!.tokensEstimated).toBe(false);
    for (const record of records) {
      expect(record.outputTokens).toBe(12);
      expect(record.ttftMs).toBeGreaterThan(0);
      // On a loaded machine the last tokens can arrive in the same read as the first: equal, never less.
      expect(record.latencyMs).toBeGreaterThanOrEqual(record.ttftMs!);
    }
  });

  it("serves embeddings through the library's feature extraction", async () => {
    const records = await run(
      scenario({ task: "feature-extraction", targets: [{ id: "fast", endpointUrl: "sandbox:/fast/v1", model: "e" }], parameters: {} }),
    );
    expect(records[0]).toMatchObject({ status: "ok", outputTokens: null, tokensEstimated: false });
    expect(records[0]!.output).toMatch(/^shape=384 \[/);
  });

  it("serves text generation (completions), streamed and not", async () => {
    for (const stream of [false, true]) {
      const records = await run(scenario({ task: "text-generation", targets: [{ id: "fast", endpointUrl: "sandbox:/fast/v1", model: "t" }], run: { stream } }));
      expect(records[0], `stream=${stream}`).toMatchObject({ status: "ok" });
      expect(records[0]!.output!.length).toBeGreaterThan(0);
      expect(records[0]!.ttftMs === null).toBe(!stream);
    }
  });

  // Side by side: each case waits on its own requests (two of them on a 2 s timeout), and a case holds
  // nothing another reads. The same table, in about the time of its slowest case.
  it.concurrent.for<[string, boolean, string, number | null | (number | null)[]]>([
    ["err503", false, "http_5xx", 503],
    ["err429", false, "rate_limited", 429],
    ["err500", false, "http_5xx", 500],
    // A reset can beat the headers to the client (about 1 in 20 here): then there is no status to record.
    ["reset", false, "network", [200, null]],
    ["reset", true, "network", [200, null]],
    ["hang", false, "timeout", null],
    ["trickle", true, "timeout", 200],
    ["malformed", false, "bad_response", 200],
    ["cut", true, "bad_response", 200],
    ["sse-error", true, "bad_response", 200],
    ["wrongtype", false, "bad_response", 200],
    ["wrongtype", true, "bad_response", 200],
  ])("records the %s fault (stream=%s) as %s", async ([profile, stream, errorKind, httpStatus], { expect }) => {
    const records = await run(
      scenario({
        targets: [
          { id: "faulty", endpointUrl: `sandbox:/${profile}/v1`, model: "m" },
          { id: "healthy", endpointUrl: "sandbox:/instant/v1", model: "m" },
        ],
        inputs: ["a", "b"],
        // Short only where the timeout is the fault under test; elsewhere long enough that a healthy request
        // on a loaded machine is not cut off by it (it once took over 600 ms with 8 busy loops on 2 cores).
        run: { stream, timeoutMs: errorKind === "timeout" ? 2_000 : 20_000, concurrency: 4 },
      }),
    );
    expect(records).toHaveLength(4);
    const faulty = records.filter((record) => record.targetId === "faulty");
    expect(faulty.map((record) => [record.status, record.errorKind])).toEqual([
      ["error", errorKind],
      ["error", errorKind],
    ]);
    const allowedStatuses: (number | null)[] = Array.isArray(httpStatus) ? httpStatus : [httpStatus];
    for (const record of faulty) expect(allowedStatuses).toContain(record.httpStatus);
    expect(records.filter((record) => record.targetId === "healthy").every((record) => record.status === "ok")).toBe(true);
  });

  it("retries the 429 profile honouring Retry-After and records every attempt", async () => {
    const started = performance.now();
    const records = await run(
      scenario({
        targets: [{ id: "limited", endpointUrl: "sandbox:/err429/v1", model: "m" }],
        run: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2000, retryOn: ["rate_limited"] } },
      }),
    );
    expect(records.map((record) => [record.attempt, record.errorKind])).toEqual([
      [1, "rate_limited"],
      [2, "rate_limited"],
    ]);
    // Retry-After: 1, within the policy's 2 s — the backoff waits the full second, not its own 1 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("reads a 50 MB answer whole and counts its bytes", async () => {
    const records = await run(scenario({ targets: [{ id: "huge", endpointUrl: "sandbox:/huge/v1", model: "m" }], run: { timeoutMs: 30_000 } }));
    expect(records[0]!.status).toBe("ok");
    expect(records[0]!.outputBytes).toBeGreaterThan(45_000_000);
  });

  it("keeps script payloads as inert text in the record", async () => {
    const records = await run(scenario({ targets: [{ id: "evil", endpointUrl: "sandbox:/evil/v1", model: "m" }], parameters: { max_tokens: 40 } }));
    expect(records[0]!.status).toBe("ok");
    expect(records[0]!.output).toContain("<script>");
  });

  it("records a refused connection as a network error", async () => {
    const records = await run(scenario({ targets: [{ id: "nobody", endpointUrl: "http://127.0.0.1:9/v1", model: "m" }] }));
    expect(records[0]).toMatchObject({ status: "error", errorKind: "network", httpStatus: null });
  });

  it("records an unresolvable host as a network error", async () => {
    // The resolver answers NXDOMAIN itself, so no DNS query leaves the machine; the failure still takes
    // fetch's real path (connect → lookup error → TypeError with cause ENOTFOUND).
    const noSuchHost = new Agent({
      connect: {
        lookup: (hostname, _options, callback) =>
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname }), "", 4),
      },
    });
    const resolvingNothing = ((input: string, init?: RequestInit) =>
      undiciFetch(input, { ...(init as object), dispatcher: noSuchHost })) as unknown as typeof fetch;
    const records = await run(scenario({ targets: [{ id: "nowhere", endpointUrl: "http://provider.invalid/v1", model: "m" }] }), resolvingNothing);
    expect(records[0]).toMatchObject({ status: "error", errorKind: "network", httpStatus: null });
    expect(records[0]!.errorMessage).toContain("ENOTFOUND");
    await noSuchHost.close();
  });
});
