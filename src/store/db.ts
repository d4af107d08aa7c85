// The browser's IndexedDB database (dexie): saved scenarios, runs, their request records and blobs.
import Dexie, { type EntityTable, type Table, type Transaction } from "dexie";
import type { RunOrigin } from "../core/io/bundle/origin";
import type { RunPrice } from "../core/io/bundle/format";
import type { RunFileFormat } from "../core/io/imports/run-file";
import type { RequestRecord } from "../core/record/record";
import { recordColumns, type RecordColumns } from "../core/record/record-columns";
import type { Scenario } from "../core/scenario/types";
import type { ServerScrape } from "../core/server-metrics/server-scrape";
import type { RunValidity } from "../core/validity/browser-validity";
import type { SummaryRow } from "../core/stats/summary";

export const DATABASE_NAME = "providerbench";

export type RunStatus = "running" | "completed" | "aborted" | "interrupted" | "failed";

export interface StoredScenario {
  id: string;
  name: string;
  spec: Scenario;
  createdAt: number;
  updatedAt: number;
}

/**
 * A run's summary table, kept on its row so History, the run diff and the Compare page's first paint
 * never read the run's records. `statsVersion` is the STATS_VERSION of the code that computed it: an
 * older one is computed again from the records (and stored again) when the run is next shown.
 */
export interface StoredSummary {
  statsVersion: number;
  rows: SummaryRow[];
  /** Rows read from an imported file that holds no records (Artillery's report): kept whatever the version, nothing to compute them from. */
  fromFile?: true;
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
  /**
   * Set when the run ends, from the summary accumulated as its records arrived. Null while it runs, when
   * it was interrupted, and when some records did not reach the database (a summary over records that
   * are not all stored would not match them): such a run gets one computed from its stored records.
   */
  summary: StoredSummary | null;
  /** Why a run failed to start or finish (not a request error: those are records). */
  errorMessage: string | null;
  /** The run this one replays, if any. */
  replayOfRunId: string | null;
  // Runs that came from a file (store/run-bundle.ts). Unindexed fields: no schema version needed, and
  // rows stored before they existed read as made here.
  /** Where the run was made; absent on runs made in this browser. */
  origin?: RunOrigin;
  /** The file an imported run came from, and when it was imported (epoch ms). */
  imported?: { format: RunFileFormat; fileName: string; importedAt: number };
  /**
   * The prices the run was made with and where they came from (Compare all: the router's list, read when),
   * so the Compare page can show cost at then-prices beside today's. Absent on runs priced by their scenario alone.
   */
  prices?: RunPrice[];
  /** Compare all's preflight: the providers it dropped before the run, with why, and those it kept though they failed. */
  preflight?: RunPreflight;
  // The server's side and the client's certificate, for the Compare page: unindexed and optional, like the fields above.
  /** The endpoints' metrics pages as the run scraped them (a bundle's tail `serverMetrics`); absent without scrapes. */
  serverMetrics?: ServerScrape[];
  /** Whether the client could have limited the figures: a bundle's certificate, or the browser's own; absent on older runs. */
  validity?: RunValidity;
}

export interface RunPreflight {
  dropped: { targetId: string; reason: string }[];
  notes: { targetId: string; note: string }[];
}

/** A request record as schema versions 1-3 stored it, one row each: the auto-increment key kept the order in which records arrived. */
export type StoredRecord = RequestRecord & { id?: number };

/**
 * Up to RECORDS_PER_ROW records of one run, in order (version 4; store/record-store.ts reads and writes
 * them): `first` is the run-wide position of `records[0]`, so rows follow each other without gaps.
 */
export interface StoredRecordChunk {
  runId: string;
  first: number;
  records: RequestRecord[];
}

/**
 * The columns (core/record/record-columns.ts) of the chunk row with the same key (version 5): what the charts of a
 * very large run read instead of its records, a few typed arrays per row rather than a thousand objects.
 */
