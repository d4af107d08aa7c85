// @vitest-environment happy-dom
// Resuming an interrupted run in the browser: only its missing requests are sent, their records join the
// run's own under its id, the aborted record they supersede is gone, and its status and summary are new.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { RunOptions } from "../../../src/core/run";
import { validateScenario } from "../../../src/core/scenario";
import { summaryOptionsOf, summarize, valueSettingsOf } from "../../../src/core/stats";
import { ProviderBenchDb } from "../../../src/store/db";
import { recordsOfRun } from "../../../src/store/queries";
import { createRunController } from "../../../src/session/run-controller";
import * as realMachinery from "../../../src/session/run-machinery";
import { testRecord, testRun } from "../store/fixtures";
import { appendRecords } from "../../../src/store/record-store";

const databases: ProviderBenchDb[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

function scenario(run: Record<string, unknown> = {}) {
  const result = validateScenario({
    version: 1,
    name: "resume test",
    task: "chat-completion",
    targets: [
      { id: "fast", endpointUrl: "http://fast.provider.test/v1", model: "m" },
      { id: "slow", endpointUrl: "http://slow.provider.test/v1", model: "m" },
    ],
    inputs: ["hello", "bye"],
    run: { repetitions: 2, ...run },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** Answers every chat request at once, remembering which target was asked which prompt. */
function answeringFetch(sent: string[]): typeof fetch {
  return async (input, init) => {
    const host = new URL(input instanceof Request ? input.url : String(input)).hostname.split(".")[0]!;
    sent.push(`${host}:${(JSON.parse(String(init?.body)) as { messages: { content: string }[] }).messages.at(-1)!.content}`);
    return new Response(JSON.stringify({ id: "1", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }] }), {
      headers: { "content-type": "application/json" },
    });
  };
}

function controllerFor(db: ProviderBenchDb, sent: string[]) {
  return createRunController({
    db,
    loadMachinery: async () => ({ ...realMachinery, runScenario: (options: RunOptions) => realMachinery.runScenario({ ...options, fetch: answeringFetch(sent) }) }),
    readAccessToken: () => null,
    resolveSandboxUrl: () => "http://127.0.0.1:1",
    fetch: async () => new Response("ok"),
    appVersion: "test",
    libraryVersions: {},
    userAgent: "vitest",
  });
}

describe("run controller: resume", () => {
  it("sends only the missing requests and stores one run with every request once", async () => {
    const db = new ProviderBenchDb(`resume-${crypto.randomUUID()}`);
    databases.push(db);
    const spec = scenario();
    await db.runs.add(testRun("cut", { spec, scenarioName: spec.name, status: "interrupted", planned: 8, summary: null }));
    // Done: fast×hello×0 (ok), slow×hello×0 (failed). In flight when the page went away: fast×bye×0 (aborted).
    await appendRecords(db, [
      testRecord("cut", 0, { targetId: "fast", inputIndex: 0, repetition: 0 }),
      testRecord("cut", 1, { targetId: "slow", inputIndex: 0, repetition: 0, status: "error", errorKind: "http_5xx", output: null }),
      testRecord("cut", 2, { targetId: "fast", inputIndex: 1, repetition: 0, status: "error", errorKind: "aborted", output: null }),
    ]);
    const sent: string[] = [];
    const final = await controllerFor(db, sent).start({ scenario: spec, scenarioId: null, resumeRunId: "cut" });
    expect(final.problem).toBeNull();
    expect(final.runId).toBe("cut");
    expect(sent.sort()).toEqual(["fast:bye", "fast:bye", "fast:hello", "slow:bye", "slow:bye", "slow:hello"]);

    const stored = await recordsOfRun(db, "cut");
    const keys = stored.map((record) => `${record.targetId}/${record.inputIndex}/${record.repetition}`).sort();
    expect(keys).toEqual(["fast/0/0", "fast/0/1", "fast/1/0", "fast/1/1", "slow/0/0", "slow/0/1", "slow/1/0", "slow/1/1"]);
    expect(stored.some((record) => record.errorKind === "aborted")).toBe(false);
    const run = await db.runs.get("cut");
    expect(run!.status).toBe("completed");
    // The scenario's own summary settings, as the controller's accumulator has them.
    expect(run!.summary!.rows).toEqual(summarize(stored, ["fast", "slow"], valueSettingsOf(spec), summaryOptionsOf(spec)));
    expect(await db.runs.count()).toBe(1);
  });

  it("counts a request whose retry was cut short after a 429 as failed, and does not send it again", async () => {
    const db = new ProviderBenchDb(`resume-${crypto.randomUUID()}`);
    databases.push(db);
    const spec = scenario({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 } });
    await db.runs.add(testRun("cut", { spec, scenarioName: spec.name, status: "aborted", planned: 8, summary: null }));
    // slow×hello×0 answered 429; its retry was in flight when the run was stopped. Nothing else was sent.
    await appendRecords(db, [
      testRecord("cut", 0, { targetId: "slow", inputIndex: 0, repetition: 0, attempt: 1, status: "error", errorKind: "rate_limited", httpStatus: 429, output: null }),
      testRecord("cut", 1, { targetId: "slow", inputIndex: 0, repetition: 0, attempt: 2, status: "error", errorKind: "aborted", output: null }),
    ]);
    const sent: string[] = [];
    const final = await controllerFor(db, sent).start({ scenario: spec, scenarioId: null, resumeRunId: "cut" });
    expect(final.problem).toBeNull();
    expect(sent.sort()).toEqual(["fast:bye", "fast:bye", "fast:hello", "fast:hello", "slow:bye", "slow:bye", "slow:hello"]);
    const run = await db.runs.get("cut");
    expect(run!.status).toBe("completed");
    const slow = run!.summary!.rows.find((row) => row.targetId === "slow")!;
    expect({ requests: slow.requests, failed: slow.failedRequests, aborted: slow.abortedRequests }).toEqual({ requests: 4, failed: 1, aborted: 0 });
  });

  it("leaves a run with a load model as it was", async () => {
    const db = new ProviderBenchDb(`resume-${crypto.randomUUID()}`);
    databases.push(db);
    const spec = scenario({ load: { mode: "closed", requests: 2 } });
    await db.runs.add(testRun("loaded", { spec, status: "aborted" }));
    const sent: string[] = [];
    const final = await controllerFor(db, sent).start({ scenario: spec, scenarioId: null, resumeRunId: "loaded" });
    expect(final.problem?.message).toMatch(/cannot be resumed: run\.load/);
    expect(sent).toEqual([]);
    expect((await db.runs.get("loaded"))!.status).toBe("aborted");
  });
});
