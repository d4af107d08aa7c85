// Run against run: what changed for each target between an earlier run and a later one, every change of
// the catalogue's diff view judged by an interval rather than by its size. Each line has one estimate
// (the change shown), its interval and its p-value from one construction (change-estimates.ts): the median
// of per-request differences when both runs sent the same inputs, the difference of medians otherwise, a
// difference of rates for failure and error rates. Holm's correction over every line judged, so a table of
// 18 changes does not cry wolf once in three, and each interval at the level Holm tested its line at, so
// a line is better or worse exactly when its interval leaves 0 out.
import { holmLevels, medianOfDifferencesChange, percentileDifferenceChange, proportionDifferenceChange, type ChangeEstimate, MIN_COMPARED_VALUES, type PairedMetricId, type PairedSampleAccumulator, holmAdjust, SIGNIFICANCE_LEVEL, comparePercentChange, type SummaryRow } from "../stats";
import { metricsIn, type Metric } from "../metrics";
import type { Scenario } from "../scenario";

export const CHANGE_METRICS: readonly Metric[] = metricsIn("diff");

/**
 * Whether two runs' requests pair up by (input, repetition): both scenarios expand to the same inputs
 * (same task, same inputs or template and variables). Targets, parameters and run settings may differ:
 * that is usually what is being compared.
 */
export function sentSameInputs(first: Pick<Scenario, "task" | "inputs">, second: Pick<Scenario, "task" | "inputs">): boolean {
  return first.task === second.task && JSON.stringify(first.inputs) === JSON.stringify(second.inputs);
}

/**
 * better / worse: the change is significant (Holm-corrected p < 0.05) and goes the metric's better or
 * worse way. within-noise: it is not, so it may be chance. same: no change at all. null: nothing to judge.
 */
export type ChangeVerdict = "better" | "worse" | "same" | "within-noise";

/** How a line was judged, said in the table's hover and the docs. */
export type ChangeTest =
  /** The median of per-request differences (same input and repetition in both runs), by its bootstrap. */
  | "paired"
  /** The difference of the two runs' medians, by its bootstrap (each run resampled on its own). */
  | "unpaired"
  /** The difference of the percentile, by its bootstrap (each run resampled on its own). */
  | "bootstrap"
  /** The difference of rates, by Newcombe's interval. */
  | "proportions";

export interface RunChange {
  targetId: string;
  metric: Metric;
  oldValue: number | null;
  newValue: number | null;
  /**
   * new − old, in the metric's unit: the judged estimate (see ChangeTest: for a paired median, the median of
   * per-request differences, not the difference of the medians), else newValue − oldValue.
   */
  change: number | null;
  /** change / old × 100; null when old is 0 or missing. */
  percentChange: number | null;
  test: ChangeTest | null;
  /** The interval of the change at `confidence`; it leaves 0 out exactly when the line is better or worse. */
  ciLow: number | null;
  ciHigh: number | null;
  /** The interval's level: 1 − the level Holm tested the line at (0.95 for a line judged alone). */
  confidence: number | null;
  /** Holm-corrected over every line judged together. */
  pValue: number | null;
  verdict: ChangeVerdict | null;
}

/** What a run is judged from: its summary rows, and its per-request values when its records are at hand. */
export interface RunMeasurements {
  rows: readonly SummaryRow[];
  /** null: records not read (yet); lines are then shown unjudged. */
  samples: PairedSampleAccumulator | null;
}

interface Judgement extends ChangeEstimate {
  test: ChangeTest;
}

/** The per-request distribution behind a median in the catalogue: judged by the paired (or unpaired) test. */
const MEDIAN_METRICS: Partial<Record<string, PairedMetricId>> = {
  latencyP50Ms: "latencyMs",
  ttftP50Ms: "ttftMs",
  outputTokensPerSecondP50: "outputTokensPerSecond",
};

/** Other percentiles: judged by the bootstrap of their difference. */
const PERCENTILE_METRICS: Partial<Record<string, { metric: PairedMetricId; p: number }>> = {
  latencyP90Ms: { metric: "latencyMs", p: 90 },
};

/**
 * Rates: judged as proportions of what they count. Cost per request and goodput are not judged: the
 * records hold no per-request cost, and goodput is one rate over the whole run, with no spread to test.
 */
const RATE_METRICS: Partial<Record<string, (row: SummaryRow) => { count: number; of: number }>> = {
  failureRate: (row) => ({ count: row.failedRequests, of: row.requests }),
  errorRate: (row) => ({ count: row.failedAttempts, of: row.okRequests + row.failedAttempts }),
  checksPassRate: (row) => ({ count: Math.round((row.checksPassRate ?? 0) * row.checkedRequests), of: row.checkedRequests }),
  sloAttainment: (row) => ({ count: row.sloMetRequests ?? 0, of: row.sloMetRequests === null ? 0 : row.requests }),
};

/** After − before per request, for the keys both runs answered. */
function pairedDifferences(after: ReadonlyMap<string, number>, before: ReadonlyMap<string, number>): number[] {
  const differences: number[] = [];
  for (const [key, value] of after) {
    const earlier = before.get(key);
    if (earlier !== undefined) differences.push(value - earlier);
  }
  return differences;
}