export interface StoredRecordColumns {
  runId: string;
  first: number;
  columns: RecordColumns;
}

/**
 * Bytes by their sha256 (`id`, lower-case hex): binary outputs of runs and the input files of scenarios
 * (store/blobs.ts). One row per content, however many runs hold it.
 */
export interface StoredBlob {
  id: string;
  /** The first run that stored it; "" for an input file put by hand (putInputFile). */
  runId: string;
  mimeType: string;
  data: Blob;
  /** Every run that holds it (version 3): deleting a run deletes a blob only when no other run holds it. */
  runIds?: string[];
  /** An input file's own name (`my-voice.wav`), as the person gave it. */
  name?: string;
}

/**
 * Every schema version ever shipped, oldest first. Versions only move forward: a new version is
 * appended here (with an upgrade function when data must change) and never edits an older one,
 * so a browser holding any older database opens it without losing a row.
 */
export const SCHEMA_VERSIONS: readonly { version: number; stores: Record<string, string | null>; upgrade?: (transaction: Transaction) => Promise<unknown> }[] = [
  {
    version: 1,
    stores: {
      scenarios: "id, name, updatedAt",
      runs: "id, scenarioId, status, startedAt",
      records: "++id, runId, [runId+targetId], [runId+inputIndex]",
      blobs: "id, runId",
    },
  },
  {
    // Runs keep a versioned summary instead of version 1's `headline` (whose few numbers the summary
    // holds). No index changes; the upgrade only reshapes run rows.
    version: 2,
    stores: {
      scenarios: "id, name, updatedAt",
      runs: "id, scenarioId, status, startedAt",
      records: "++id, runId, [runId+targetId], [runId+inputIndex]",
      blobs: "id, runId",
    },
    upgrade: (transaction) => transaction.table("runs").toCollection().modify(summaryFromHeadline),
  },
  {
    // A blob is keyed by its sha256, so two runs (a replay, the same input file) may hold the same one:
    // `runIds` lists them all (a multi-entry index), and version 2's blobs get their one run in it.
    version: 3,
    stores: {
      scenarios: "id, name, updatedAt",
      runs: "id, scenarioId, status, startedAt",
      records: "++id, runId, [runId+targetId], [runId+inputIndex]",
      blobs: "id, runId, *runIds",
    },
    upgrade: (transaction) =>
      transaction
        .table("blobs")
        .toCollection()
        .modify((blob: StoredBlob) => {
          blob.runIds = blob.runId === "" ? [] : [blob.runId];
        }),
  },
  {
    // Records in chunks (store/record-store.ts): a row of up to RECORDS_PER_ROW records of one run, keyed
    // [runId+first], instead of one row per record, which capped writes near 10,000 records/s. The
    // upgrade moves every stored record into chunks, each run's in the order it was recorded, then
    // the one-row-per-record table goes.
    version: 4,
    stores: {
      scenarios: "id, name, updatedAt",
      runs: "id, scenarioId, status, startedAt",
      records: null,
      recordChunks: "[runId+first]",
      blobs: "id, runId, *runIds",
    },
    upgrade: recordsIntoChunks,
  },
  {
    // Each chunk row gets a row of its records' columns under the same key (store/record-store.ts writes
    // both), so the Compare page of a run of a million records reads some 36 MB of typed arrays for its
    // charts instead of every record. The upgrade builds the columns of every stored chunk.
    version: 5,
    stores: {
      scenarios: "id, name, updatedAt",
      runs: "id, scenarioId, status, startedAt",
      recordChunks: "[runId+first]",
      recordColumns: "[runId+first]",
      blobs: "id, runId, *runIds",
    },
    upgrade: columnsOfChunks,
  },
];

/** Chunk rows read per step of the version 5 upgrade. */
const UPGRADE_READ_CHUNKS = 20;

