// Runs in and out of files: a stored run written as a run bundle (gzip by CompressionStream), and any run
// file (a bundle, a records file, another tool's export: core/io/imports/run-file.ts) read into the database
// as a run of its own, tagged with where it was made. Both stream: records pass a chunk at a time.
import { base64ToBytes, bytesToBase64, inlineBlobBudget, type BundleBlob, type BundleRun, type BundleRunStatus, type RunOrigin, createBundleWriter } from "../core/io/bundle";
import { readRunFile, RunFileProblem, type RunFile } from "../core/io/imports";
import type { RequestRecord } from "../core/record";
import type { RecordsFileReport } from "../core/io";
import type { SummaryRow } from "../core/stats";
import type { ProviderBenchDb, StoredRun } from "./db";
import { appendRecords, deleteRecordsOfRun, forEachRecordChunk } from "./record-store";
import { summaryFromFile, summaryOfRun } from "./run-summary";

/** Where a run was made: its stored origin, or, for a run made in this browser, this browser. */
export function originOfRun(run: StoredRun): RunOrigin {
  return run.origin ?? { label: null, tool: "providerbench-browser", toolVersion: run.appVersion, host: null, userAgent: run.userAgent || null };
}

/** A run imported from another tool's file (or a bare records file) has no real scenario to run again. */
export function isReplayable(run: Pick<StoredRun, "imported">): boolean {
  return run.imported === undefined || run.imported.format === "providerbench-bundle";
}

function bundleRunOf(run: StoredRun): BundleRun {
  return {
    id: run.id,
    scenarioName: run.scenarioName,
    scenario: run.spec,
    startedAt: run.startedAt,
    planned: run.planned,
    appVersion: run.appVersion,
    libraryVersions: run.libraryVersions,
    origin: originOfRun(run),
    replayOfRunId: run.replayOfRunId,
    ...(run.prices === undefined ? {} : { prices: run.prices }),
  };
}

/** A run still going is exported as what it holds so far: interrupted there. */
function bundleStatusOf(run: StoredRun): BundleRunStatus {
  return run.status === "running" ? "interrupted" : run.status;
}

async function blobsOf(db: ProviderBenchDb, runId: string): Promise<BundleBlob[]> {
  const stored = await db.blobs.where("runId").equals(runId).toArray();
  const inline = inlineBlobBudget();
  const travels = stored.map((blob) => inline(blob.data.size));
  return Promise.all(
    stored.map(async (blob, index) => ({
      id: blob.id,
      mimeType: blob.mimeType,
      sizeBytes: blob.data.size,
      base64: travels[index] ? bytesToBase64(new Uint8Array(await blob.data.arrayBuffer())) : null,
    })),
  );
}

/** The run's bundle as text pieces handed to `write` in order: head, one piece per chunk of records, tail. */
export async function writeRunBundle(db: ProviderBenchDb, runId: string, write: (piece: string) => void): Promise<void> {
  const run = await db.runs.get(runId);
  if (run === undefined) throw new Error("the run is no longer stored");
  const writer = createBundleWriter();
  write(writer.head(bundleRunOf(run)));
  await forEachRecordChunk(db, runId, (chunk) => {
    let text = "";
    for (const record of chunk) text += writer.record(record);
    write(text);
  });
  write(writer.tail({ status: bundleStatusOf(run), finishedAt: run.finishedAt, errorMessage: run.errorMessage, blobs: await blobsOf(db, runId), ...serverAndValidityTail(run) }));
}

/** The server's scrapes and the certificate a run carries, in a bundle's tail and back: absent fields stay absent. */
function serverAndValidityTail(from: Pick<StoredRun, "serverMetrics" | "validity">): Pick<StoredRun, "serverMetrics" | "validity"> {
  return { ...(from.serverMetrics === undefined ? {} : { serverMetrics: from.serverMetrics }), ...(from.validity === undefined ? {} : { validity: from.validity }) };
}

