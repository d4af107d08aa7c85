// Every sandbox fault profile, an unresolvable host and a CORS refusal, run in the real app in Chromium:
// each ends as the right kind of record in IndexedDB, the run completes, and nothing is lost or doubled.
// The same matrix runs in Node in tests/integration/runner-sandbox.test.ts.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorKind, RecordStatus, RequestRecord } from "../../src/core/record";
import type { SummaryRow } from "../../src/core/stats";
import { FAULT_PROFILE_NAMES } from "../../src/sandbox/profiles";
import { runScenarioInApp, saveScenarioThroughUi, storedRun, type FinishedRun, startBrowserSession, type BrowserSession, type Servers } from "./harness";

// Long enough for `huge`'s two 50 MB answers at once in a browser on a loaded machine: 0.5 s when quiet,
// up to 2 s beside 8 busy loops on 2 cores, and more than 8 s on a fresh two-core machine running the whole
// suite (lint, types, four test workers). `hang` and `trickle` wait it out, while the other files run.
const TIMEOUT_MS = 25_000;
// What a timed-out request may take past its timeout on a quiet page: the abort, the rejected fetch, the record.
const TIMEOUT_HANDLING_MS = 1500;
const INPUTS = ["Say something.", "Say something else."];
// Retried: the 5xx and 429 profiles get a second attempt (429 after its Retry-After: 1).
const RETRIED_PROFILES = new Set(["err503", "err429", "err500"]);
const UNRESOLVABLE_ENDPOINT = "http://provider.invalid/v1";

type Outcome = [status: RecordStatus, errorKind: ErrorKind | null, httpStatus: number | null];

const STATUS_200_OR_NONE: number | null = expect.toSatisfy((status: unknown) => status === 200 || status === null, "200 or null");

const OK: Outcome = ["ok", null, 200];

/** What each target's records must say, streamed and not. */
const EXPECTED: Record<string, { stream: Outcome; noStream: Outcome }> = {
  healthy: { stream: OK, noStream: OK },
  err503: { stream: ["error", "http_5xx", 503], noStream: ["error", "http_5xx", 503] },
  err429: { stream: ["error", "rate_limited", 429], noStream: ["error", "rate_limited", 429] },
  err500: { stream: ["error", "http_5xx", 500], noStream: ["error", "http_5xx", 500] },
  // Status 200, or none when the reset reached the browser before it had read the headers (the kernel drops
  // unread data on a reset: the same race tests/integration/runner-sandbox.test.ts allows for).
  reset: { stream: ["error", "network", STATUS_200_OR_NONE], noStream: ["error", "network", STATUS_200_OR_NONE] },
  hang: { stream: ["error", "timeout", null], noStream: ["error", "timeout", null] },
  trickle: { stream: ["error", "timeout", 200], noStream: ["error", "timeout", 200] },
  malformed: { stream: ["error", "bad_response", 200], noStream: ["error", "bad_response", 200] },
  cut: { stream: ["error", "bad_response", 200], noStream: OK },
  "sse-error": { stream: ["error", "bad_response", 200], noStream: ["error", "bad_response", 200] },
  huge: { stream: OK, noStream: OK },
  wrongtype: { stream: ["error", "bad_response", 200], noStream: ["error", "bad_response", 200] },
  // Chromium refuses the answer (no CORS headers, no preflight answer): to the page, a failed fetch.
  nocors: { stream: ["error", "network", null], noStream: ["error", "network", null] },
  evil: { stream: OK, noStream: OK },
  unresolvable: { stream: ["error", "network", null], noStream: ["error", "network", null] },
};

