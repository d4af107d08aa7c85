// The browser's IndexedDB database (dexie): saved scenarios, runs, their request records and blobs.
import Dexie, { type EntityTable } from "dexie";
import type { RequestRecord } from "../core/record";
import type { Scenario } from "../core/scenario";

export const DATABASE_NAME = "providerbench";

export type RunStatus = "running" | "completed" | "aborted" | "interrupted" | "failed";

export interface StoredScenario {
  id: string;
  name: string;
  spec: Scenario;
  createdAt: number;
  updatedAt: number;
}

/** One target's numbers for the history list, so listing runs never reads their records. */
export interface TargetHeadline {
  targetId: string;
  /** Measured (non-warm-up) attempts. */
  count: number;
  errorCount: number;
  p50LatencyMs: number | null;
}

export interface RunHeadline {
  count: number;
  errorCount: number;
  targets: TargetHeadline[];
}

export interface StoredRun {
  id: string;
  /** The saved or bundled scenario it came from; null when that scenario no longer exists. */
  scenarioId: string | null;
  scenarioName: string;
  /** Exactly what ran, defaults applied: a replay runs this, not the scenario as it is today. */
  spec: Scenario;
  status: RunStatus;
  startedAt: number;
  finishedAt: number | null;
  /** Requests the plan held (warm-ups included, retries not). */
  planned: number;
  appVersion: string;
  libraryVersions: Record<string, string>;
  userAgent: string;
  /** Set when the run ends; null while running or when it was interrupted. */
  headline: RunHeadline | null;
  /** Why a run failed to start or finish (not a request error: those are records). */
  errorMessage: string | null;
  /** The run this one replays, if any. */
  replayOfRunId: string | null;
}

/** A request record as stored: the auto-increment key keeps the order in which records arrived. */
export type StoredRecord = RequestRecord & { id?: number };

export interface StoredBlob {
  id: string;
  runId: string;
  mimeType: string;
  data: Blob;
}

/**
 * Every schema version ever shipped, oldest first. Versions only move forward: a new version is
 * appended here (with an upgrade function when data must change) and never edits an older one,
 * so a browser holding any older database opens it without losing a row.
 */
export const SCHEMA_VERSIONS: readonly { version: number; stores: Record<string, string> }[] = [
  {
    version: 1,
    stores: {
      scenarios: "id, name, updatedAt",
      runs: "id, scenarioId, status, startedAt",
      records: "++id, runId, [runId+targetId], [runId+inputIndex]",
      blobs: "id, runId",
    },
  },
];

export class ProviderBenchDb extends Dexie {
  scenarios!: EntityTable<StoredScenario, "id">;
  runs!: EntityTable<StoredRun, "id">;
  records!: EntityTable<StoredRecord, "id">;
  blobs!: EntityTable<StoredBlob, "id">;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    for (const { version, stores } of SCHEMA_VERSIONS) this.version(version).stores(stores);
  }
}

let appDb: ProviderBenchDb | undefined;

/** The app's one database, opened on first use. */
export function getAppDb(): ProviderBenchDb {
  appDb ??= new ProviderBenchDb();
  return appDb;
}
