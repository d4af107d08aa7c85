// @vitest-environment happy-dom
// A long run's snapshot holds its summary and a window of its latest records, never every record: all of
// them go to IndexedDB and into the summary as they arrive.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../../src/core/record";
import { emptyProgress, type RunOptions, type RunResult } from "../../../src/core/run";
import { ProviderBenchDb } from "../../../src/store/db";
import { countRecords } from "../../../src/store/record-store";
import { createRunController } from "../../../src/session/run-controller";
import * as realMachinery from "../../../src/session/run-machinery";
import { RECENT_RECORDS_WINDOW, type RunSnapshot } from "../../../src/session/run-snapshot";
import { testRecord, testScenario } from "../store/fixtures";

const databases: ProviderBenchDb[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

/** More than twice the window, so the window has turned over more than once. */
const RECORDS = 2 * RECENT_RECORDS_WINDOW + 57;

/** A runner that sends nothing: it hands the controller `records`, pausing now and then so publications happen mid-run. */
function fakeRunner(records: (runId: string) => RequestRecord[]) {
  return async (options: RunOptions): Promise<RunResult> => {
    const measured = records(options.runId);
    for (const [index, record] of measured.entries()) {
      options.onRecord(record);
      if (index % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const progress = { ...emptyProgress({ measured: measured.length, warmup: 0 }), done: measured.length, attempts: measured.length, elapsedMs: 1 };
    return { runId: options.runId, status: "completed", progress, startedAt: 0, finishedAt: 1 };
  };
}

describe("run controller: the live snapshot's records", () => {
  it(`keeps only the last ${RECENT_RECORDS_WINDOW} records of a longer run, while the summary and the database count all of them`, async () => {
    const db = new ProviderBenchDb(`controller-window-${crypto.randomUUID()}`);
    databases.push(db);
    let sent: RequestRecord[] = [];
    const controller = createRunController({
      db,
      loadMachinery: async () => ({
        ...realMachinery,
        runScenario: fakeRunner((runId) => (sent = Array.from({ length: RECORDS }, (_, index) => testRecord(runId, index)))),
      }),
      readAccessToken: () => null,
      resolveSandboxUrl: () => "http://127.0.0.1:1",
      // The sandbox's health check answers; the fake runner above calls nothing.
      fetch: async () => new Response("ok"),
      appVersion: "test",
      libraryVersions: {},
      userAgent: "vitest",
      publishIntervalMs: 1,
    });
    const published: RunSnapshot[] = [];
    controller.subscribe(() => published.push(controller.getSnapshot()));

    const final = await controller.start({ scenario: testScenario(), scenarioId: null });

    expect(final.problem).toBeNull();
    expect(final.recentRecords).toHaveLength(RECENT_RECORDS_WINDOW);
    expect(final.recentRecords).toEqual(sent.slice(-RECENT_RECORDS_WINDOW));
    expect(final.summary.reduce((total, row) => total + row.requests, 0)).toBe(RECORDS);
    expect(await countRecords(db, final.runId!)).toBe(RECORDS);
    // Mid-run too: each publication holds the latest records up to then, never more than the window.
    const midRun = published.filter((snapshot) => snapshot.phase === "running" && snapshot.recentRecords.length > 0);
    expect(midRun.length).toBeGreaterThan(1);
    for (const snapshot of published) expect(snapshot.recentRecords.length).toBeLessThanOrEqual(RECENT_RECORDS_WINDOW);
    const turnedOver = midRun.find((snapshot) => snapshot.recentRecords.at(-1)!.repetition >= RECENT_RECORDS_WINDOW);
    expect(turnedOver).toBeDefined();
    const latest = turnedOver!.recentRecords.at(-1)!.repetition;
    expect(turnedOver!.recentRecords).toEqual(sent.slice(latest + 1 - RECENT_RECORDS_WINDOW, latest + 1));
  });
});
