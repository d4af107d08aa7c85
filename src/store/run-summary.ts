// A run's summary table: the one stored on its row while it is current, else computed once from the
// run's records and stored, so the next look at the run reads no record.
import type { RequestRecord } from "../core/record";
import { summaryOptionsOf, STATS_VERSION, SummaryAccumulator, type SummaryRow, valueSettingsOf } from "../core/stats";
import type { ProviderBenchDb, StoredRun, StoredSummary } from "./db";
import { forEachRecordChunk } from "./record-store";

/** The stored rows when the code that computed them computes summaries as this code does; else null. */
export function currentSummary(run: Pick<StoredRun, "summary">): SummaryRow[] | null {
  const { summary } = run;
  return summary !== null && (summary.statsVersion >= STATS_VERSION || summary.fromFile === true) ? summary.rows : null;
}

/** A summary-level import's rows (core/io/imports/artillery.ts), stored as the run's summary for good. */
export function summaryFromFile(rows: SummaryRow[]): StoredSummary {
  return { statsVersion: STATS_VERSION, rows, fromFile: true };
}

/** Rows computed by this code, ready to store on a run row. */
export function summaryToStore(rows: SummaryRow[]): StoredSummary {
  return { statsVersion: STATS_VERSION, rows };
}

const recomputing = new Map<string, Promise<SummaryRow[]>>();

/**
 * The run's summary. A current stored one is returned as is. Otherwise it is computed from `records`
 * when the caller has read them already, or from the stored records a chunk at a time (never holding
 * them all), and stored on the row unless the run is still going (its records are not all there yet).
 * Two callers asking for the same run at once share one computation.
 */
export function summaryOfRun(db: ProviderBenchDb, run: StoredRun, records?: readonly RequestRecord[]): Promise<SummaryRow[]> {
  const stored = currentSummary(run);
  if (stored !== null) return Promise.resolve(stored);
  // The prices and SLOs the run was made with: its own copy of the scenario, not today's file.
  if (records !== undefined) return storeUnlessRunning(db, run, summarizeRecords(run.spec, records));
  const key = `${db.name}\u0000${run.id}\u0000${run.status}`;
  let pending = recomputing.get(key);
  if (pending === undefined) {
    pending = summarizeStoredRecords(db, run.id, run.spec)
      .then((rows) => storeUnlessRunning(db, run, rows))
      .finally(() => recomputing.delete(key));
    recomputing.set(key, pending);
  }
  return pending;
}

/**
 * The run's records summarised under `spec`'s prices and SLOs rather than its own (its cost at today's
 * prices): from `records` when the caller has them, else from the store a chunk at a time; never stored.
 */
export function summaryUnder(db: ProviderBenchDb, run: Pick<StoredRun, "id">, spec: StoredRun["spec"], records?: readonly RequestRecord[]): Promise<SummaryRow[]> {
  return records === undefined ? summarizeStoredRecords(db, run.id, spec) : Promise.resolve(summarizeRecords(spec, records));
}

function summarizeRecords(spec: StoredRun["spec"], records: readonly RequestRecord[]): SummaryRow[] {
  const accumulator = new SummaryAccumulator(valueSettingsOf(spec), summaryOptionsOf(spec));
  for (const record of records) accumulator.add(record);
  return accumulator.summarize(spec.targets.map((target) => target.id));
}

async function summarizeStoredRecords(db: ProviderBenchDb, runId: string, spec: StoredRun["spec"]): Promise<SummaryRow[]> {
  const accumulator = new SummaryAccumulator(valueSettingsOf(spec), summaryOptionsOf(spec));
  await forEachRecordChunk(db, runId, (chunk) => {
    for (const record of chunk) accumulator.add(record);
  });
  return accumulator.summarize(spec.targets.map((target) => target.id));
}

async function storeUnlessRunning(db: ProviderBenchDb, run: StoredRun, rows: SummaryRow[]): Promise<SummaryRow[]> {
  if (run.status === "running") return rows;
  // Checked again inside the write: the row may have changed since it was read (another tab stored one).
  await db.runs
    .where(":id")
    .equals(run.id)
    .modify((row) => {
      if (row.status !== "running" && currentSummary(row) === null) row.summary = summaryToStore(rows);
    });
  return rows;
}
