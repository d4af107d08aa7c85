// `analyze` as text: the run's heading, the verdict panel, the pairs and changes tables, the ranking and
// agreement lines, each a function the command puts together.
import { agreementToJson, type MeasureAgreement } from "../../core/agreement";
import { priceSourcesText, unpricedTargetsText } from "../../core/catalog";
import { originLabel, type RunPrice } from "../../core/io/bundle";
import { PAIRED_METRICS, pairedMetricById, type Comparison } from "../../core/stats";
import { formatChangeIn, formatNumberIn, formatValueIn, type Unit } from "../../core/text";
import { measuredFigures, type MeasuredFigures } from "../../core/metrics";
import { plannedStages } from "../../core/load";
import { formatParameterSweepReport, type ParameterSweepReport } from "../parameter-sweep-report";
import { type RunChange, describeComparison, describeRanking, formatPValue, rankTargets, summaryMedian, VERDICT_METHOD, VERDICT_STATE_WORDS, type ObjectiveVerdict } from "../../core/verdict";
import type { Scenario } from "../../core/scenario";
import { formatLoadReport, type LoadReport } from "../load-report";
import { formatTextTable } from "../text-table";
import type { LoadedRun, Naming } from "./load-run";

/** What a run measures, for its table's default columns; a records file without a scenario does not say, so every default column. */
export function figuresOf(scenario: Scenario | null): MeasuredFigures | undefined {
  return scenario === null ? undefined : measuredFigures(scenario);
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

/** The verdict panel as text: a title and its state, the best or tied targets, the sentence, then how they were reached. */
export function verdictLines(verdicts: readonly ObjectiveVerdict[], naming: Naming): string[] {
  if (verdicts.length === 0) return [];
  const lines = verdicts.flatMap((verdict) => {
    const named = verdict.best.length === 0 ? "" : `: ${verdict.best.map(naming.targetLabel).join(", ")}`;
    return [`  ${verdict.title} (${VERDICT_STATE_WORDS[verdict.state]})${named}`, `    ${verdict.sentence}`];
  });
  return ["Verdict:", ...lines, `  ${VERDICT_METHOD}`, ""];
}

/** Per metric, the targets in the order the tests support, ties called ties. */
export function rankingLines(run: LoadedRun, comparisons: readonly Comparison[], naming: Naming): string[] {
  const rowById = new Map(run.rows.map((row) => [row.targetId, row]));
  return PAIRED_METRICS.map((metric) => {
    const ranking = rankTargets(metric.id, run.targetIds, comparisons, (targetId) => {
      const row = rowById.get(targetId);
      return row === undefined ? null : summaryMedian(row, metric.id);
    });
    return `  ${metric.label} (${metric.better} is better): ${ranking.length > 0 ? describeRanking(ranking, naming.targetLabel) : "no values"}`;
  });
}

export function pairsTable(comparisons: readonly Comparison[], nameOf: (comparison: Comparison, side: "a" | "b") => string): string {
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

export function changesTable(changes: readonly RunChange[], naming: Naming): string {
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
export function agreementLines(results: readonly MeasureAgreement[], naming: Naming): string[] {
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

export function family(comparisons: readonly Comparison[]): string {
  const tested = comparisons.filter((comparison) => comparison.pValue !== null).length;
  return `Holm-corrected over the ${tested} comparisons tested`;
}

/** A run's heading: its file and run id, where it was made, and a note per thing its file repeated or lacked. */
export function runHeading(run: LoadedRun, prefix = ""): string[] {
  const prices = run.prices === undefined ? [] : [pricesLine(run.prices)];
  return [`${prefix}${run.path} (run ${run.runId}${originNote(run)})`, ...run.notes.map((note) => `Note: ${note}`), ...prices];
}

/** Where the cost's prices came from and when they were read (the run's, not today's), and who had none. */
function pricesLine(prices: readonly RunPrice[]): string {
  const unpriced = unpricedTargetsText(prices);
  return `Prices: ${priceSourcesText(prices) ?? "none was read"}, stored with the run${unpriced === null ? "" : `; no price: ${unpriced}`}.`;
}

/** ", made at eu-west" for a run from a bundle or another tool; nothing for a records file, which does not say. */
function originNote(run: LoadedRun): string {
  return run.scenario === null ? "" : `, from ${originLabel(run.origin)}`;
}

/**
 * A load run's per-stage table and saturation lines, as `run` printed them (cli/load-report.ts), from the
 * scenario given or the bundle's; null for a run without run.load or without its scenario.
 */
export function loadReportOf(run: LoadedRun, scenarioGiven: Scenario | null, naming: Naming): LoadReport | null {
  const scenario = scenarioGiven ?? run.scenario;
  if (run.stages === null || scenario === null || scenario.run.load === undefined) return null;
  return formatLoadReport(scenario, plannedStages(scenario), run.stages, { runId: run.runId, ...naming });
}

/** A parameter sweep's per-level table, as `run` printed it (cli/parameter-sweep-report.ts); null for any other run. */
export function parameterSweepReportOf(run: LoadedRun, scenarioGiven: Scenario | null, naming: Naming): ParameterSweepReport | null {
  const scenario = scenarioGiven ?? run.scenario;
  if (run.stages === null || scenario === null) return null;
  return formatParameterSweepReport(scenario, plannedStages(scenario), run.stages, { runId: run.runId, ...naming });
}
