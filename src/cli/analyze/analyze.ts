// `providerbench analyze`: a records file (or two) read back, summarised and compared, as text or JSON.
// One file: its summary, the verdict per objective (the Compare page's, from core), every pair of targets
// and a ranking. Two files: run a against run b, target by target, and what changed.
import { agreementToJson } from "../../core/agreement";
import { compareRuns, compareTargets, type Comparison } from "../../core/stats";
import { judgeRunChanges, objectiveVerdicts, type ObjectiveVerdict } from "../../core/verdict";
import type { Scenario } from "../../core/scenario";
import type { AnalyzeCommand } from "../args";
import { jsonText } from "../json-text";
import { formatServerMetricsReport, serverMetricsJson } from "../server-metrics-report";
import { formatSummaryTable } from "../summary-table";
import { sessionLines } from "../session-report";
import { formatValidity } from "../run-validity";
import { loadRecords, namingOf, scenarioFrom, type LoadedRun, type Naming } from "./load-run";
import { changeToJson, pairToJson, summaryJson } from "./report-json";
import { pricesNowLines, pricesNowReport, type PricesNowReport } from "./prices-now";
import type { CommandLineIo } from "../command-io";
import { agreementLines, changesTable, family, figuresOf, loadReportOf, parameterSweepReportOf, pairsTable, rankingLines, runHeading, verdictLines } from "./report-text";

/** What a summary-level run's paired objectives say: it has no requests to pair. */
const SUMMARY_LEVEL_VERDICT = "Not tested: a summary-level report has no requests to pair.";

/**
 * The verdict per objective, the one the Compare page shows (core/verdict/objectives.ts): for a run of
 * at least two targets, else none, as the page shows none.
 */
function verdictsOf(run: LoadedRun, comparisons: readonly Comparison[], naming: Naming, scenarioGiven: Scenario | null): ObjectiveVerdict[] {
  if (run.targetIds.length < 2) return [];
  const paired = run.summaryLevel === true ? null : comparisons;
  return objectiveVerdicts(run.rows, paired, naming.targetLabel, SUMMARY_LEVEL_VERDICT, figuresOf(scenarioGiven ?? run.scenario));
}

/** One run: its targets against each other. */
function analyzeOneRun(command: AnalyzeCommand, run: LoadedRun, scenario: Scenario | null, pricesNow: PricesNowReport | null = null): string {
  const naming = namingOf(scenario ?? run.scenario);
  const comparisons = run.summaryLevel === true ? [] : compareTargets(run.samples, run.targetIds);
  const loadReport = loadReportOf(run, scenario, naming);
  const sweepReport = parameterSweepReportOf(run, scenario, naming);
  const verdicts = verdictsOf(run, comparisons, naming, scenario);
  if (command.json) {
    return jsonText({
      summary: summaryJson(run, naming),
      verdicts,
      pairs: comparisons.map(pairToJson),
      agreement: agreementToJson(run.agreement),
      ...(loadReport === null ? {} : { load: loadReport.json }),
      ...(loadReport?.capacity === undefined ? {} : { capacity: loadReport.capacity.json }),
      ...(sweepReport === null ? {} : { parameterSweep: sweepReport.json }),
      ...(run.prices === undefined ? {} : { prices: run.prices }),
      ...(pricesNow === null ? {} : { pricesNow: { prices: pricesNow.prices, costs: pricesNow.costs, routerErrors: pricesNow.routerErrors } }),
      ...(run.serverScrapes == null ? {} : { serverMetrics: serverMetricsJson(run.serverScrapes, run.targetIds) }),
      ...(run.validity === undefined ? {} : { validity: run.validity }),
    });
  }
  const head = [
    ...runHeading(run),
    "",
    formatSummaryTable(run.rows, naming.targetLabel, command.table, figuresOf(scenario ?? run.scenario)),
    "",
    ...(pricesNow === null ? [] : pricesNowLines(run, pricesNow, naming)),
  ];
  if (run.summaryLevel === true) {
    return [
      ...head,
      ...verdictLines(verdicts, naming),
      "Summary-level: the report keeps counts and percentiles, not requests, so nothing is paired or ranked. Runs written with PROVIDERBENCH_RECORDS_DIR have their records: analyze those.",
      "",
    ].join("\n");
  }
  const byLabel = (comparison: Comparison, side: "a" | "b"): string => naming.targetLabel(comparison[side]);
  const serverReport = run.serverScrapes == null ? "" : formatServerMetricsReport(run.serverScrapes, run.rows, naming.targetLabel);
  return [
    ...head,
    ...(loadReport === null ? [] : [loadReport.text, ""]),
    ...sessionLines(run.rows, naming.targetLabel),
    ...(sweepReport === null ? [] : [sweepReport.text, ""]),
    ...(serverReport === "" ? [] : [serverReport]),
    ...(run.validity === undefined ? [] : [formatValidity(run.validity)]),
    ...verdictLines(verdicts, naming),
    `Paired comparisons, a − b over the same (input, repetition${loadReport === null && sweepReport === null ? "" : ", at the same stage"}); Wilcoxon signed-rank, ${family(comparisons)}:`,
    "",
    pairsTable(comparisons, byLabel),
    "",
    "Ranking (a target is ahead of another only where the difference is significant):",
    ...rankingLines(run, comparisons, naming),
    "",
    ...agreementLines(run.agreement, naming),
  ].join("\n");
}

