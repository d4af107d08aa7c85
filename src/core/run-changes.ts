// Run against run: what changed for each target between an earlier run and a later one, every change of
// the catalogue's diff view judged by a test or an interval rather than by its size. Paired by (input,
// repetition) when both runs sent the same inputs, unpaired otherwise; failure and error rates by a
// two-proportion test. Holm's correction over every line judged, so a table of 18 changes does not
// cry wolf once in three.
import { metricsIn, type Metric } from "./metrics";
import { compareSamples, type PairedMetricId, type PairedSampleAccumulator } from "./paired";
import { bootstrapPercentileDifference, compareProportions, holmAdjust, SIGNIFICANCE_LEVEL } from "./significance";
import type { Scenario } from "./scenario";
import { comparePercentChange, type SummaryRow } from "./stats";

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
  /** Wilcoxon signed-rank on per-request differences; the interval is of their median. */
  | "paired"
  /** Mann-Whitney U; the interval is of the difference of medians. */
  | "unpaired"
  /** Bootstrap of the difference of the percentile (each run resampled on its own). */
  | "bootstrap"
  /** Two-proportion z test; Newcombe's interval of the difference of rates. */
  | "proportions";

export interface RunChange {
  targetId: string;
  metric: Metric;
  oldValue: number | null;
  newValue: number | null;
  /** new − old, in the metric's unit. */
  change: number | null;
  /** (new − old) / old × 100; null when old is 0 or missing. */
  percentChange: number | null;
  test: ChangeTest | null;
  /** 95% interval of what the test judged (new − old); see ChangeTest. */
  ciLow: number | null;
  ciHigh: number | null;
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

interface Judgement {
  test: ChangeTest;
  /** The tested estimate of new − old: its sign says which way the change went. */
  estimate: number;
  ciLow: number;
  ciHigh: number;
  pValue: number;
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
    const result = compareProportions(after.count, after.of, before.count, before.of);
    return { test: "proportions", estimate: result.difference, ciLow: result.ciLow, ciHigh: result.ciHigh, pValue: result.pValue };
  }
  if (older.samples === null || newer.samples === null) return null;
  const medianOf = MEDIAN_METRICS[metric.id];
  if (medianOf !== undefined) {
    const comparison = compareSamples(
      medianOf,
      { id: targetId, values: newer.samples.samples(targetId)[medianOf] },
      { id: targetId, values: older.samples.samples(targetId)[medianOf] },
      { paired },
    );
    if (comparison.uncorrectedPValue === null) return null;
    return {
      test: comparison.paired ? "paired" : "unpaired",
      estimate: comparison.medianDifference as number,
      ciLow: comparison.ciLow as number,
      ciHigh: comparison.ciHigh as number,
      pValue: comparison.uncorrectedPValue,
    };
  }
  const percentileOf = PERCENTILE_METRICS[metric.id];
  if (percentileOf !== undefined) {
    const after = [...newer.samples.samples(targetId)[percentileOf.metric].values()];
    const before = [...older.samples.samples(targetId)[percentileOf.metric].values()];
    if (after.length < 2 || before.length < 2) return null;
    const result = bootstrapPercentileDifference(after, before, percentileOf.p);
    return { test: "bootstrap", estimate: result.estimate, ciLow: result.ciLow, ciHigh: result.ciHigh, pValue: result.pValue };
  }
  return null;
}

function verdictOf(metric: Metric, change: number | null, judgement: Judgement | null, pValue: number | null): ChangeVerdict | null {
  if (change === null) return null;
  if (change === 0) return "same";
  if (metric.better === null || judgement === null || pValue === null) return null;
  if (pValue >= SIGNIFICANCE_LEVEL || judgement.estimate === 0) return "within-noise";
  const improved = metric.better === "lower" ? judgement.estimate < 0 : judgement.estimate > 0;
  return improved ? "better" : "worse";
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
  const adjusted = holmAdjust(judged.map((index) => lines[index]!.judgement!.pValue));
  const pValues = new Map(judged.map((index, position) => [index, adjusted[position] as number]));
  return lines.map(({ judgement, ...line }, index) => {
    const pValue = pValues.get(index) ?? null;
    return {
      ...line,
      percentChange: comparePercentChange(line.oldValue, line.newValue),
      test: judgement?.test ?? null,
      ciLow: judgement?.ciLow ?? null,
      ciHigh: judgement?.ciHigh ?? null,
      pValue,
      verdict: verdictOf(line.metric, line.change, judgement, pValue),
    };
  });
}
