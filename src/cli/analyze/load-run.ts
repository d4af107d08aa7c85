// A run file read back for analyze, the gate and trend: records streamed into accumulators (a file of a
// million records is never held whole), the scenario that names its targets, and how to name them.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { basename } from "node:path";
import { createGunzip } from "node:zlib";
import { version as appVersion } from "../../../package.json";
import type { MeasureAgreement } from "../../core/agreement";
import type { RunOrigin, RunPrice } from "../../core/io/bundle";
import { readRunFile, RunFileProblem } from "../../core/io/imports";
import { summaryOptionsOf, PairedSampleAccumulator, SummaryAccumulator, type SummaryRow, NO_VALUE_SETTINGS, valueSettingsOf } from "../../core/stats";
import { stageSummariesFor, type StageSummaries } from "../../core/load";
import { describeRecordsReport } from "../../core/io";
import { formatScenarioErrors, type Scenario, parseScenarioText, targetDisplayName } from "../../core/scenario";
import type { ServerScrape } from "../../core/server-metrics";
import type { RunValidity } from "../../core/validity";

/** A records file that cannot be read or is not a records file: the message names the file, the line and the field. */
export class RecordsFileProblem extends Error {}

export interface LoadedRun {
  path: string;
  runId: string;
  /** When the run started (epoch ms): the bundle's, else the first record's. */
  startedAt: number;
  /** Targets in the order they first appear. */
  targetIds: string[];
  rows: SummaryRow[];
  samples: PairedSampleAccumulator;
  /** Agreement across targets, per measure of the scenario's task (empty without a known task that has one). */
  agreement: MeasureAgreement[];
  /** The scenario a bundle carries, or the one an import describes (targets named after models); null for a records file. */
  scenario: Scenario | null;
  origin: RunOrigin;
  /** A summary-level run (Artillery's report): rows read from the file, no requests to pair. */
  summaryLevel?: boolean;
  /** What the file repeated or lacked, in sentences (duplicates dropped, retries without their attempt before). */
  notes: string[];
  /** Per stage and target, for a run whose scenario has run.load (a sweep, an open loop): what `run` reports of it; else null. */
  stages: StageSummaries | null;
  /** The prices a bundle stored with their source (run --all-providers), when its own scenario prices the run (no --scenario). */
  prices?: RunPrice[];
  /** A bundle's scrapes of its endpoints' metrics pages (run.serverMetrics); null when it has none. */
  serverScrapes?: ServerScrape[] | null;
  /** A bundle's certificate: whether the client could have limited its figures (core/validity); absent in older bundles. */
  validity?: RunValidity;
}

/** The file's text a piece at a time, gunzipped when it is gzip (told by its first two bytes, not its name). */
async function* filePieces(path: string): AsyncGenerator<string> {
  const handle = await open(path, "r");
  const magic = Buffer.alloc(2);
  const { bytesRead } = await handle.read(magic, 0, 2, 0);
  await handle.close();
  const raw = createReadStream(path);
  const gzipped = bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  const text = gzipped ? raw.pipe(createGunzip()) : raw;
  if (gzipped) raw.on("error", (error) => text.destroy(error));
  text.setEncoding("utf8");
  for await (const piece of text) yield piece as string;
}

/**
 * Any run file (core/io/imports/run-file.ts) read into the accumulators a record at a time. The scenario's
 * prices and SLO come from --scenario, else from a bundle's own scenario, heard before its first record.
 */
