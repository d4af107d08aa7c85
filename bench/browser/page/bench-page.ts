// The bench page: the app's own runner and store, without the UI, callable from playwright through
// `window.providerBench`. Served from the same origin as the built app, so the records it writes are
// the ones the app's Compare page reads.
import { runScenario } from "../../../src/core/run/runner";
import { validateScenario } from "../../../src/core/scenario/scenario-file";
import { summarize } from "../../../src/core/stats";
import { ProviderBenchDb } from "../../../src/store/db";
import { createRun, deleteRun, finishRun, readRecordColumns, recordsOfRun } from "../../../src/store/queries";
import { createRecordSink, recordStoreTable } from "../../../src/store/record-sink";
import { countRecords } from "../../../src/store/record-store";
import { importRunFile, runBundleBlob } from "../../../src/store/run-bundle";
import { summaryToStore } from "../../../src/store/run-summary";
import { ecdfSeries, latencyTimelineSeries, ttftLengthSeries } from "../../../src/ui/features/compare/charts/record-series";
import { recordColumns } from "../../../src/core/record/record-columns";
import type { BenchPageApi, BenchWindow, RawWriteOptions, RecordWriteOptions, StreamingRunOptions } from "./bench-page-api";
import { addRecordsRaw } from "./raw-indexeddb";
import { runRawStreaming } from "./raw-streaming";
import { syntheticRecords, syntheticScenario } from "./synthetic-run";

async function runStreaming(options: StreamingRunOptions) {
  const result = validateScenario({
    version: 1,
    name: "browser clock",
    task: "chat-completion",
    targets: [{ id: "sandbox", endpointUrl: options.endpointUrl, model: "clock" }],
    inputs: ["Tick."],
    parameters: { max_tokens: 8 },
    run: { repetitions: options.requests, concurrency: options.concurrency, stream: true, warmup: options.warmup },
  });
  if (!result.ok) throw new Error(`bench scenario is invalid: ${JSON.stringify(result.errors)}`);
  const ttftsMs: number[] = [];
  const latenciesMs: number[] = [];
  const failures: string[] = [];
  const startedAt = performance.now();
  await runScenario({
    runId: "browser-clock",
    scenario: result.scenario,
    onRecord: (record) => {
      if (record.warmup) return;
      if (record.status !== "ok" || record.ttftMs === null) {
        failures.push(`${record.errorKind ?? "no TTFT"}: ${record.errorMessage ?? ""}`);
        return;
      }
      ttftsMs.push(record.ttftMs);
      latenciesMs.push(record.latencyMs);
    },
  });
  return { ttftsMs, latenciesMs, failures, elapsedMs: performance.now() - startedAt };
}

async function usageBytes(): Promise<number> {
  const estimate = await navigator.storage.estimate();
  if (estimate.usage === undefined) throw new Error("navigator.storage.estimate() gave no usage");
  return estimate.usage;
}

/** Writes `count` records through the app's batched sink into the app's database, as a run would. */
async function writeRecords(options: RecordWriteOptions) {
  const scenario = syntheticScenario(options.count);
  // Generated before the clock starts: the benchmark is the sink and IndexedDB, not the generator.
  const records = syntheticRecords(options.runId, scenario, options.count, options.seed);
  const db = new ProviderBenchDb();
  try {
    await createRun(db, {
      id: options.runId,
      scenarioId: null,
      scenarioName: scenario.name,
      spec: scenario,
      status: "running",
      startedAt: records[0]!.startedAt,
      finishedAt: null,
      planned: records.length,
      appVersion: "bench",
      libraryVersions: {},
      userAgent: navigator.userAgent,
      summary: null,
      errorMessage: null,
      replayOfRunId: null,
    });
    const usageBeforeBytes = await usageBytes();
    let writeError: unknown = null;
    const sink = createRecordSink(recordStoreTable(db), { onError: (error) => (writeError ??= error) });
    const startedAt = performance.now();
    for (const record of records) sink.write(record);
    await sink.close();
    const elapsedMs = performance.now() - startedAt;
    if (writeError !== null) throw new Error(`the record sink failed: ${String(writeError)}`);
    const stored = await countRecords(db, options.runId);
    if (stored !== records.length) throw new Error(`wrote ${records.length} records but ${stored} are stored`);
    await finishRun(db, options.runId, {
      status: "completed",
      finishedAt: records[records.length - 1]!.startedAt,
      summary: summaryToStore(summarize(records, scenario.targets.map((target) => target.id))),
    });
    return { count: records.length, elapsedMs, usageBeforeBytes, usageAfterBytes: await usageBytes() };
  } finally {
    db.close();
  }
}

