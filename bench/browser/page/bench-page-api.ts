// What the bench page exposes on `window.providerBench`: the contract between the page and the
// playwright side, types only (page.evaluate serializes arguments and results, so plain data only).

export interface StreamingRunOptions {
  /** An OpenAI-compatible base URL ending in /v1, e.g. the sandbox's `exact` profile. */
  endpointUrl: string;
  concurrency: number;
  /** Measured requests. */
  requests: number;
  warmup: number;
}

export interface StreamingRunResult {
  ttftsMs: number[];
  latenciesMs: number[];
  /** One line per failed measured request; the caller fails the benchmark if any. */
  failures: string[];
  elapsedMs: number;
}

export interface RecordWriteOptions {
  runId: string;
  count: number;
  seed: number;
}

export interface RecordWriteResult {
  count: number;
  /** First write handed to the sink → the sink's close() resolved (everything committed). */
  elapsedMs: number;
  /** navigator.storage.estimate().usage before and after; Chromium counts the origin's IndexedDB files. */
  usageBeforeBytes: number;
  usageAfterBytes: number;
}

/** Which of the app's indexes the bare-IndexedDB reference store has. */
export type ReferenceIndexes = "app's three" | "runId only";

export interface RawWriteOptions extends RecordWriteOptions {
  indexes: ReferenceIndexes;
}

export interface RawWriteResult {
  count: number;
  /** First add() → the one transaction completed. */
  elapsedMs: number;
}

export interface SummaryTiming {
  records: number;
  /** recordsOfRun(): the compare page's read of the whole run from IndexedDB. */
  readMs: number;
  /** summarize(): the summary table's statistics. */
  summarizeMs: number;
  /** The ECDF and timeline series the charts draw (record-series.ts). */
  chartSeriesMs: number;
}

export interface BenchPageApi {
  runStreaming(options: StreamingRunOptions): Promise<StreamingRunResult>;
  /** The same requests with a bare fetch and stream reader: the reference for the runner's clock. */
  runRawStreaming(options: StreamingRunOptions): Promise<StreamingRunResult>;
  writeRecords(options: RecordWriteOptions): Promise<RecordWriteResult>;
  /** The same records straight into IndexedDB (no dexie, no sink), same key and chosen indexes: the ceiling. */
  writeRecordsRaw(options: RawWriteOptions): Promise<RawWriteResult>;
  timeSummary(runId: string): Promise<SummaryTiming>;
  /** What the compare page of a run too large to read whole does instead: read its columns, build the series. */
  timeColumns(runId: string): Promise<ColumnsTiming>;
  /** The stored run exported as a bundle, deleted, and imported from that file again. */
  roundTripBundle(runId: string): Promise<BundleRoundTrip>;
}

export interface BundleRoundTrip {
  /** Records the import read back. */
  records: number;
  /** The gzip bundle's size. */
  bundleBytes: number;
  /** runBundleBlob(): the stored run → the gzip file. */
  exportMs: number;
  /** importRunFile(): the file → records and columns stored, the run row written, its summary computed. */
  importMs: number;
}

export interface ColumnsTiming {
  records: number;
  /** readRecordColumns(): the run's columns from IndexedDB. */
  readMs: number;
  /** The ECDF, timeline and TTFT-vs-length series the charts draw, from the columns. */
  chartSeriesMs: number;
}

/** The page's window as seen from page.evaluate. */
export interface BenchWindow {
  providerBench: BenchPageApi;
}
