// The browser's IndexedDB database (dexie): saved scenarios, runs, their request records and blobs.
import Dexie, { type EntityTable } from "dexie";
import type { RequestRecord } from "../core/record";
import type { Scenario } from "../core/scenario";
import type { SummaryRow } from "../core/stats";

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
  /**
   * The run's whole summary table, as `summarize` gave it over every stored record when the run ended,
   * so the Compare page shows it without reading 100,000 records first. Absent on runs stored before it
   * was kept, and when some records failed to save (it would not match them): then it is computed from
   * the records. A property of the run row, not an index: no schema version change.
   */
  summary?: SummaryRow[];
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

/** Why this connection was closed from elsewhere: another tab upgraded the schema, or deleted the database. */
export type ClosedElsewhereReason = "upgraded" | "deleted";

export class ProviderBenchDb extends Dexie {
  scenarios!: EntityTable<StoredScenario, "id">;
  runs!: EntityTable<StoredRun, "id">;
  records!: EntityTable<StoredRecord, "id">;
  blobs!: EntityTable<StoredBlob, "id">;
  /** Set once another tab has taken the database over; this connection stays closed until a reload. */
  closedElsewhere: ClosedElsewhereReason | null = null;
  private readonly closedElsewhereListeners = new Set<() => void>();

  constructor(name: string = DATABASE_NAME) {
    super(name);
    for (const { version, stores } of SCHEMA_VERSIONS) this.version(version).stores(stores);
    this.on("versionchange", (event: IDBVersionChangeEvent) => {
      // A tab running a newer app wants a newer schema: keeping this connection open would leave that tab
      // blocked. Closed for good (no automatic reopen): this tab's code does not know the newer schema and
      // must not write into it; the page asks the user to reload instead.
      this.close({ disableAutoOpen: true });
      this.closedElsewhere = event.newVersion === null ? "deleted" : "upgraded";
      for (const listener of this.closedElsewhereListeners) listener();
      // Dexie's own handler would close too, but reopen on the next query and only warn in the console.
      return false;
    });
  }

  /** Hears when another tab takes the database over (see `closedElsewhere`); returns the unsubscribe. */
  onClosedElsewhere(listener: () => void): () => void {
    this.closedElsewhereListeners.add(listener);
    return () => this.closedElsewhereListeners.delete(listener);
  }
}

let appDb: ProviderBenchDb | undefined;

/** The app's one database, opened on first use. */
export function getAppDb(): ProviderBenchDb {
  appDb ??= new ProviderBenchDb();
  return appDb;
}