function faultScenario(stream: boolean) {
  return {
    version: 1,
    name: `Fault matrix (${stream ? "streamed" : "not streamed"})`,
    task: "chat-completion",
    targets: [
      { id: "healthy", endpointUrl: "sandbox:/instant/v1", model: "m" },
      ...FAULT_PROFILE_NAMES.map((profile) => ({ id: profile, endpointUrl: `sandbox:/${profile}/v1`, model: "m" })),
      { id: "unresolvable", endpointUrl: UNRESOLVABLE_ENDPOINT, model: "m" },
    ],
    inputs: INPUTS,
    parameters: { max_tokens: 12 },
    run: {
      stream,
      timeoutMs: TIMEOUT_MS,
      // Six: what Chromium keeps open to one host, so no request waits inside the browser while its timeout runs.
      concurrency: 6,
      // The cap admits err429's Retry-After: 1 (a longer one is refused and ends the request).
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2000, retryOn: ["rate_limited", "http_5xx"] },
    },
  };
}

let session: BrowserSession;
let servers: Servers;
let page: Page;
const outsideRequests: string[] = [];

beforeAll(async () => {
  // Real time: trickle's answer (a byte every 200 ms) then outlasts the timeout, as hang does.
  session = await startBrowserSession("faults", { sandboxTimeScale: 1 });
  ({ servers, page } = session);
  page.on("request", (request) => {
    const { hostname } = new URL(request.url());
    // Sandbox profiles each have a *.localhost host in the app (core/endpoints/sandbox-url.ts): loopback too.
    const loopback = hostname === "127.0.0.1" || hostname.endsWith(".localhost");
    if (!loopback && hostname !== "provider.invalid") outsideRequests.push(request.url());
  });
  await servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

/**
 * Starts measuring how late the page's own timers fire. A stalled main thread (a 50 MB answer parsed, a
 * starved machine) fires the run's timeout timers just as late, so that lateness is allowed on top of the
 * timeout. Returns a function that stops the probe and gives the longest lateness seen, in ms.
 */
async function startTimerLagProbe(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const probe = { longestLateMs: 0, stopped: false };
    (window as unknown as { timerLagProbe: typeof probe }).timerLagProbe = probe;
    const periodMs = 10;
    let dueAt = performance.now() + periodMs;
    const tick = (): void => {
      const now = performance.now();
      probe.longestLateMs = Math.max(probe.longestLateMs, now - dueAt);
      dueAt = now + periodMs;
      if (!probe.stopped) setTimeout(tick, periodMs);
    };
    setTimeout(tick, periodMs);
  });
  return () =>
    page.evaluate(() => {
      const probe = (window as unknown as { timerLagProbe: { longestLateMs: number; stopped: boolean } }).timerLagProbe;
      probe.stopped = true;
      return probe.longestLateMs;
    });
}

function outcomesByTarget(records: RequestRecord[]): Map<string, Outcome[]> {
  const outcomes = new Map<string, Outcome[]>();
  for (const record of records) {
    const list = outcomes.get(record.targetId) ?? [];
    list.push([record.status, record.errorKind, record.httpStatus]);
    outcomes.set(record.targetId, list);
  }
  return outcomes;
}

