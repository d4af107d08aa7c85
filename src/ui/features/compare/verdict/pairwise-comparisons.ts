// Every pair of a run's targets compared on the paired metrics (core/stats/paired.ts), computed once per set
// of records for the verdict panel, the pairwise matrix and the forest plot.
import { useMemo } from "react";
import { collectSamples, compareTargets, type Comparison } from "../../../../core/stats/paired";
import type { RequestRecord } from "../../../../core/record";

/** null while the records are read. */
export function usePairwiseComparisons(records: readonly RequestRecord[] | null, targetIds: readonly string[]): Comparison[] | null {
  return useMemo(() => (records === null ? null : compareTargets(collectSamples(records), targetIds)), [records, targetIds]);
}
