// Reads and writes of runs, records and saved scenarios; every multi-table change is one transaction.
import type { RequestRecord } from "../core/record";
import type { Scenario } from "../core/scenario";
import type { ProviderBenchDb, RunStatus, StoredRecord, StoredRun, StoredScenario, StoredSummary } from "./db";
import { releaseRunBlobs } from "./blobs";

/** Newest first. */
export function listRuns(db: ProviderBenchDb): Promise<StoredRun[]> {
  return db.runs.orderBy("startedAt").reverse().toArray();
}

/** The run started last, or null when there is none. */
export async function latestRunId(db: ProviderBenchDb): Promise<string | null> {
  return (await db.runs.orderBy("startedAt").last())?.id ?? null;
}

export function getRun(db: ProviderBenchDb, runId: string): Promise<StoredRun | undefined> {
  return db.runs.get(runId);
}

/** How far a chunked read of a run's records has come. */
export interface RecordsReadProgress {
  loaded: number;
  total: number;
}

export interface ReadRecordsOptions {
  /** Records per read; each read is one short task, so the page can paint in between. */
  chunkSize?: number;
  onProgress?: (progress: RecordsReadProgress) => void;
  /** Stops between chunks (rejecting with the signal's reason): the page moved on. */
  signal?: AbortSignal;
}

const RECORDS_PER_CHUNK = 5000;

/**
 * A run's records, in the order they were recorded, handed over a chunk at a time. The run's primary keys
 * come first from the runId index (keys only: cheap, and in key order); each chunk is then one read of a
 * primary-key range, which the store serves in one request, whereas an index read with an offset walks
 * a cursor record by record. Records of another run written in between (two tabs) fall inside those
 * ranges and are dropped. Records added after the keys were listed are not read: a live run's page
 * reads again when the run ends. Resolves with how many records were handed over.
 */
export async function forEachRecordChunk(
  db: ProviderBenchDb,
  runId: string,
  onChunk: (records: RequestRecord[]) => void,
  options: ReadRecordsOptions = {},
): Promise<number> {
  const { chunkSize = RECORDS_PER_CHUNK, onProgress, signal } = options;
  const keys = await db.records.where("runId").equals(runId).primaryKeys();
  let loaded = 0;
  onProgress?.({ loaded: 0, total: keys.length });
  for (let start = 0; start < keys.length; start += chunkSize) {
    signal?.throwIfAborted();
    const first = keys[start]!;
    const last = keys[Math.min(start + chunkSize, keys.length) - 1]!;
    const stored = await db.records.where(":id").between(first, last, true, true).toArray();
    const chunk = stored.filter((record) => record.runId === runId).map(withoutKey);
    loaded += chunk.length;
    onChunk(chunk);
    onProgress?.({ loaded, total: keys.length });
  }
  return loaded;
}

/** Every record of a run, in the order they were recorded, read a chunk at a time (see forEachRecordChunk). */
export async function recordsOfRun(db: ProviderBenchDb, runId: string, options: ReadRecordsOptions = {}): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await forEachRecordChunk(db, runId, (chunk) => {
    for (const record of chunk) records.push(record);
  }, options);
  return records;
}

function withoutKey({ id: _key, ...record }: StoredRecord): RequestRecord {
  return record;
}

export async function createRun(db: ProviderBenchDb, run: StoredRun): Promise<void> {
  await db.runs.add(run);
}

export async function finishRun(
  db: ProviderBenchDb,
  runId: string,
  outcome: { status: Exclude<RunStatus, "running">; finishedAt: number; summary: StoredSummary | null; errorMessage?: string | null },
): Promise<void> {
  await db.runs.update(runId, {
    status: outcome.status,
    finishedAt: outcome.finishedAt,
    summary: outcome.summary,
    errorMessage: outcome.errorMessage ?? null,
  });
}

/**
 * A resumed run: running again, its summary dropped (computed again at its end), and the records the
 * resume supersedes deleted, in one transaction.
 */
export async function reopenRun(db: ProviderBenchDb, runId: string, superseded: (record: RequestRecord) => boolean): Promise<void> {
  await db.transaction("rw", db.runs, db.records, async () => {
    await db.records.where("runId").equals(runId).and(superseded).delete();
    await db.runs.update(runId, { status: "running", finishedAt: null, summary: null, errorMessage: null });
  });
}

/** The run row, its records and its blobs (those no other run holds) go together or not at all. */
export async function deleteRun(db: ProviderBenchDb, runId: string): Promise<void> {
  await db.transaction("rw", db.runs, db.records, db.blobs, async () => {
    await db.records.where("runId").equals(runId).delete();
    await releaseRunBlobs(db, runId);
    await db.runs.delete(runId);
  });
}

/**
 * At app start, a run still marked running was cut off by a closed tab or a crash: it becomes
 * interrupted and keeps its records. `isStillRunning` spares runs another open tab is driving.
 * Returns the ids it marked.
 */
export async function markInterruptedRuns(
  db: ProviderBenchDb,
  isStillRunning: (runId: string) => boolean = () => false,
): Promise<string[]> {
  return db.transaction("rw", db.runs, async () => {
    const running = await db.runs.where("status").equals("running").toArray();
    const interrupted = running.filter((run) => !isStillRunning(run.id)).map((run) => run.id);
    await db.runs.where("id").anyOf(interrupted).modify({ status: "interrupted" });
    return interrupted;
  });
}

/** Most recently changed first. */
export function listSavedScenarios(db: ProviderBenchDb): Promise<StoredScenario[]> {
  return db.scenarios.orderBy("updatedAt").reverse().toArray();
}

export function getSavedScenario(db: ProviderBenchDb, scenarioId: string): Promise<StoredScenario | undefined> {
  return db.scenarios.get(scenarioId);
}

export async function saveScenario(db: ProviderBenchDb, spec: Scenario, now: number = Date.now()): Promise<StoredScenario> {
  const stored: StoredScenario = { id: crypto.randomUUID(), name: spec.name, spec, createdAt: now, updatedAt: now };
  await db.scenarios.add(stored);
  return stored;
}

export async function deleteSavedScenario(db: ProviderBenchDb, scenarioId: string): Promise<void> {
  await db.scenarios.delete(scenarioId);
}

/** Puts a deleted scenario back exactly as it was (its id too, so runs that name it find it again): the undo of a delete. */
export async function restoreSavedScenario(db: ProviderBenchDb, stored: StoredScenario): Promise<void> {
  await db.scenarios.put(stored);
}

/** The list's name and the scenario's own name stay one: the run rows and exports show the latter. */
export async function renameSavedScenario(db: ProviderBenchDb, scenarioId: string, name: string, now: number = Date.now()): Promise<void> {
  await db.transaction("rw", db.scenarios, async () => {
    const stored = await db.scenarios.get(scenarioId);
    if (stored === undefined) throw new Error("this scenario no longer exists (deleted in another tab?)");
    await db.scenarios.put({ ...stored, name, spec: { ...stored.spec, name }, updatedAt: now });
  });
}

/** The scenario editor's save over an existing saved scenario: its spec and name change, its id stays. */
export async function updateSavedScenario(db: ProviderBenchDb, scenarioId: string, spec: Scenario, now: number = Date.now()): Promise<StoredScenario> {
  const existing = await db.scenarios.get(scenarioId);
  if (existing === undefined) throw new Error(`no saved scenario ${scenarioId}: it was deleted, save it as a new one`);
  const stored: StoredScenario = { ...existing, name: spec.name, spec, updatedAt: now };
  await db.scenarios.put(stored);
  return stored;
}