/** Two runs: run a against run b, target by target, and what changed from b to a. */
function analyzeTwoRuns(command: AnalyzeCommand, runA: LoadedRun, runB: LoadedRun, scenario: Scenario | null): string {
  const naming = namingOf(scenario ?? runA.scenario ?? runB.scenario);
  const targetIds = runA.targetIds.filter((targetId) => runB.targetIds.includes(targetId));
  const paired = !command.unpaired;
  const comparisons = compareRuns(runA.samples, runB.samples, targetIds, { paired });
  const changes = judgeRunChanges({ rows: runB.rows, samples: runB.samples }, { rows: runA.rows, samples: runA.samples }, targetIds, { paired });
  if (command.json) {
    const summary = [...summaryJson(runA, naming).map((row) => ({ run: "a", ...row })), ...summaryJson(runB, naming).map((row) => ({ run: "b", ...row }))];
    const runs = { a: { file: runA.path, runId: runA.runId, origin: runA.origin }, b: { file: runB.path, runId: runB.runId, origin: runB.origin } };
    const agreement = { a: agreementToJson(runA.agreement), b: agreementToJson(runB.agreement) };
    return jsonText({ runs, summary, pairs: comparisons.map(pairToJson), changes: changes.map(changeToJson), agreement });
  }
  const onlyInOne = [...new Set([...runA.targetIds, ...runB.targetIds])].filter((targetId) => !targetIds.includes(targetId));
  const runName = (comparison: Comparison, side: "a" | "b"): string => `${naming.targetLabel(comparison[side])} (${side})`;
  const runLines = (run: LoadedRun, prefix: string): string[] => {
    const report = loadReportOf(run, scenario, naming);
    const table = formatSummaryTable(run.rows, naming.targetLabel, command.table, figuresOf(scenario ?? run.scenario));
    return [...runHeading(run, prefix), "", table, "", ...(report === null ? [] : [report.text, ""])];
  };
  return [
    ...runLines(runA, "a: "),
    ...runLines(runB, "b: "),
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

/** Runs the command; returns what to print on stdout. */
export async function analyze(command: AnalyzeCommand, env: CommandLineIo["env"] = {}): Promise<string> {
  const scenario = await scenarioFrom(command.scenarioPath);
  const loadRun = (path: string): Promise<LoadedRun> => loadRecords(path, scenario);
  if (command.files.length === 1) {
    const run = await loadRun(command.files[0]);
    return analyzeOneRun(command, run, scenario, command.pricesNow === true ? await pricesNowReport(run, env) : null);
  }
  const [runA, runB] = await Promise.all(command.files.map(loadRun));
  return analyzeTwoRuns(command, runA!, runB!, scenario);
}
