// `providerbench analyze`: a records file (or two) read back, summarised and compared, as text or JSON.
// Files are read line by line into accumulators, so a file of a million records is never held whole.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { basename } from "node:path";
import { createGunzip } from "node:zlib";
import { version as appVersion } from "../../package.json";
import { type MeasureAgreement, agreementToJson } from "../core/agreement";
import { originLabel, type RunOrigin } from "../core/io/bundle";
import { readRunFile, RunFileProblem } from "../core/io/imports";
import { summaryOptionsOf, compareRuns, compareTargets, PAIRED_METRICS, PairedSampleAccumulator, pairedMetricById, type Comparison, SummaryAccumulator, type SummaryRow, NO_VALUE_SETTINGS, valueSettingsOf } from "../core/stats";
import { formatChangeIn, formatNumberIn, formatValueIn, roundForFile, type Unit } from "../core/text";
import { summaryFileRows, measuredFigures, type MeasuredFigures } from "../core/metrics";
import { StageSummaries, plannedStages } from "../core/load";
import { describeRecordsReport } from "../core/io";
import { judgeRunChanges, type RunChange, describeComparison, describeRanking, formatPValue, rankTargets, summaryMedian } from "../core/verdict";
import { formatScenarioErrors, type Scenario, parseScenarioText, targetDisplayName } from "../core/scenario";
import type { AnalyzeCommand } from "./args";
import { formatLoadReport, type LoadReport } from "./load-report";
import { formatSummaryTable } from "./summary-table";
import { formatTextTable } from "./text-table";

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
        stages ??= scenario?.run.load === undefined ? null : new StageSummaries();
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
  return { path, runId: file.run.id, startedAt: file.run.startedAt, targetIds, rows, samples, agreement, scenario: file.format === "providerbench-records" ? null : file.run.scenario, origin: file.run.origin, notes, stages: stages ?? null };
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

