// @vitest-environment happy-dom
// The dashboard's run controller against the real sandbox over HTTP (and msw for Hugging Face's router):
// runs are stored as they go, survive the component that started them, and abort at once.
import "fake-indexeddb/auto";
import { act, cleanup, render, screen } from "@testing-library/react";
import { http } from "msw";
import { setupServer } from "msw/node";
import { useSyncExternalStore } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { summaryOptionsOf, STATS_VERSION, summarize } from "../../src/core/stats";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { ProviderBenchDb } from "../../src/store/db";
import { recordsOfRun } from "../../src/store/queries";
import { createRunController, type RunController, type RunControllerDeps } from "../../src/session/run-controller";
import type { RunSnapshot } from "../../src/session/run-snapshot";
import { CHAT_ROUTES, hubMappingHandler, openAiError } from "../mocks/hf-router";
import { storedRecordCount } from "../unit/store/stored-records";

let sandbox: Sandbox;
const databases: ProviderBenchDb[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.05 });
});
afterEach(async () => {
  cleanup();
  for (const db of databases.splice(0)) await db.delete();
});
afterAll(async () => {
  await sandbox.close();
});

function sandboxScenario(overrides: { repetitions?: number; concurrency?: number; targets?: string[] } = {}): Scenario {
  const result = validateScenario({
    version: 1,
    name: "controller test",
    task: "chat-completion",
    targets: (overrides.targets ?? ["fast", "steady"]).map((profile) => ({ id: profile, endpointUrl: `sandbox:/${profile}/v1`, model: `sandbox-${profile}` })),
    inputs: ["Say hello.", "Count to three."],
    parameters: { max_tokens: 8 },
    run: { repetitions: overrides.repetitions ?? 2, warmup: 1, concurrency: overrides.concurrency ?? 4, stream: true },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

function controllerFor(overrides: Partial<RunControllerDeps> = {}): { controller: RunController; db: ProviderBenchDb } {
  const db = new ProviderBenchDb(`controller-${crypto.randomUUID()}`);
  databases.push(db);
  const controller = createRunController({
    db,
    loadMachinery: () => import("../../src/session/run-machinery"),
    readAccessToken: () => null,
    resolveSandboxUrl: () => sandbox.url,
    appVersion: "test",
    libraryVersions: {},
    userAgent: "vitest",
    publishIntervalMs: 20,
    ...overrides,
  });
  return { controller, db };
}

function nextSnapshot(controller: RunController, matches: (snapshot: RunSnapshot) => boolean): Promise<RunSnapshot> {
  return new Promise((resolve) => {
    if (matches(controller.getSnapshot())) return resolve(controller.getSnapshot());
    const unsubscribe = controller.subscribe(() => {
      if (matches(controller.getSnapshot())) {
        unsubscribe();
        resolve(controller.getSnapshot());
      }
    });
  });
}

function RunStatusView({ controller }: { controller: RunController }) {
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return (
    <p data-testid="status">
      {snapshot.status ?? "idle"} {snapshot.recentRecords.length}
    </p>
  );
}

describe("run controller", () => {
  it("runs a sandbox scenario to completion, storing the run, its summary and every record", async () => {
    const { controller, db } = controllerFor();
    const final = await controller.start({ scenario: sandboxScenario(), scenarioId: "bundled:test" });
    expect(final.status).toBe("completed");
    expect(final.problem).toBeNull();
    // 2 inputs × 2 repetitions × 2 targets + 1 warm-up per target.
    expect(final.progress).toMatchObject({ planned: 10, done: 10, outcomes: { failedRequests: 0 } });
    const run = await db.runs.get(final.runId!);
    expect(run).toMatchObject({ status: "completed", scenarioId: "bundled:test", planned: 10, replayOfRunId: null });
    expect(run!.finishedAt).toBeGreaterThanOrEqual(run!.startedAt);
    expect(run!.libraryVersions["@huggingface/inference"]).toMatch(/^\d+\.\d+\.\d+/);
    const rows = run!.summary!.rows;
    expect(run!.summary!.statsVersion).toBe(STATS_VERSION);
    expect(rows.reduce((total, row) => total + row.requests, 0)).toBe(8);
    expect(rows.reduce((total, row) => total + row.failedRequests, 0)).toBe(0);
    expect(rows.map((row) => row.targetId)).toEqual(["fast", "steady"]);
    expect(rows.every((row) => (row.latencyMs.p50 ?? 0) > 0)).toBe(true);
    const stored = await recordsOfRun(db, final.runId!);
    expect(stored).toHaveLength(10);
    // Ten records, fewer than the snapshot's window of recent ones: it holds them all, in arrival order.
    expect(stored).toEqual(final.recentRecords);
    // The one accumulator fed as records arrived gives what the stored records give.
    expect(rows).toEqual(summarize(stored, ["fast", "steady"], undefined, summaryOptionsOf(sandboxScenario())));
    expect(final.summary).toEqual(rows);
  });

  it("keeps running when the component that started it unmounts, and shows the result to the next one", async () => {
    const { controller, db } = controllerFor();
    const first = render(<RunStatusView controller={controller} />);
    let finished!: Promise<RunSnapshot>;
    act(() => {
      finished = controller.start({ scenario: sandboxScenario(), scenarioId: null });
    });
    await nextSnapshot(controller, (snapshot) => snapshot.phase === "running");
    first.unmount();
    const final = await finished;
    expect(final.status).toBe("completed");
    expect(await storedRecordCount(db)).toBe(10);
    render(<RunStatusView controller={controller} />);
    expect(screen.getByTestId("status").textContent).toBe("completed 10");
  });

  it("aborts at once and keeps every record measured before the abort in the database", async () => {
    const { controller, db } = controllerFor({ sinkOptions: { maxBatchSize: 10_000, maxDelayMs: 60_000 } });
    const finished = controller.start({ scenario: sandboxScenario({ repetitions: 200, concurrency: 2, targets: ["slow", "steady"] }), scenarioId: null });
    const midway = await nextSnapshot(controller, (snapshot) => snapshot.recentRecords.length >= 4);
    const abortedAt = performance.now();
    controller.abort();
    const final = await finished;
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(final.status).toBe("aborted");
    expect(final.progress!.done).toBeLessThan(final.progress!.planned);
    const stored = await recordsOfRun(db, final.runId!);
    expect(stored).toEqual(final.recentRecords);
    expect(stored.slice(0, midway.recentRecords.length)).toEqual(midway.recentRecords);
    expect((await db.runs.get(final.runId!))?.status).toBe("aborted");
  });

  it("flushes buffered records when the page is hidden, while the run goes on", async () => {
    const { controller, db } = controllerFor({
      sinkOptions: { maxBatchSize: 10_000, maxDelayMs: 60_000 },
      pageEvents: { window, document },
    });
    const finished = controller.start({ scenario: sandboxScenario({ repetitions: 200, concurrency: 2, targets: ["slow"] }), scenarioId: null });
    await nextSnapshot(controller, (snapshot) => snapshot.recentRecords.length >= 3);
    expect(await storedRecordCount(db)).toBe(0);
    window.dispatchEvent(new Event("pagehide"));
    await expect.poll(() => storedRecordCount(db)).toBeGreaterThanOrEqual(3);
    expect(controller.getSnapshot().phase).toBe("running");
    controller.abort();
    await finished;
  });

  it("does not start a sandbox scenario when the sandbox is down, and says how to start it", async () => {
    const healthChecks: string[] = [];
    const { controller, db } = controllerFor({
      resolveSandboxUrl: () => "http://127.0.0.1:9/",
      fetch: async (url) => {
        healthChecks.push(String(url));
        return new Response("down", { status: 503 });
      },
    });
    const final = await controller.start({ scenario: sandboxScenario(), scenarioId: null });
    expect(final.problem?.kind).toBe("sandbox-down");
    expect(final.problem?.message).toContain("npm start or npm run sandbox");
    expect(healthChecks).toEqual(["http://127.0.0.1:9/health"]);
    expect(final.runId).toBeNull();
    expect(await db.runs.count()).toBe(0);
  });

  it("refuses a second run while one is going", async () => {
    const { controller } = controllerFor();
    const first = controller.start({ scenario: sandboxScenario(), scenarioId: null });
    const second = await controller.start({ scenario: sandboxScenario(), scenarioId: null });
    expect(second.problem?.kind).toBe("already-running");
    expect((await first).status).toBe("completed");
  });
});

describe("run controller with Hugging Face providers", () => {
  const TOKEN = "hf_controller_sentinel_token_987";
  const server = setupServer(hubMappingHandler());
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function providerScenario(): Scenario {
    const result = validateScenario({
      version: 1,
      name: "router test",
      task: "chat-completion",
      targets: [{ id: "groq-llama", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" }],
      inputs: ["Hi"],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.scenario;
  }

  it("asks for a token before starting when none is set", async () => {
    const { controller, db } = controllerFor();
    const final = await controller.start({ scenario: providerScenario(), scenarioId: null });
    expect(final.problem?.kind).toBe("token-missing");
    expect(final.problem?.message).toContain("groq-llama");
    expect(await db.runs.count()).toBe(0);
  });

  it("reports a 401 as a rejected token and keeps the token out of everything it stores", async () => {
    server.use(http.post(CHAT_ROUTES.groq!, () => openAiError(401, "Invalid credentials in Authorization header")));
    const { controller, db } = controllerFor({ readAccessToken: () => TOKEN });
    const final = await controller.start({ scenario: providerScenario(), scenarioId: null });
    expect(final.status).toBe("completed");
    expect(final.tokenRejected).toBe(true);
    expect(final.recentRecords[0]).toMatchObject({ status: "error", httpStatus: 401, errorKind: "http_4xx" });
    const everything = JSON.stringify([await db.runs.toArray(), await db.recordChunks.toArray(), await db.scenarios.toArray()]);
    expect(everything).not.toContain(TOKEN);
  });
});