async function writeRecordsRaw(options: RawWriteOptions) {
  const records = syntheticRecords(options.runId, syntheticScenario(options.count), options.count, options.seed);
  return { count: records.length, elapsedMs: await addRecordsRaw(records, options.indexes) };
}

/** The stored run's target ids, with the app's database open for the steps that follow (closed after them). */
async function withStoredRun<T>(runId: string, steps: (db: ProviderBenchDb, targetIds: string[]) => Promise<T>): Promise<T> {
  const db = new ProviderBenchDb();
  try {
    const run = await db.runs.get(runId);
    if (run === undefined) throw new Error(`no run ${runId} in this origin's database`);
    return await steps(db, run.spec.targets.map((target) => target.id));
  } finally {
    db.close();
  }
}

/** What the compare page computes before it can show the summary, timed step by step. */
function timeSummary(runId: string) {
  return withStoredRun(runId, async (db, targetIds) => {
    const readStartedAt = performance.now();
    const records = await recordsOfRun(db, runId);
    const summarizeStartedAt = performance.now();
    const rows = summarize(records, targetIds);
    const seriesStartedAt = performance.now();
    const columns = recordColumns(records);
    ecdfSeries(columns, targetIds, "latency");
    ecdfSeries(columns, targetIds, "ttft");
    latencyTimelineSeries(columns, targetIds);
    const finishedAt = performance.now();
    if (rows.length !== targetIds.length) throw new Error(`summary has ${rows.length} rows for ${targetIds.length} targets`);
    return {
      records: records.length,
      readMs: summarizeStartedAt - readStartedAt,
      summarizeMs: seriesStartedAt - summarizeStartedAt,
      chartSeriesMs: finishedAt - seriesStartedAt,
    };
  });
}

/** The large-run compare page's steps: the columns read, then every chart's series built from them. */
function timeColumns(runId: string) {
  return withStoredRun(runId, async (db, targetIds) => {
    const readStartedAt = performance.now();
    const columns = await readRecordColumns(db, runId);
    const seriesStartedAt = performance.now();
    ecdfSeries(columns, targetIds, "latency");
    ecdfSeries(columns, targetIds, "ttft");
    latencyTimelineSeries(columns, targetIds);
    ttftLengthSeries(columns, targetIds);
    const finishedAt = performance.now();
    return { records: columns.length, readMs: seriesStartedAt - readStartedAt, chartSeriesMs: finishedAt - seriesStartedAt };
  });
}

/**
 * A stored run out as a bundle and back in, as a user moves it between browsers: the app's own export
 * (the gzip file the Download bundle button saves), the run deleted, then the app's own import of that
 * file (what History's Import runs does). The run comes back under its own id, so the Compare page that
 * follows opens the imported copy.
 */
function roundTripBundle(runId: string) {
  return withStoredRun(runId, async (db) => {
    const exportStartedAt = performance.now();
    const bundle = await runBundleBlob(db, runId);
    const exportMs = performance.now() - exportStartedAt;
    await deleteRun(db, runId);
    const importStartedAt = performance.now();
    const imported = await importRunFile(db, new File([bundle], "bench-run.pbrun.json.gz"), { fileName: "bench-run.pbrun.json.gz", appVersion: "bench" });
    const importMs = performance.now() - importStartedAt;
    if (imported.run.id !== runId) throw new Error(`the bundle came back as run ${imported.run.id}, not ${runId}`);
    return { records: imported.records, bundleBytes: bundle.size, exportMs, importMs };
  });
}

const api: BenchPageApi = { runStreaming, runRawStreaming, writeRecords, writeRecordsRaw, timeSummary, timeColumns, roundTripBundle };
(window as unknown as BenchWindow).providerBench = api;
document.title = "ProviderBench bench page (ready)";
