// A run's server scrapes and certificate (issue 32) stay with it through the dashboard: a command line's
// bundle imported keeps its tail's `serverMetrics` and `validity` on the run row, a stored run exported
// writes them back, a browser run's certificate travels too, and a run without them (an older row) has none.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServerScrape } from "../../../src/core/server-metrics";
import { judgeBrowserValidity, judgeValidity } from "../../../src/core/validity";
import { ProviderBenchDb } from "../../../src/store/db";
import { appendRecords } from "../../../src/store/record-store";
import { importRunFile, runBundleBlob } from "../../../src/store/run-bundle";
import { testRecord, testRun } from "./fixtures";

let here: ProviderBenchDb;
let there: ProviderBenchDb;
beforeEach(async () => {
  here = new ProviderBenchDb(`scrapes-here-${crypto.randomUUID()}`);
  there = new ProviderBenchDb(`scrapes-there-${crypto.randomUUID()}`);
  await Promise.all([here.open(), there.open()]);
});
afterEach(async () => {
  await Promise.all([here.delete(), there.delete()]);
});

const SCRAPES: ServerScrape[] = [
  { targetId: "a", atMs: 1_700_000_000_000, ok: true, durationMs: 2, parseMs: 0.4, bytes: 9000, server: "vllm", values: { running: 1, waiting: 0 }, histograms: { ttft: { le: [100, 250], counts: [0, 1, 1] } }, picked: {}, error: null },
  { targetId: "a", atMs: 1_700_000_001_000, ok: false, durationMs: 1000, parseMs: null, bytes: null, server: null, values: {}, histograms: {}, picked: {}, error: "no answer within 1 s" },
];
const CLI_VALIDITY = judgeValidity({
  loop: "closed",
  clientLoad: { eventLoopDelay: { resolutionMs: 10, p50Ms: 0.1, p99Ms: 0.9, maxMs: 2, samples: 100 }, cpuCores: 0.2, sendingThreads: 1, measuredOn: "main thread, which sends", wallMs: 1000 },
  selfCheck: null,
  targets: [],
});

async function exportedAndImported(run: ReturnType<typeof testRun>) {
  await here.runs.add(run);
  await appendRecords(here, [testRecord(run.id, 0), testRecord(run.id, 1)]);
  const imported = await importRunFile(there, await runBundleBlob(here, run.id), { fileName: "x.pbrun.json.gz", appVersion: "0.1.0" });
  return (await there.runs.get(imported.run.id))!;
}

describe("a run's server metrics and certificate in the store", () => {
  it("keeps a command-line bundle's scrapes and certificate with the imported run, and writes them back", async () => {
    const stored = await exportedAndImported(testRun("cli", { serverMetrics: SCRAPES, validity: CLI_VALIDITY }));
    expect(stored.serverMetrics).toEqual(SCRAPES);
    expect(stored.validity).toEqual(CLI_VALIDITY);
  });

  it("carries a browser run's own certificate in its bundle", async () => {
    const validity = judgeBrowserValidity({ loop: "closed", mainThreadLag: null, connectionQueues: [], connectionsPerHost: 6, http1Origins: [{ origin: "http://127.0.0.1:8787", targetIds: ["a"] }], targets: [] });
    const stored = await exportedAndImported(testRun("browser", { validity }));
    expect(stored.validity).toEqual(validity);
    expect("serverMetrics" in stored).toBe(false);
  });

  it("leaves both out of a run that has neither, as older rows are", async () => {
    const stored = await exportedAndImported(testRun("old"));
    expect("serverMetrics" in stored || "validity" in stored).toBe(false);
  });
});
