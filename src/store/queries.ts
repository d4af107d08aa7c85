// Reads and writes of runs, records and saved scenarios; every multi-table change is one transaction.
import type { RequestRecord } from "../core/record/record";
import type { Scenario } from "../core/scenario/types";
import type { ProviderBenchDb, RunStatus, StoredRun, StoredScenario, StoredSummary } from "./db";
import { deleteRecordsOfRun, dropRecords, recordTables } from "./record-store";
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

// Records are read and written through the record store alone; its readers are re-exported for the pages.
export { countRecords, forEachRecordChunk, readRecordColumns, readRecordRange, recordsOfRun, type ReadRecordsOptions, type RecordsReadProgress } from "./record-store";

export async function createRun(db: ProviderBenchDb, run: StoredRun): Promise<void> {
  await db.runs.add(run);
}

export async function finishRun(
  db: ProviderBenchDb,
  runId: string,
  outcome: { status: Exclude<RunStatus, "running">; finishedAt: number; summary: StoredSummary | null; errorMessage?: string | null; validity?: StoredRun["validity"] },
): Promise<void> {
  await db.runs.update(runId, {
    status: outcome.status,
    finishedAt: outcome.finishedAt,
    summary: outcome.summary,
    errorMessage: outcome.errorMessage ?? null,
    ...(outcome.validity === undefined ? {} : { validity: outcome.validity }),
  });
}

/**
 * A resumed run: running again, its summary dropped (computed again at its end), and the records the
 * resume supersedes deleted, in one transaction.
 */
export async function reopenRun(db: ProviderBenchDb, runId: string, superseded: (record: RequestRecord) => boolean): Promise<void> {
  await db.transaction("rw", [db.runs, ...recordTables(db)], async () => {
    await dropRecords(db, runId, superseded);
    await db.runs.update(runId, { status: "running", finishedAt: null, summary: null, errorMessage: null });
  });
}

/** The run row, its records and its blobs (those no other run holds) go together or not at all. */
export async function deleteRun(db: ProviderBenchDb, runId: string): Promise<void> {
  await db.transaction("rw", [db.runs, ...recordTables(db), db.blobs], async () => {
    await deleteRecordsOfRun(db, runId);
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