/** Version 5's upgrade: the columns of every chunk row, a few rows at a time, in key order. */
async function columnsOfChunks(transaction: Transaction): Promise<void> {
  const chunks = transaction.table("recordChunks");
  const columns = transaction.table("recordColumns");
  let after: [string, number] | null = null;
  for (;;) {
    const page = (await (after === null ? chunks.orderBy(":id") : chunks.where(":id").above(after)).limit(UPGRADE_READ_CHUNKS).toArray()) as StoredRecordChunk[];
    if (page.length === 0) break;
    await columns.bulkAdd(page.map((row) => ({ runId: row.runId, first: row.first, columns: recordColumns(row.records) }) satisfies StoredRecordColumns));
    const last = page[page.length - 1]!;
    after = [last.runId, last.first];
  }
}

/** Rows of one-record rows read per step of the version 4 upgrade: bounds what the upgrade holds at once. */
const UPGRADE_READ_ROWS = 5000;

/**
 * Version 4's upgrade: walks the old table in key order (the order records arrived), a page at a time,
 * keeping per run the records not yet written; a run's chunk is written once full, and what is left at
 * the end. Memory stays near one page plus one partial chunk per run.
 */
async function recordsIntoChunks(transaction: Transaction): Promise<void> {
  const old = transaction.table("records");
  const chunks = transaction.table("recordChunks");
  const pending = new Map<string, { first: number; records: RequestRecord[] }>();
  const writeChunk = async (runId: string, chunk: { first: number; records: RequestRecord[] }): Promise<void> => {
    await chunks.add({ runId, first: chunk.first, records: chunk.records } satisfies StoredRecordChunk);
    pending.set(runId, { first: chunk.first + chunk.records.length, records: [] });
  };
  let after = -Infinity;
  for (;;) {
    const page = (await old.where(":id").above(after).limit(UPGRADE_READ_ROWS).toArray()) as StoredRecord[];
    if (page.length === 0) break;
    for (const { id: _key, ...record } of page) {
      let chunk = pending.get(record.runId);
      if (chunk === undefined) pending.set(record.runId, (chunk = { first: 0, records: [] }));
      chunk.records.push(record);
      if (chunk.records.length >= UPGRADE_CHUNK_RECORDS) await writeChunk(record.runId, chunk);
    }
    after = page[page.length - 1]!.id!;
  }
  for (const [runId, chunk] of pending) if (chunk.records.length > 0) await writeChunk(runId, chunk);
}

/** RECORDS_PER_ROW of store/record-store.ts, frozen here: an upgrade must not change when that constant does. */
const UPGRADE_CHUNK_RECORDS = 1000;

/**
 * Version 1 kept `headline: { count, errorCount, targets, summary? } | null`. Its summary table was
 * computed by the stats of version 1; without one (an interrupted run, records that failed to save)
 * the run gets its summary from its records when it is next shown.
 */
function summaryFromHeadline(run: Record<string, unknown>): void {
  const headline = run.headline as { summary?: SummaryRow[] } | null | undefined;
  run.summary = headline?.summary ? { statsVersion: 1, rows: headline.summary } : null;
  delete run.headline;
}

/** Why this connection was closed from elsewhere: another tab upgraded the schema, or deleted the database. */
export type ClosedElsewhereReason = "upgraded" | "deleted";

export class ProviderBenchDb extends Dexie {
  scenarios!: EntityTable<StoredScenario, "id">;
  runs!: EntityTable<StoredRun, "id">;
  recordChunks!: Table<StoredRecordChunk, [string, number]>;
  recordColumns!: Table<StoredRecordColumns, [string, number]>;
  blobs!: EntityTable<StoredBlob, "id">;
  /** Set once another tab has taken the database over; this connection stays closed until a reload. */
  closedElsewhere: ClosedElsewhereReason | null = null;
  private readonly closedElsewhereListeners = new Set<() => void>();

  constructor(name: string = DATABASE_NAME) {
    super(name);
    for (const { version, stores, upgrade } of SCHEMA_VERSIONS) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
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
