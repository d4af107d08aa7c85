// Storage: synthetic records written into IndexedDB through the app's batched record sink (rows of
// records in chunks), each round in a fresh Chromium profile, against the same records added one row
// per record with the bare IndexedDB API (the layout before chunks, at its ceiling: with its indexes
// and with the one index its queries used); bytes
// per record from the storage estimate and from the profile's IndexedDB folder on disk.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { format, markdownTable, median, spread } from "../measure-tools";
import { DEFAULT_MAX_BATCH_SIZE } from "../../src/store/record-sink";
import { RECORDS_PER_ROW } from "../../src/store/record-store";
import { callBenchPage, launchFreshProfile, openBenchPage, watchPageErrors, type ChromiumProfile } from "./chromium";
import type { ReferenceIndexes } from "./page/bench-page-api";

export const SINK_GOAL_RECORDS_PER_SECOND = 50_000;

export interface RecordStorageResult {
  count: number;
  rounds: number;
  sinkRecordsPerSecond: number[];
  referenceRecordsPerSecond: Record<ReferenceIndexes, number[]>;
  estimateBytesPerRecord: number[];
  diskBytesPerRecord: number[];
  /** The last round's profile, still open, holding a completed run of `count` records for the compare page. */
  seeded: { profile: ChromiumProfile; runId: string };
}

const REFERENCE_INDEXES: readonly ReferenceIndexes[] = ["app's three", "runId only"];

async function directoryBytes(path: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

async function writeThroughSink(profile: ChromiumProfile, siteUrl: string, runId: string, count: number, seed: number) {
  const indexedDbDir = join(profile.profileDir, "Default", "IndexedDB");
  const page = await openBenchPage(profile.context, siteUrl);
  const errors = watchPageErrors(page);
  const diskBeforeBytes = await directoryBytes(indexedDbDir);
  const result = await callBenchPage(page, "writeRecords", { runId, count, seed });
  errors.throwIfAny("the record sink benchmark");
  await page.close();
  const diskAfterBytes = await directoryBytes(indexedDbDir);
  if (diskAfterBytes <= diskBeforeBytes) throw new Error(`the IndexedDB folder did not grow (${indexedDbDir}): is this Chromium storing it elsewhere?`);
  if (result.usageAfterBytes <= result.usageBeforeBytes) throw new Error("navigator.storage.estimate() did not grow after the write");
  return {
    recordsPerSecond: result.count / (result.elapsedMs / 1000),
    estimateBytesPerRecord: (result.usageAfterBytes - result.usageBeforeBytes) / result.count,
    diskBytesPerRecord: (diskAfterBytes - diskBeforeBytes) / result.count,
  };
}

async function writeRaw(siteUrl: string, count: number, seed: number, indexes: ReferenceIndexes): Promise<number> {
  const profile = await launchFreshProfile();
  try {
    const page = await openBenchPage(profile.context, siteUrl);
    const errors = watchPageErrors(page);
    const result = await callBenchPage(page, "writeRecordsRaw", { runId: "raw-reference", count, seed, indexes });
    errors.throwIfAny("the raw IndexedDB reference");
    return result.count / (result.elapsedMs / 1000);
  } finally {
    await profile.close();
  }
}

/** A fresh profile holding one run of `count` synthetic records written through the app's sink, left open for the Compare page. */
export async function seedRunThroughSink(siteUrl: string, count: number): Promise<RecordStorageResult["seeded"] & { recordsPerSecond: number }> {
  const profile = await launchFreshProfile();
  const runId = "bench-very-large-run";
  try {
    const sink = await writeThroughSink(profile, siteUrl, runId, count, 1);
    return { profile, runId, recordsPerSecond: sink.recordsPerSecond };
  } catch (error) {
    await profile.close();
    throw error;
  }
}

export async function measureRecordStorage(
  options: { siteUrl: string; count: number; rounds: number },
  log: (line: string) => void,
): Promise<RecordStorageResult> {
  const sinkRecordsPerSecond: number[] = [];
  const referenceRecordsPerSecond: Record<ReferenceIndexes, number[]> = { "app's three": [], "runId only": [] };
  const estimateBytesPerRecord: number[] = [];
  const diskBytesPerRecord: number[] = [];
  let seeded: RecordStorageResult["seeded"] | null = null;
  const writeReferences = async (seed: number): Promise<void> => {
    for (const indexes of REFERENCE_INDEXES) referenceRecordsPerSecond[indexes].push(await writeRaw(options.siteUrl, options.count, seed, indexes));
  };
  try {
    for (let round = 0; round < options.rounds; round++) {
      const seed = round + 1;
      const runId = `bench-large-run-${round + 1}`;
      // Alternate whether the sink or the references go first, so neither always gets the cooler machine.
      if (round % 2 === 1) await writeReferences(seed);
      log(`  storage: round ${round + 1}/${options.rounds}, ${options.count.toLocaleString("en-US")} records through the sink and the references`);
      const profile = await launchFreshProfile();
      const lastRound = round === options.rounds - 1;
      try {
        const sink = await writeThroughSink(profile, options.siteUrl, runId, options.count, seed);
        sinkRecordsPerSecond.push(sink.recordsPerSecond);
        estimateBytesPerRecord.push(sink.estimateBytesPerRecord);
        diskBytesPerRecord.push(sink.diskBytesPerRecord);
        if (lastRound) seeded = { profile, runId };
      } finally {
        if (!lastRound || seeded === null) await profile.close();
      }
      if (round % 2 === 0) await writeReferences(seed);
    }
  } catch (error) {
    await seeded?.profile.close();
    throw error;
  }
  if (seeded === null) throw new Error("storage: no rounds were run");
  return { count: options.count, rounds: options.rounds, sinkRecordsPerSecond, referenceRecordsPerSecond, estimateBytesPerRecord, diskBytesPerRecord, seeded };
}

export function recordStorageTable(result: RecordStorageResult): string {
  const sizeOf = `${result.count.toLocaleString("en-US")} × ${result.rounds}`;
  return markdownTable(
    ["writer", "records × rounds", "records/s (median, range)", `goal ≥ ${SINK_GOAL_RECORDS_PER_SECOND.toLocaleString("en-US")}/s`, "storage estimate bytes/record", "IndexedDB folder bytes/record"],
    [
      [
        `chunks and their columns (schema 5): the app's record sink, batches of ${DEFAULT_MAX_BATCH_SIZE} appended as rows of up to ${RECORDS_PER_ROW} records, each with a row of its columns`,
        sizeOf,
        `${format(median(result.sinkRecordsPerSecond))} (${spread(result.sinkRecordsPerSecond)})`,
        median(result.sinkRecordsPerSecond) >= SINK_GOAL_RECORDS_PER_SECOND ? "met" : "not met",
        format(median(result.estimateBytesPerRecord)),
        format(median(result.diskBytesPerRecord)),
      ],
      ...REFERENCE_INDEXES.map((indexes) => {
        const recordsPerSecond = result.referenceRecordsPerSecond[indexes];
        return [
          `one row per record (schemas 1-3), bare IndexedDB in one transaction (its ceiling), ${indexes === "app's three" ? "the old key and its three indexes" : "the old key and the runId index only"}`,
          sizeOf,
          `${format(median(recordsPerSecond))} (${spread(recordsPerSecond)})`,
          median(recordsPerSecond) >= SINK_GOAL_RECORDS_PER_SECOND ? "met" : "not met",
          "–",
          "–",
        ];
      }),
    ],
  );
}