/** The run's bundle as a gzip file: only the compressed bytes are kept, never the whole text. */
export function runBundleBlob(db: ProviderBenchDb, runId: string): Promise<Blob> {
  const text = new ReadableStream<string>({
    async start(controller) {
      try {
        await writeRunBundle(db, runId, (piece) => controller.enqueue(piece));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const gzip = text.pipeThrough(new TextEncoderStream()).pipeThrough(new CompressionStream("gzip"));
  return new Response(gzip, { headers: { "content-type": "application/gzip" } }).blob();
}

/** A file that holds a run this database has already (the same bundle imported twice). */
export class RunAlreadyStored extends Error {}

export interface ImportedRun {
  run: StoredRun;
  rows: SummaryRow[];
  records: number;
  /** What the file repeated or lacked (duplicates dropped, retries without their attempt before): the import says so. */
  report: RecordsFileReport;
}

export interface ImportRunOptions {
  fileName: string;
  appVersion: string;
  now?: () => number;
  newRunId?: () => string;
  /** Records per database write. */
  batchSize?: number;
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The file's text, a piece at a time: gunzipped when it is gzip (told by its first bytes, not its name). */
async function* textPieces(file: Blob): AsyncGenerator<string> {
  const magic = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const gzipped = magic[0] === GZIP_MAGIC[0] && magic[1] === GZIP_MAGIC[1];
  const bytes = gzipped ? file.stream().pipeThrough(new DecompressionStream("gzip")) : file.stream();
  const reader = bytes.pipeThrough(new TextDecoderStream()).getReader();
  let done = false;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
    done = true;
  } finally {
    // A reader that stopped early (a limit, a bad line) stops the decompression too.
    if (!done) await reader.cancel();
    reader.releaseLock();
  }
}

/**
 * Reads a run file into the database: records in batches as they are read, then the run row, so History
 * never lists a half-imported run; a failure removes what was written. The summary is computed from the
 * stored records and kept on the row, as for a run made here.
 */
export async function importRunFile(db: ProviderBenchDb, file: Blob, options: ImportRunOptions): Promise<ImportedRun> {
  const now = options.now ?? (() => Date.now());
  const batchSize = options.batchSize ?? 5000;
  let batch: RequestRecord[] = [];
  let writtenRunId: string | null = null;
  let records = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const writing = batch;
    batch = [];
    await appendRecords(db, writing);
  };
  try {
    const runFile: RunFile = await readRunFile(
      textPieces(file),
      async (record) => {
        if (writtenRunId === null) {
          if ((await db.runs.get(record.runId)) !== undefined) throw new RunAlreadyStored(`this run (${record.runId}) is already in History`);
          writtenRunId = record.runId;
        }
        batch.push(record);
        records++;
        if (batch.length >= batchSize) await flush();
      },
      { fileName: options.fileName, appVersion: options.appVersion, now, newRunId: options.newRunId ?? (() => crypto.randomUUID()) },
    );
    await flush();
    const { run, tail } = runFile;
    const stored: StoredRun = {
      id: run.id,
      scenarioId: null,
      scenarioName: run.scenarioName,
      spec: run.scenario,
      status: tail.status,
      startedAt: run.startedAt,
      finishedAt: tail.finishedAt,
      planned: run.planned,
      appVersion: run.appVersion,
      libraryVersions: run.libraryVersions,
      userAgent: run.origin.userAgent ?? "",
      summary: runFile.summaryRows === undefined ? null : summaryFromFile(runFile.summaryRows),
      errorMessage: tail.errorMessage,
      replayOfRunId: run.replayOfRunId,
      origin: run.origin,
      imported: { format: runFile.format, fileName: options.fileName, importedAt: now() },
      ...(run.prices === undefined ? {} : { prices: run.prices }),
      ...serverAndValidityTail(tail),
    };
    await db.transaction("rw", db.runs, db.blobs, async () => {
      if ((await db.runs.get(stored.id)) !== undefined) throw new RunAlreadyStored(`this run (${stored.id}) is already in History`);
      await db.runs.add(stored);
      const inline = tail.blobs.filter((blob) => blob.base64 !== null);
      await db.blobs.bulkPut(inline.map((blob) => ({ id: blob.id, runId: stored.id, mimeType: blob.mimeType, data: new Blob([base64ToBytes(blob.base64!)], { type: blob.mimeType }) })));
    });
    writtenRunId = null;
    const rows = await summaryOfRun(db, stored);
    return { run: (await db.runs.get(stored.id)) ?? stored, rows, records, report: runFile.report };
  } catch (error) {
    if (writtenRunId !== null) await deleteRecordsOfRun(db, writtenRunId);
    if (error instanceof RunFileProblem || error instanceof RunAlreadyStored) throw error;
    throw new RunFileProblem(`cannot read ${options.fileName}: ${(error as Error).message}`, { cause: error });
  }
}
