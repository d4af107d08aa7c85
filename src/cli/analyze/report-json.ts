// The pieces of `analyze --json`: each pair, change and summary row with exactly the keys the file promises.
import { pairedMetricById, type Comparison } from "../../core/stats";
import { roundForFile } from "../../core/text";
import { summaryFileRows } from "../../core/metrics";
import type { RunChange } from "../../core/verdict";
import type { LoadedRun, Naming } from "./load-run";

/** One pair as `analyze --json` writes it: exactly these keys. */
export function pairToJson(comparison: Comparison): Record<string, unknown> {
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

export function changeToJson(change: RunChange): Record<string, unknown> {
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

export function summaryJson(run: LoadedRun, naming: Naming): Record<string, unknown>[] {
  return summaryFileRows(run.rows, { runId: run.runId, ...naming });
}