export async function loadRecords(path: string, scenarioGiven: Scenario | null): Promise<LoadedRun> {
  let summary: SummaryAccumulator | null = null;
  let bundleScenario: Scenario | null = null;
  let bundlePrices: RunPrice[] | undefined;
  const samples = new PairedSampleAccumulator();
  // The scenario is known before the first record (given, or the bundle's head): only a load run keeps stages.
  let stages: StageSummaries | null | undefined;
  let records = 0;
  let file;
  try {
    file = await readRunFile(
      filePieces(path),
      (record) => {
        const scenario = scenarioGiven ?? bundleScenario;
        summary ??= new SummaryAccumulator(scenario === null ? NO_VALUE_SETTINGS : valueSettingsOf(scenario), scenario === null ? undefined : summaryOptionsOf(scenario));
        summary.add(record);
        samples.add(record);
        stages ??= scenario === null || (scenario.run.load === undefined && scenario.run.parameterSweep === undefined) ? null : stageSummariesFor(scenario);
        stages?.add(record);
        records++;
      },
      {
        fileName: basename(path),
        appVersion,
        now: () => Date.now(),
        newRunId: () => randomUUID(),
        onBundleRun: (run) => {
          bundleScenario = run.scenario;
          bundlePrices = run.prices;
        },
      },
    );
  } catch (error) {
    if (error instanceof RunFileProblem) throw new RecordsFileProblem(`${path}: ${error.message}`);
    throw new RecordsFileProblem(`cannot read ${path}: ${(error as Error).message}`);
  }
  const notes = describeRecordsReport(file.report);
  if (records === 0 && file.summaryRows !== undefined) {
    // A summary-level run (Artillery's report): its table as the file gives it, nothing to pair.
    const targetIds = file.summaryRows.map((row) => row.targetId);
    return { path, runId: file.run.id, startedAt: file.run.startedAt, targetIds, rows: file.summaryRows, samples, agreement: [], scenario: file.run.scenario, origin: file.run.origin, summaryLevel: true, notes, stages: null };
  }
  if (records === 0 || summary === null) throw new RecordsFileProblem(`${path}: no records`);
  const targetIds = inScenarioOrder(samples.targetIds(), scenarioGiven ?? bundleScenario);
  const rows = (summary as SummaryAccumulator).summarize(targetIds);
  const agreement = (summary as SummaryAccumulator).agreementResults(targetIds);
  const scenario = file.format === "providerbench-records" ? null : file.run.scenario;
  const prices = scenarioGiven === null && bundlePrices !== undefined ? { prices: bundlePrices } : {};
  const serverScrapes = file.tail.serverMetrics ?? null;
  const validity = file.tail.validity === undefined ? {} : { validity: file.tail.validity };
  return { path, runId: file.run.id, startedAt: file.run.startedAt, targetIds, rows, samples, agreement, scenario, origin: file.run.origin, notes, stages: stages ?? null, ...prices, serverScrapes, ...validity };
}

/**
 * The targets as the scenario lists them, when it is known (as `run` orders its summary and agreement),
 * then any it does not list; without a scenario, as they first appear in the file.
 */
function inScenarioOrder(seen: string[], scenario: Scenario | null): string[] {
  if (scenario === null) return seen;
  const listed = scenario.targets.map((target) => target.id);
  return [...listed.filter((targetId) => seen.includes(targetId)), ...seen.filter((targetId) => !listed.includes(targetId))];
}

/** How targets are named: by their labels (target-names.ts) when the scenario is known, else by id. */
export interface Naming {
  scenarioName: string;
  targetLabel(targetId: string): string;
}

export function namingOf(scenario: Scenario | null): Naming {
  if (scenario === null) return { scenarioName: "", targetLabel: (targetId) => targetId };
  return { scenarioName: scenario.name, targetLabel: (targetId) => targetDisplayName(scenario, targetId) };
}

/** The scenario named by --scenario, validated as `run` validates it: its labels, prices and SLO. */
export async function scenarioFrom(scenarioPath: string | undefined): Promise<Scenario | null> {
  if (scenarioPath === undefined) return null;
  let text: string;
  try {
    text = await readFile(scenarioPath, "utf8");
  } catch (error) {
    throw new RecordsFileProblem(`cannot read --scenario ${scenarioPath}: ${(error as Error).message}`);
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new RecordsFileProblem(`--scenario ${scenarioPath}:\n${formatScenarioErrors(parsed.errors)}`);
  return parsed.scenario;
}
