// @vitest-environment happy-dom
// A run made in the browser ends with its own certificate on its row (issue 32 item 3): the main thread's
// lag sampled through the run on the controller's clock and timers, the loop, each target's token footing
// and the origins its targets share, judged by core/validity.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { emptyProgress, type RunOptions, type RunResult } from "../../../src/core/run";
import { isBrowserValidity, CLIENT_MAY_HAVE_LIMITED } from "../../../src/core/validity";
import { ProviderBenchDb } from "../../../src/store/db";
import type { Timers } from "../../../src/session/publisher";
import { createRunController } from "../../../src/session/run-controller";
import * as realMachinery from "../../../src/session/run-machinery";
import { SAMPLE_PERIOD_MS } from "../../../src/session/main-thread-lag";
import { testRecord, testScenario } from "../store/fixtures";

const databases: ProviderBenchDb[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

describe("run controller: the browser's certificate", () => {
  it("stores a certificate judged on the lag its timer measured through the run", async () => {
    let now = 0;
    const pending = new Map<number, () => void>();
    let nextHandle = 1;
    const timers: Timers = {
      setTimeout: (callback) => {
        pending.set(nextHandle, callback);
        return nextHandle++;
      },
      clearTimeout: (handle) => void pending.delete(handle as number),
    };
    /** Every timer due fires, `lateMs` after its period. */
    const tick = (lateMs: number): void => {
      now += SAMPLE_PERIOD_MS + lateMs;
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback();
    };
    // The runner sends nothing: while it "runs", the main thread is late by 40 ms at every fifth tick.
    const runScenario = async (options: RunOptions): Promise<RunResult> => {
      for (let index = 0; index < 50; index++) tick(index % 5 === 4 ? 40 : 0);
      const records = Array.from({ length: 4 }, (_, index) => testRecord(options.runId, index, { tokensEstimated: index === 0 }));
      for (const record of records) options.onRecord(record);
      return { runId: options.runId, status: "completed", progress: { ...emptyProgress({ measured: 4, warmup: 0 }), done: 4, attempts: 4, elapsedMs: 1 }, startedAt: 0, finishedAt: 1 };
    };
    const db = new ProviderBenchDb(`controller-validity-${crypto.randomUUID()}`);
    databases.push(db);
    const controller = createRunController({
      db,
      loadMachinery: async () => ({ ...realMachinery, runScenario }),
      readAccessToken: () => null,
      resolveSandboxUrl: () => "http://127.0.0.1:1",
      fetch: async () => new Response("ok"),
      appVersion: "test",
      libraryVersions: {},
      userAgent: "vitest",
      timers,
      clock: { now: () => now, epochMs: () => 1_700_000_000_000 + now },
    });
    const final = await controller.start({ scenario: testScenario(), scenarioId: null });
    const validity = (await db.runs.get(final.runId!))!.validity!;
    expect(isBrowserValidity(validity)).toBe(true);
    if (!isBrowserValidity(validity)) return;
    expect(validity.figures.mainThreadLag).toMatchObject({ samples: 50, maxMs: 40, p50Ms: 0 });
    expect(validity.verdict).toBe(CLIENT_MAY_HAVE_LIMITED);
    expect(validity.reasons[0]).toMatch(/^the page's main thread ran its timer late by 40\.0 ms at p99/);
    expect(validity.figures.loop).toBe("closed");
    expect(validity.figures.targets.map((target) => target.tokenCounts)).toEqual(["estimated", "reported"]);
    // Each sandbox profile on a host of its own: no target shares its connections.
    expect(validity.figures.http1Origins.map((origin) => origin.targetIds)).toEqual([["fast"], ["slow"]]);
    // The timer stopped with the run.
    expect(pending.size).toBe(0);
  });
});
