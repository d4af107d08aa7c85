// The run's row in the database: created when the run starts (status running), finished when it ends.
import type { RunPrice } from "../core/io/bundle/format";
import type { Scenario } from "../core/scenario/types";
import type { SummaryRow } from "../core/stats/summary";
import type { BrowserValidity } from "../core/validity/browser-validity";
import type { ProviderBenchDb, RunPreflight, RunStatus, StoredRun } from "../store/db";
import { createRun, finishRun } from "../store/queries";

export interface NewRunRow {
  runId: string;
  scenario: Scenario;
  scenarioId: string | null;
  replayOfRunId: string | null;
  startedAt: number;
  planned: number;
  appVersion: string;
  libraryVersions: Record<string, string>;
  userAgent: string;
  /** The prices' source and read time (Compare all), kept with the run. */
  prices?: RunPrice[] | undefined;
  preflight?: RunPreflight | undefined;
}

export function createRunRow(db: ProviderBenchDb, row: NewRunRow): Promise<void> {
  const run: StoredRun = {
    id: row.runId,
    scenarioId: row.scenarioId,
    scenarioName: row.scenario.name,
    spec: row.scenario,
    status: "running",
    startedAt: row.startedAt,
    finishedAt: null,
    planned: row.planned,
    appVersion: row.appVersion,
    libraryVersions: row.libraryVersions,
    userAgent: row.userAgent,
    summary: null,
    errorMessage: null,
    replayOfRunId: row.replayOfRunId,
    ...(row.prices === undefined ? {} : { prices: row.prices }),
    ...(row.preflight === undefined ? {} : { preflight: row.preflight }),
  };
  return createRun(db, run);
}

export interface RunEnd {
  status: Exclude<RunStatus, "running">;
  finishedAt: number;
  /** The accumulated summary, and the stats version that computed it. */
  summary: { statsVersion: number; rows: SummaryRow[] };
  /** False when some records did not reach the database. */
  everyRecordStored: boolean;
  errorMessage: string | null;
  /** The browser's certificate of the run (browser-client.ts). */
  validity?: BrowserValidity;
}

export function finishRunRow(db: ProviderBenchDb, runId: string, end: RunEnd): Promise<void> {
  return finishRun(db, runId, {
    status: end.status,
    finishedAt: end.finishedAt,
    // A summary over records that did not all reach the database would not match what the Compare page
    // reads back: that run's summary is computed from its stored records instead, when it is shown.
    summary: end.everyRecordStored ? end.summary : null,
    errorMessage: end.errorMessage,
    ...(end.validity === undefined ? {} : { validity: end.validity }),
  });
}
