// @vitest-environment happy-dom
// The run controller keeps the summary it accumulated on the run's row when it ends, but only when every record reached the database.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../../src/core/record";
import { emptyProgress, type RunOptions, type RunResult } from "../../../src/core/run";
import { STATS_VERSION, summarize } from "../../../src/core/stats";
import { ProviderBenchDb } from "../../../src/store/db";
import { recordsOfRun } from "../../../src/store/queries";
import { createRunController, type RunControllerDeps } from "../../../src/session/run-controller";
import * as realMachinery from "../../../src/session/run-machinery";
import { testRecord, testScenario } from "../store/fixtures";

const databases: ProviderBenchDb[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

/** A runner that measures nothing: it hands the controller these records and completes. */
function fakeRunner(records: (runId: string) => RequestRecord[]) {
  return async (options: RunOptions): Promise<RunResult> => {
    const measured = records(options.runId);
    for (const record of measured) options.onRecord(record);
    const progress = { ...emptyProgress({ measured: measured.length, warmup: 0 }), done: measured.length, attempts: measured.length, elapsedMs: 1 };
    return { runId: options.runId, status: "completed", progress, startedAt: 0, finishedAt: 1 };
  };
}

async function runToTheEnd(db: ProviderBenchDb, overrides: Partial<RunControllerDeps> = {}) {
  const controller = createRunController({
    db,
    loadMachinery: async () => ({ ...realMachinery, runScenario: fakeRunner((runId) => Array.from({ length: 7 }, (_, index) => testRecord(runId, index, { latencyMs: 100 + 10 * index }))) }),
    readAccessToken: () => null,
    resolveSandboxUrl: () => "http://127.0.0.1:1",
    // The sandbox's health check answers; the fake runner above calls nothing.
    fetch: async () => new Response("ok"),
    appVersion: "test",
    libraryVersions: {},
    userAgent: "vitest",
    sinkOptions: { maxBatchSize: 3 },
    ...overrides,
  });
  const final = await controller.start({ scenario: testScenario(), scenarioId: null });
  return { final, run: await db.runs.get(final.runId!) };
}

function newDb(): ProviderBenchDb {
  const db = new ProviderBenchDb(`controller-summary-${crypto.randomUUID()}`);
  databases.push(db);
  return db;
}

describe("run controller: stored summary", () => {
  it("stores the summary table that the run's stored records give, number for number", async () => {
    const db = newDb();
    const { final, run } = await runToTheEnd(db);
    expect(final.problem).toBeNull();
    const fromStoredRecords = summarize(await recordsOfRun(db, final.runId!), ["fast", "slow"], undefined, realMachinery.summaryOptionsOf(testScenario()));
    expect(run!.summary).toEqual({ statsVersion: STATS_VERSION, rows: fromStoredRecords });
    expect(final.summary).toEqual(fromStoredRecords);
  });

  it("stores no summary table when some records could not be saved, so the page computes it from those that were", async () => {
    const db = newDb();
    let created = 0;
    db.recordChunks.hook("creating", () => {
      // The second record fails, and the batch it belongs to with it.
      if (++created === 2) throw new Error("quota exceeded");
    });
    const { final, run } = await runToTheEnd(db);
    expect(final.problem?.kind).toBe("storage");
    // The live view still counts every record measured; the row keeps no summary to be computed from what was stored.
    expect(final.summary.reduce((total, row) => total + row.requests, 0)).toBe(7);
    expect(run!.summary).toBeNull();
  });

  it("dates the run row by the clock it is given", async () => {
    const db = newDb();
    const epochs = [1_700_000_000_000, 1_700_000_042_000];
    const { run } = await runToTheEnd(db, { clock: { now: () => 0, epochMs: () => epochs.shift()! } });
    expect(run).toMatchObject({ startedAt: 1_700_000_000_000, finishedAt: 1_700_000_042_000 });
  });
});