function judge(
  metric: Metric,
  targetId: string,
  older: { row: SummaryRow | undefined; samples: PairedSampleAccumulator | null },
  newer: { row: SummaryRow | undefined; samples: PairedSampleAccumulator | null },
  paired: boolean,
): Judgement | null {
  const rate = RATE_METRICS[metric.id];
  if (rate !== undefined) {
    if (older.row === undefined || newer.row === undefined) return null;
    const before = rate(older.row);
    const after = rate(newer.row);
    if (before.of === 0 || after.of === 0) return null;
    return { test: "proportions", ...proportionDifferenceChange(after.count, after.of, before.count, before.of) };
  }
  if (older.samples === null || newer.samples === null) return null;
  const medianOf = MEDIAN_METRICS[metric.id];
  if (medianOf !== undefined) {
    const after = newer.samples.samples(targetId)[medianOf];
    const before = older.samples.samples(targetId)[medianOf];
    // Paired where enough requests pair up (as analyze's pairs table), else the runs' medians apart.
    const differences = paired ? pairedDifferences(after, before) : [];
    if (differences.length >= MIN_COMPARED_VALUES) return { test: "paired", ...medianOfDifferencesChange(differences) };
    if (after.size < MIN_COMPARED_VALUES || before.size < MIN_COMPARED_VALUES) return null;
    return { test: "unpaired", ...percentileDifferenceChange([...after.values()], [...before.values()], 50) };
  }
  const percentileOf = PERCENTILE_METRICS[metric.id];
  if (percentileOf !== undefined) {
    const after = [...newer.samples.samples(targetId)[percentileOf.metric].values()];
    const before = [...older.samples.samples(targetId)[percentileOf.metric].values()];
    if (after.length < 2 || before.length < 2) return null;
    return { test: "bootstrap", ...percentileDifferenceChange(after, before, percentileOf.p) };
  }
  return null;
}

/** Significant (Holm p < 0.05) exactly when the interval leaves 0 out: its side then says which way the change went. */
function verdictOf(metric: Metric, change: number | null, judgement: Judgement | null, pValue: number | null, interval: [number, number] | null): ChangeVerdict | null {
  if (change === null) return null;
  if (change === 0 && (judgement === null || judgement.pValue === 1)) return "same";
  if (metric.better === null || judgement === null || pValue === null || interval === null) return null;
  if (pValue >= SIGNIFICANCE_LEVEL) return "within-noise";
  const rose = interval[0] > 0;
  return (metric.better === "lower") !== rose ? "better" : "worse";
}

/**
 * Every change of the diff view's metrics for each target, old → new, judged. `paired`: the two runs
 * sent the same inputs (the same scenario inputs), so (input, repetition) identifies a pair.
 */
export function judgeRunChanges(older: RunMeasurements, newer: RunMeasurements, targetIds: readonly string[], options: { paired: boolean }): RunChange[] {
  const oldById = new Map(older.rows.map((row) => [row.targetId, row]));
  const newById = new Map(newer.rows.map((row) => [row.targetId, row]));
  const lines = targetIds.flatMap((targetId) =>
    CHANGE_METRICS.map((metric) => {
      const oldRow = oldById.get(targetId);
      const newRow = newById.get(targetId);
      const oldValue = oldRow === undefined ? null : metric.value(oldRow);
      const newValue = newRow === undefined ? null : metric.value(newRow);
      const change = oldValue === null || newValue === null ? null : newValue - oldValue;
      const judgement =
        change === null || metric.better === null
          ? null
          : judge(metric, targetId, { row: oldRow, samples: older.samples }, { row: newRow, samples: newer.samples }, options.paired);
      return { targetId, metric, oldValue, newValue, change, judgement };
    }),
  );
  const judged = lines.flatMap((line, index) => (line.judgement === null ? [] : [index]));
  const rawPValues = judged.map((index) => lines[index]!.judgement!.pValue);
  const adjusted = holmAdjust(rawPValues);
  const levels = holmLevels(rawPValues, SIGNIFICANCE_LEVEL);
  const byLine = new Map(judged.map((index, position) => [index, { pValue: adjusted[position]!, level: levels[position]! }]));
  return lines.map(({ judgement, ...line }, index) => {
    const holm = byLine.get(index);
    const pValue = holm?.pValue ?? null;
    const interval = judgement && holm ? judgement.interval(holm.level) : null;
    // One estimate: the judged one where there is a judgement, so the change, its interval and its verdict agree.
    const change = judgement?.estimate ?? line.change;
    return {
      ...line,
      change,
      percentChange: line.oldValue === null || change === null ? null : comparePercentChange(line.oldValue, line.oldValue + change),
      test: judgement?.test ?? null,
      ciLow: interval?.[0] ?? null,
      ciHigh: interval?.[1] ?? null,
      confidence: holm === undefined ? null : 1 - holm.level,
      pValue,
      verdict: verdictOf(line.metric, change, judgement, pValue, interval),
    };
  });
}