/** Controls and bidi overrides, as terminal-safe.ts lists them: in JSON only inside strings, where \uXXXX is the same character. */
const TERMINAL_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function jsonText(value: unknown): string {
  const json = JSON.stringify(value, null, 2).replace(TERMINAL_UNSAFE, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `${json}\n`;
}

/** One pair as `analyze --json` writes it: exactly these keys. */
function pairToJson(comparison: Comparison): Record<string, unknown> {
  const { unit } = pairedMetricById(comparison.metric);
  return {
    metric: comparison.metric,
    a: comparison.a,
    b: comparison.b,
    paired: comparison.paired,
    n: comparison.n,
    medianDifference: roundForFile(unit, comparison.medianDifference),
    ciLow: roundForFile(unit, comparison.ciLow),
    ciHigh: roundForFile(unit, comparison.ciHigh),
    pValue: comparison.pValue,
    significant: comparison.significant,
  };
}

function changeToJson(change: RunChange): Record<string, unknown> {
  const { unit } = change.metric;
  return {
    targetId: change.targetId,
    metric: change.metric.id,
    a: roundForFile(unit, change.newValue),
    b: roundForFile(unit, change.oldValue),
    change: roundForFile(unit, change.change),
    test: change.test,
    ciLow: roundForFile(unit, change.ciLow),
    ciHigh: roundForFile(unit, change.ciHigh),
    confidence: change.confidence,
    pValue: change.pValue,
    verdict: change.verdict,
  };
}

/** What a run measures, for its table's default columns; a records file without a scenario does not say, so every default column. */
function figuresOf(scenario: Scenario | null): MeasuredFigures | undefined {
  return scenario === null ? undefined : measuredFigures(scenario);
}

/** How targets are named: by their labels (target-names.ts) when the scenario is known, else by id. */
interface Naming {
  scenarioName: string;
  targetLabel(targetId: string): string;
}

export function namingOf(scenario: Scenario | null): Naming {
  if (scenario === null) return { scenarioName: "", targetLabel: (targetId) => targetId };
  return { scenarioName: scenario.name, targetLabel: (targetId) => targetDisplayName(scenario, targetId) };
}

function summaryJson(run: LoadedRun, naming: Naming): Record<string, unknown>[] {
  return summaryFileRows(run.rows, { runId: run.runId, ...naming });
}

/** A number with a real minus sign, as the change columns write it, without the unit. */
function signedNumber(unit: Unit, value: number | null): string {
  if (value === null) return "—";
  return `${value < 0 ? "−" : ""}${formatNumberIn(unit, Math.abs(value))}`;
}

function intervalText(unit: Unit, low: number | null, high: number | null): string {
  return low === null || high === null ? "—" : `[${signedNumber(unit, low)}, ${signedNumber(unit, high)}]`;
}

/** The p column: the number alone, "< 0.001" below that. */
function pColumn(pValue: number | null): string {
  if (pValue === null) return "—";
  return formatPValue(pValue).replace(/^p (= )?/, "");
}

/** Per metric, the targets in the order the tests support, ties called ties. */
function rankingLines(run: LoadedRun, comparisons: readonly Comparison[], naming: Naming): string[] {
  const rowById = new Map(run.rows.map((row) => [row.targetId, row]));
  return PAIRED_METRICS.map((metric) => {
    const ranking = rankTargets(metric.id, run.targetIds, comparisons, (targetId) => {
      const row = rowById.get(targetId);
      return row === undefined ? null : summaryMedian(row, metric.id);
    });
    return `  ${metric.label} (${metric.better} is better): ${ranking.length > 0 ? describeRanking(ranking, naming.targetLabel) : "no values"}`;
  });
}

function pairsTable(comparisons: readonly Comparison[], nameOf: (comparison: Comparison, side: "a" | "b") => string): string {
  const rows = comparisons.map((comparison) => {
    const { unit, label } = pairedMetricById(comparison.metric);
    return [
      label,
      nameOf(comparison, "a"),
      nameOf(comparison, "b"),
      String(comparison.n),
      comparison.paired ? "yes" : "no",
      formatChangeIn(unit, comparison.medianDifference),
      intervalText(unit, comparison.ciLow, comparison.ciHigh),
      pColumn(comparison.pValue),
      describeComparison(comparison, nameOf(comparison, "a"), nameOf(comparison, "b")),
    ];
  });
  return formatTextTable(["metric", "a", "b", "n", "paired", "median a − b", "95% CI", "p (Holm)", "verdict"], rows, [3, 5, 6, 7]);
}

function changesTable(changes: readonly RunChange[], naming: Naming): string {
  const rows = changes.map((change) => [
    naming.targetLabel(change.targetId),
    change.metric.label,
    formatValueIn(change.metric.unit, change.oldValue),
    formatValueIn(change.metric.unit, change.newValue),
    formatChangeIn(change.metric.unit, change.change),
    change.metric.unit === "fraction"
      ? change.ciLow === null
        ? "—"
        : `[${formatChangeIn("fraction", change.ciLow)}, ${formatChangeIn("fraction", change.ciHigh)}]`
      : intervalText(change.metric.unit, change.ciLow, change.ciHigh),
    change.confidence === null ? "—" : `${(change.confidence * 100).toFixed(2)}%`,
    pColumn(change.pValue),
    change.test ?? "—",
    change.verdict ?? "—",
  ]);
  return formatTextTable(["target", "metric", "b (before)", "a (after)", "change", "interval", "level", "p (Holm)", "test", "verdict"], rows, [2, 3, 4, 5, 6, 7]);
}

/** Agreement across targets, a line per measure: every pair's figure, as the --summary file lists them. */
function agreementLines(results: readonly MeasureAgreement[], naming: Naming): string[] {
  if (results.length === 0) return [];
  const lines = results.map((result) => {
    const pairs = agreementToJson([result])[0]!.pairs;
    const joiner = result.measure.directed ? " → " : " – ";
    const listed = pairs.map((pair) => `${naming.targetLabel(pair.referenceId)}${joiner}${naming.targetLabel(pair.otherId)} ${formatValueIn(result.measure.unit, pair.value)}`);
    const unanimous = result.unanimousShare === null ? "" : `; all agree on ${formatValueIn("fraction", result.unanimousShare)} of ${result.unanimousInputs} inputs`;
    return `  ${result.measure.label}: ${listed.join(", ")}${unanimous}`;
  });
  return ["Agreement across targets (each input's first successful output):", ...lines, ""];
}

function family(comparisons: readonly Comparison[]): string {
  const tested = comparisons.filter((comparison) => comparison.pValue !== null).length;
  return `Holm-corrected over the ${tested} comparisons tested`;
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

/** A run's heading: its file and run id, where it was made, and a note per thing its file repeated or lacked. */
function runHeading(run: LoadedRun, prefix = ""): string[] {
  return [`${prefix}${run.path} (run ${run.runId}${originNote(run)})`, ...run.notes.map((note) => `Note: ${note}`)];
}

/** ", made at eu-west" for a run from a bundle or another tool; nothing for a records file, which does not say. */
function originNote(run: LoadedRun): string {
  return run.scenario === null ? "" : `, from ${originLabel(run.origin)}`;
}

/**
 * A load run's per-stage table and saturation lines, as `run` printed them (cli/load-report.ts), from the
 * scenario given or the bundle's; null for a run without run.load or without its scenario.
 */
function loadReportOf(run: LoadedRun, scenarioGiven: Scenario | null, naming: Naming): LoadReport | null {
  const scenario = scenarioGiven ?? run.scenario;
  if (run.stages === null || scenario === null || scenario.run.load === undefined) return null;
  return formatLoadReport(scenario, plannedStages(scenario), run.stages, { runId: run.runId, ...naming });
}

/** Runs the command; returns what to print on stdout. */
export async function analyze(command: AnalyzeCommand): Promise<string> {
  const scenario = await scenarioFrom(command.scenarioPath);
  const loadRun = (path: string): Promise<LoadedRun> => loadRecords(path, scenario);
  if (command.files.length === 1) {
    const run = await loadRun(command.files[0]);
    const naming = namingOf(scenario ?? run.scenario);
    const comparisons = run.summaryLevel === true ? [] : compareTargets(run.samples, run.targetIds);
    const loadReport = loadReportOf(run, scenario, naming);
    if (command.json) {
      return jsonText({ summary: summaryJson(run, naming), pairs: comparisons.map(pairToJson), agreement: agreementToJson(run.agreement), ...(loadReport === null ? {} : { load: loadReport.json }) });
    }
    if (run.summaryLevel === true) {
      return [
        ...runHeading(run),
        "",
        formatSummaryTable(run.rows, naming.targetLabel, command.table, figuresOf(scenario ?? run.scenario)),
        "",
        "Summary-level: the report keeps counts and percentiles, not requests, so nothing is paired or ranked. Runs written with PROVIDERBENCH_RECORDS_DIR have their records: analyze those.",
        "",
      ].join("\n");
    }
    const byLabel = (comparison: Comparison, side: "a" | "b"): string => naming.targetLabel(comparison[side]);
    return [
      ...runHeading(run),
      "",
      formatSummaryTable(run.rows, naming.targetLabel, command.table, figuresOf(scenario ?? run.scenario)),
      "",
      ...(loadReport === null ? [] : [loadReport.text, ""]),
      `Paired comparisons, a − b over the same (input, repetition${loadReport === null ? "" : ", at the same stage"}); Wilcoxon signed-rank, ${family(comparisons)}:`,
      "",
      pairsTable(comparisons, byLabel),
      "",
      "Ranking (a target is ahead of another only where the difference is significant):",
      ...rankingLines(run, comparisons, naming),
      "",
      ...agreementLines(run.agreement, naming),
    ].join("\n");
  }
  const [runA, runB] = await Promise.all(command.files.map(loadRun));
  const naming = namingOf(scenario ?? runA!.scenario ?? runB!.scenario);
  const targetIds = runA!.targetIds.filter((targetId) => runB!.targetIds.includes(targetId));
  const paired = !command.unpaired;
  const comparisons = compareRuns(runA!.samples, runB!.samples, targetIds, { paired });
  const changes = judgeRunChanges({ rows: runB!.rows, samples: runB!.samples }, { rows: runA!.rows, samples: runA!.samples }, targetIds, { paired });
  if (command.json) {
    const summary = [...summaryJson(runA!, naming).map((row) => ({ run: "a", ...row })), ...summaryJson(runB!, naming).map((row) => ({ run: "b", ...row }))];
    const runs = { a: { file: runA!.path, runId: runA!.runId, origin: runA!.origin }, b: { file: runB!.path, runId: runB!.runId, origin: runB!.origin } };
    const agreement = { a: agreementToJson(runA!.agreement), b: agreementToJson(runB!.agreement) };
    return jsonText({ runs, summary, pairs: comparisons.map(pairToJson), changes: changes.map(changeToJson), agreement });
  }
  const onlyInOne = [...new Set([...runA!.targetIds, ...runB!.targetIds])].filter((targetId) => !targetIds.includes(targetId));
  const runName = (comparison: Comparison, side: "a" | "b"): string => `${naming.targetLabel(comparison[side])} (${side})`;
  const loadLines = (run: LoadedRun): string[] => {
    const report = loadReportOf(run, scenario, naming);
    return report === null ? [] : [report.text, ""];
  };
  return [
    ...runHeading(runA!, "a: "),
    "",
    formatSummaryTable(runA!.rows, naming.targetLabel, command.table, figuresOf(scenario ?? runA!.scenario)),
    "",
    ...loadLines(runA!),
    ...runHeading(runB!, "b: "),
    "",
    formatSummaryTable(runB!.rows, naming.targetLabel, command.table, figuresOf(scenario ?? runB!.scenario)),
    "",
    ...loadLines(runB!),
    `Run a against run b, target by target, a − b ${paired ? "over the same (input, repetition); Wilcoxon signed-rank" : "unpaired; Mann-Whitney U"}, ${family(comparisons)}:`,
    "",
    pairsTable(comparisons, runName),
    "",
    "What changed from b to a (Holm over every line judged; each change is the estimate judged, its interval at the level Holm tested the line at, leaving 0 out exactly when it is better or worse):",
    "",
    changesTable(changes, naming),
    ...(onlyInOne.length > 0 ? ["", `Targets in one run only, not compared: ${onlyInOne.join(", ")}`] : []),
    "",
  ].join("\n");
}