describe.each([
  { stream: false, mode: "noStream" as const },
  { stream: true, mode: "stream" as const },
])("fault matrix in Chromium (stream=$stream)", ({ stream, mode }) => {
  // The run every test here reads; no test changes it.
  let finished: FinishedRun;
  let storedStatus: string | undefined;
  let storedPlanned: number | undefined;
  let records: RequestRecord[];
  let summaryRows: SummaryRow[] | undefined;
  let requestsBeyondLoopback: string[];
  let longestTimerLateMs: number;

  beforeAll(async () => {
    outsideRequests.length = 0;
    await page.evaluate(() => (window.location.hash = "#/"));
    const key = await saveScenarioThroughUi(page, faultScenario(stream));
    const stopTimerLagProbe = await startTimerLagProbe(page);
    finished = await runScenarioInApp(page, key, 90_000);
    longestTimerLateMs = await stopTimerLagProbe();
    const stored = await storedRun(page, finished.runId);
    storedStatus = stored.run?.status;
    storedPlanned = stored.run?.planned;
    records = stored.records;
    summaryRows = stored.run?.summary?.rows;
    requestsBeyondLoopback = [...outsideRequests];
  }, 120_000);

  it("shows on the Run page the failed and retried requests its stored summary counts, a request by its last attempt", () => {
    const lastAttempts = new Map<string, RequestRecord>();
    for (const record of records) {
      const key = `${record.targetId}/${record.inputIndex}/${record.repetition}`;
      if ((lastAttempts.get(key)?.attempt ?? 0) < record.attempt) lastAttempts.set(key, record);
    }
    const failedByLastAttempt = [...lastAttempts.values()].filter((record) => record.status === "error").length;
    expect(failedByLastAttempt).toBeGreaterThan(0);
    expect(finished.failedRequests).toBe(failedByLastAttempt);
    expect(summaryRows?.reduce((total, row) => total + row.failedRequests, 0)).toBe(finished.failedRequests);
    expect(summaryRows?.reduce((total, row) => total + row.retries, 0)).toBe(finished.retries);
  });

  it("runs to completion with one record per planned request and retry", () => {
    const targetCount = Object.keys(EXPECTED).length;
    expect(finished.status).toBe("completed");
    expect(storedStatus).toBe("completed");
    expect(finished.planned).toBe(targetCount * INPUTS.length);
    expect(storedPlanned).toBe(finished.planned);
    expect(finished.done).toBe(finished.planned);
    expect(finished.retries).toBe(RETRIED_PROFILES.size * INPUTS.length);
    expect(records).toHaveLength(finished.attempts);
    expect(records.filter((record) => record.attempt > 1)).toHaveLength(finished.retries);
    // Every planned request is there, with every attempt counted once.
    const attempts = records.map((record) => `${record.targetId}/${record.inputIndex}/${record.attempt}`);
    expect(new Set(attempts).size).toBe(records.length);
  });

  it.each(Object.keys(EXPECTED))("records %s as expected", (targetId) => {
    const expected = EXPECTED[targetId]![mode];
    const attemptsPerRequest = RETRIED_PROFILES.has(targetId) ? 2 : 1;
    expect(outcomesByTarget(records).get(targetId)).toEqual(Array.from({ length: INPUTS.length * attemptsPerRequest }, () => expected));
  });

  it("times hang and trickle out at the scenario's timeout, not later", () => {
    const timedOut = records.filter((record) => record.errorKind === "timeout");
    expect(timedOut.map((record) => record.targetId).sort()).toEqual(["hang", "hang", "trickle", "trickle"]);
    // Later than the timeout by no more than handling it takes, plus however late the page's timers fired
    // during this run (measured, so a loaded machine widens the bound only by the stall it really had).
    // Not earlier either: the deadline runs from the attempt's start, the latency from t0, when the request
    // was handed to fetch; a stalled page takes t0 later than the start by as much as it stalls, so the
    // floor gives that back (as tests/integration/wire-transport.test.ts does in Node).
    for (const record of timedOut) {
      expect(record.latencyMs, `timers fired up to ${longestTimerLateMs} ms late`).toBeGreaterThanOrEqual(TIMEOUT_MS - 5 - longestTimerLateMs);
      expect(record.latencyMs, `timers fired up to ${longestTimerLateMs} ms late`).toBeLessThan(TIMEOUT_MS + TIMEOUT_HANDLING_MS + longestTimerLateMs);
    }
  });

  it("reads huge's 50 MB answer whole", () => {
    const huge = records.filter((record) => record.targetId === "huge");
    expect(huge.every((record) => record.outputBytes > 45_000_000)).toBe(true);
  });

  it("keeps evil's payloads as text", () => {
    expect(records.filter((record) => record.targetId === "evil").some((record) => record.output?.includes("<script>"))).toBe(true);
  });

  it("names the cause of a network failure: a refused CORS answer and an unknown host", () => {
    for (const targetId of ["nocors", "unresolvable"]) {
      const messages = records.filter((record) => record.targetId === targetId).map((record) => record.errorMessage);
      expect(messages).toEqual(INPUTS.map(() => expect.stringMatching(/failed to fetch/i)));
    }
  });

  it("sent nothing beyond 127.0.0.1 (the unresolvable host never resolved)", () => {
    expect(requestsBeyondLoopback).toEqual([]);
  });
});
